import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { sample, scrape } from "../support/metrics";
import { freePort, type RunningServer, startServer, Visitor } from "./harness";

/**
 * Prometheus metrics on a listener of their own (METRICS_PORT, loopback by default), never on the
 * shop's port (docs/operations.md#metrics): scraped before and after some traffic, the counters move.
 * The database's metrics on a PostgreSQL server in an outage: tests/server/postgres-outage.test.ts.
 */

let server: RunningServer;
let metrics: string;
beforeAll(async () => {
  const port = await freePort();
  metrics = `http://127.0.0.1:${port}`;
  server = await startServer({ env: { METRICS_PORT: String(port) } });
});
afterAll(async () => {
  await server?.stop();
});

describe("the metrics listener", () => {
  it("is not the shop: the shop's own port has no /metrics", async () => {
    const page = await new Visitor(server.origin).request({ path: "/metrics" });
    expect(page.status).toBe(404);
    expect(page.body).not.toMatch(/makervolt_|process_resident_memory_bytes/);
  });

  it("listens on the loopback interface unless METRICS_HOST says otherwise", () => {
    expect(server.output()).toContain(`Metrics at ${metrics}/metrics`);
  });

  it("answers only GET /metrics", async () => {
    expect((await fetch(new URL("/", metrics))).status).toBe(404);
    expect((await fetch(new URL("/metrics", metrics), { method: "POST" })).status).toBe(404);
  });

  it("counts requests by route, the page cache, password checks and 503s, with the process's own figures", async () => {
    const before = await scrape(metrics);
    const home = { route: "routes/_index", method: "GET", status: "200" };
    const homeCount = (text: string) => sample(text, "makervolt_http_request_duration_seconds_count", home) ?? 0;
    const hits = (text: string) => sample(text, "makervolt_page_cache_lookups_total", { outcome: "hit" }) ?? 0;

    for (let i = 0; i < 3; i++) await new Visitor(server.origin).request({ path: "/" });
    await new Visitor(server.origin).request({ path: "/product/1.data" });
    await new Visitor(server.origin).request({ path: "/favicon.svg" });
    const visitor = new Visitor(server.origin);
    const fields = await visitor.formFields("/auth");
    const signIn = await visitor.post("/auth", { ...fields, email: "nobody@example.com", password: "wrong password" });
    expect(signIn.status).toBe(400);

    const after = await scrape(metrics);
    expect(homeCount(after) - homeCount(before)).toBe(3);
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(2);
    const productData = { route: "routes/product.$id", method: "GET", status: "200" };
    expect(sample(after, "makervolt_http_request_duration_seconds_count", productData)).toBeGreaterThanOrEqual(1);
    const file = { route: "outside-app", method: "GET", status: "200" };
    expect(sample(after, "makervolt_http_request_duration_seconds_count", file)).toBeGreaterThanOrEqual(1);
    const signIns = { route: "routes/auth", method: "POST", status: "400" };
    expect(sample(after, "makervolt_http_request_duration_seconds_count", signIns)).toBeGreaterThanOrEqual(1);
    // The sign-in's hash ran and is done.
    expect(sample(after, "makervolt_password_hashes", { state: "waiting" })).toBe(0);
    expect(sample(after, "makervolt_password_hash_refusals_total")).toBe(0);
    expect(sample(after, "makervolt_backend_unavailable_total")).toBe(0);
    expect(sample(after, "makervolt_pages_refused_total")).toBe(0);
    expect(sample(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sample(after, "nodejs_eventloop_lag_p99_seconds")).not.toBeNull();
    // No secret in any label: nothing a visitor sent names a series but its route and status.
    expect(after).not.toMatch(/wrong password|nobody@example\.com/);
  });
});
