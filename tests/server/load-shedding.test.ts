import http from "node:http";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PageCache } from "../../server/page-cache";
import { rawRequest } from "./harness";
import { type InProcessServer, startInProcess } from "./in-process";

/**
 * What load shedding refuses, and how (ADR 024): only pages that would be rendered, with 503,
 * Retry-After and a short page a shopper can read; never a page the page cache answers, a static
 * file, /healthz or a form post. The connection a refusal went out on is not read again for half a
 * second. Here the shedder refuses whenever the test says so.
 */

let refusing = false;
let server: InProcessServer;

beforeAll(async () => {
  server = await startInProcess({
    pageCache: new PageCache(),
    shedder: { admit: async () => (refusing ? null : { end: () => {} }) },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe("while the server is too busy to render", () => {
  it("refuses a page it would render with 503, Retry-After and a page in the shopper's words", async () => {
    refusing = true;
    const response = await rawRequest(server.origin, { path: "/products?sort=rating" });
    expect(response.status).toBe(503);
    expect(response.headers["retry-after"]).toBe("2");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain("<h1>MakerVolt is very busy right now</h1>");
    refusing = false;
  });

  it("still answers what costs no render: cached pages, static files, /healthz, form posts", async () => {
    expect((await rawRequest(server.origin, { path: "/about" })).status).toBe(200);
    refusing = true;
    const kept = await rawRequest(server.origin, { path: "/about" });
    expect(kept.status).toBe(200);
    expect(kept.headers.age).toBeDefined();
    expect((await rawRequest(server.origin, { path: "/favicon.svg" })).status).toBe(200);
    expect((await rawRequest(server.origin, { path: "/healthz" })).status).toBe(200);
    const notice = await rawRequest(server.origin, {
      method: "POST",
      path: "/notice",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "feature=cart&redirectTo=%2Fabout",
    });
    expect(notice.status).toBe(303);
    refusing = false;
  });

  it("does not read the connection's next request for half a second after a refusal", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; ms: number; socket: unknown }>((resolve, reject) => {
        const started = performance.now();
        http
          .get({ host: "127.0.0.1", port: server.port, path, agent }, (res) => {
            res.resume();
            res.on("end", () =>
              resolve({ status: res.statusCode!, ms: performance.now() - started, socket: res.socket }),
            );
          })
          .on("error", reject);
      });
    try {
      refusing = true;
      const refused = await get("/products?sort=price-high");
      refusing = false;
      const next = await get("/favicon.svg");
      expect(refused.status).toBe(503);
      expect(next.socket).toBe(refused.socket);
      expect(next.status).toBe(200);
      expect(next.ms).toBeGreaterThan(400);
    } finally {
      refusing = false;
      agent.destroy();
    }
  });
});
