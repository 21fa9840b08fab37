import { getProductRepository } from "~/backends/index.server";

/**
 * Liveness for load balancers and Playwright's webServer: 200 "ok" when the database
 * answers, 503 otherwise. Plain text, never cached.
 */
export async function loader() {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  try {
    const repository = await getProductRepository();
    await repository.ping();
    return new Response("ok", { status: 200, headers });
  } catch (error) {
    console.error("healthz: the database did not answer", error);
    return new Response("unavailable", { status: 503, headers });
  }
}
