import { getProductRepository } from "~/backends/index.server";
import { logger } from "~/lib/log.server";

/** Liveness for load balancers and Playwright (docs/routes.md#machine-readable-routes). */
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

/** With its length, so compression skips an answer this short (ADR 014). */
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
