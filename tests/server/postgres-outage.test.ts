import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { AUTH_MESSAGES } from "~/models/account/auth-messages";

import { sample, scrape } from "../support/metrics";
import { type RunningPostgres, startPostgres } from "../support/postgres-server";
import { freePort, logLines, type RunningServer, startServer, Visitor } from "./harness";

/**
 * The built server on a PostgreSQL server (DATABASE_URL) while that server is down or frozen: pages
 * that need data answer 503 with Retry-After within 3 s in the shopper's words, nothing is cached,
 * and once the database is back the same process recovers without a restart (docs/data.md#outages).
 * The metrics (docs/operations.md#metrics) count the time-outs and the 503s.
 */

const CATALOGUE_MESSAGE = "The catalogue is unavailable right now. Please try again in a minute.";
const SIGN_IN_MESSAGE = AUTH_MESSAGES.unavailable;
/** The database's or the driver's own words, which must never reach a page. */
const RAW_CAUSES =
  /ECONNREFUSED|terminating connection|Connection terminated|timeout exceeded|Query read timeout|postgres:\/\//;
const text = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "");

let postgres: RunningPostgres;
let server: RunningServer;
let metrics: string;

beforeAll(async () => {
  postgres = await startPostgres();
  const metricsPort = await freePort();
  metrics = `http://127.0.0.1:${metricsPort}`;
  server = await startServer({
    env: {
      DATABASE_URL: postgres.url,
      SESSION_SECRET: "postgres-outage-test-secret-0123456789abcdef",
      METRICS_PORT: String(metricsPort),
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
});

async function timed<T>(run: () => Promise<T>): Promise<T & { ms: number }> {
  const started = Date.now();
  const result = await run();
  return { ...result, ms: Date.now() - started };
}

/** Every process of the cluster (the postmaster and its children), for SIGSTOP and SIGCONT. */
function clusterPids(): string[] {
  const postmaster = readFileSync(path.join(postgres.dataDir, "postmaster.pid"), "utf8").split("\n")[0]!.trim();
  const children = execFileSync("pgrep", ["-P", postmaster], { encoding: "utf8" }).split("\n").filter(Boolean);
  return [postmaster, ...children];
}

async function expectOutageAnswers() {
  const visitor = new Visitor(server.origin);
  for (const path of ["/products", "/products/sensors?sort=price-low", "/product/1"]) {
    const response = await timed(() => visitor.request({ path }));
    expect(response.status, path).toBe(503);
    expect(response.ms, path).toBeLessThan(3000);
    expect(response.headers["retry-after"], path).toBe("60");
    expect(response.headers["cache-control"], path).toMatch(/no-store/);
    expect(text(response.body), path).toMatch(/unavailable right now/);
    expect(text(response.body), path).not.toMatch(RAW_CAUSES);
  }
  const products = await visitor.request({ path: "/products" });
  expect(text(products.body)).toContain(CATALOGUE_MESSAGE);

  const health = await timed(() => visitor.request({ path: "/healthz" }));
  expect(health.status).toBe(503);
  expect(health.ms).toBeLessThan(3000);

  // Home without its featured products is still a page, but not one a cache may keep.
  const home = await timed(() => visitor.request({ path: "/" }));
  expect(home.status).toBe(200);
  expect(home.ms).toBeLessThan(3000);
  expect(home.headers["cache-control"]).toBe("private, no-store");
  // The same for the page data of client navigations: what a loader said reaches them.
  const homeData = await visitor.request({ path: "/_.data" });
  expect(homeData.status).toBe(200);
  expect(homeData.headers["cache-control"]).toBe("private, no-store");
  const productData = await visitor.request({ path: "/product/1.data" });
  expect(productData.status).toBe(503);
  expect(productData.headers["cache-control"]).toMatch(/no-store/);
  expect(productData.headers["retry-after"]).toBe("60");

  const csrf = await visitor.csrfToken("/auth");
  const signIn = await timed(() =>
    visitor.post("/auth", { csrf, intent: "sign-in", email: "ada@example.com", password: "correct horse battery" }),
  );
  expect(signIn.status).toBe(503);
  expect(signIn.ms).toBeLessThan(3000);
  expect(text(signIn.body)).toContain(SIGN_IN_MESSAGE);
  expect(text(signIn.body)).not.toMatch(RAW_CAUSES);
}

async function expectRecovered() {
  const deadline = Date.now() + 10_000;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await new Visitor(server.origin).request({ path: "/products" })).status;
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(status).toBe(200);
  expect((await new Visitor(server.origin).request({ path: "/healthz" })).status).toBe(200);
  expect((await new Visitor(server.origin).request({ path: "/product/1" })).status).toBe(200);
}

describe("a PostgreSQL server", () => {
  it("serves the shop while it is up", async () => {
    expect((await new Visitor(server.origin).request({ path: "/products" })).status).toBe(200);
    const text = await scrape(metrics);
    expect(sample(text, "makervolt_database_connections", { state: "total" })).toBeGreaterThan(0);
    expect(sample(text, "makervolt_database_connections", { state: "waiting" })).toBe(0);
  });

  it("that is stopped: 503 within 3 s in the shopper's words, then recovery once it is back", async () => {
    await postgres.halt();
    try {
      await expectOutageAnswers();
    } finally {
      await postgres.resume();
    }
    await expectRecovered();
  });

  it("that is frozen (accepts connections, never answers): the same, bounded by the time-outs", async () => {
    const before = await scrape(metrics);
    const timeouts = (text: string) =>
      ["statement", "connect", "answer"].reduce(
        (sum, kind) => sum + (sample(text, "makervolt_database_timeouts_total", { kind }) ?? 0),
        0,
      );
    const unavailable = (text: string) => sample(text, "makervolt_backend_unavailable_total") ?? 0;
    const pids = clusterPids();
    execFileSync("kill", ["-STOP", ...pids]);
    try {
      await expectOutageAnswers();
    } finally {
      execFileSync("kill", ["-CONT", ...pids]);
    }
    await expectRecovered();
    const after = await scrape(metrics);
    expect(timeouts(after)).toBeGreaterThan(timeouts(before));
    expect(unavailable(after)).toBeGreaterThan(unavailable(before));
  });

  it("the raw causes went to the server log only, each with its stack and joined to its request by id", () => {
    expect(server.output()).toMatch(RAW_CAUSES);
    const lines = logLines(server.output());
    const failures = lines.filter((line) => line.msg === "catalogue: listing products failed");
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect((failure.err as { stack?: string } | undefined)?.stack).toMatch(/\n\s+at /);
      const request = lines.find((line) => line.reqId === failure.reqId && line.status !== undefined);
      expect(request).toMatchObject({ method: "GET", status: 503, route: "routes/products.($category)" });
    }
  });
});
