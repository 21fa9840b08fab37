import { getProductRepository } from "~/backends/index.server";
import { logger } from "~/lib/log.server";

/**
 * Liveness for load balancers and Playwright's webServer: 200 "ok" when the database
 * answers, 503 otherwise. Plain text, never cached.
 */
export async function loader() {
  try {
    const repository = await getProductRepository();
    await repository.ping();
    return plainText(200, "ok");
  } catch (error) {
    logger().error({ err: error }, "healthz: the database did not answer");
    return plainText(503, "unavailable");
  }
}

/**
 * With its length given, so compression (server/app.ts) sees an answer this short is not worth
 * compressing; without one it set up a brotli stream for every probe (ADR 014).
 */
function plainText(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(text)),
      "Cache-Control": "no-store",
    },
  });
}
