import { existsSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningNginx, startNginx } from "../support/nginx-server";
import { startPostgres } from "../support/postgres-server";
import { rawRequest } from "./harness";

/**
 * The test-support modules that start real services (tests/support/postgres-server.ts and
 * nginx-server.ts) start what they say, and stop it without a trace. nginx runs the shop's example
 * config (docs/nginx/makervolt.conf) in front of a small server whose answers say how they may be
 * cached: what nginx then caches is the upstream's Cache-Control, Set-Cookie and Vary at work.
 */

function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => (socket.destroy(), resolve(false)));
    socket.once("error", () => resolve(true));
  });
}

describe("startPostgres", () => {
  it("starts a PostgreSQL server with a makervolt database, and stop() leaves nothing behind", async () => {
    const started = Date.now();
    const postgres = await startPostgres();
    console.log(`startPostgres took ${Date.now() - started} ms`);
    try {
      expect(postgres.url).toBe(`postgres://postgres@127.0.0.1:${postgres.port}/makervolt`);
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ version: string; database: string }>(
          "select version(), current_database() as database",
        );
        expect(rows[0]!.version).toMatch(/^PostgreSQL \d+/);
        expect(rows[0]!.database).toBe("makervolt");
      } finally {
        await client.end();
      }
    } finally {
      await postgres.stop();
    }
    await postgres.stop();
    expect(await portIsClosed(postgres.port)).toBe(true);
    expect(existsSync(path.dirname(postgres.dataDir))).toBe(false);
  });
});

describe("startNginx with docs/nginx/makervolt.conf", () => {
  let count = 0;
  const upstream = http.createServer((req, res) => {
    count += 1;
    const url = new URL(req.url ?? "/", "http://upstream");
    if (url.pathname === "/headers") {
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Content-Type", "application/json");
      return res.end(JSON.stringify(req.headers));
    }
    res.setHeader("Cache-Control", "public, max-age=0, s-maxage=60");
    res.setHeader("Content-Type", "text/plain");
    if (url.pathname === "/sets-cookie") res.setHeader("Set-Cookie", `visit=${count}; Path=/; HttpOnly`);
    if (url.pathname === "/per-cookie") {
      res.setHeader("Vary", "Cookie");
      return res.end(`answer ${count} for cookie ${req.headers.cookie ?? "(none)"}`);
    }
    res.end(`answer ${count}`);
  });
  // Answers everything itself, uncached: where reload() sends requests next.
  const replacement = http.createServer((_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.end("from the replacement");
  });
  let nginx: RunningNginx | undefined;
  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const { port } = upstream.address() as net.AddressInfo;
    const started = Date.now();
    nginx = await startNginx({ upstreams: [`127.0.0.1:${port}`] });
    console.log(`startNginx took ${Date.now() - started} ms`);
  });
  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => upstream.close(resolve));
    await new Promise((resolve) => replacement.close(resolve));
  });

  const get = (requestPath: string, headers: Record<string, string> = {}) =>
    rawRequest(nginx!.origin, { path: requestPath, headers });

  it("caches a public answer: the second GET is a HIT with the same body", async () => {
    const first = await get("/shared");
    const second = await get("/shared");
    expect(first.status).toBe(200);
    expect(first.headers["x-cache-status"]).toBe("MISS");
    expect(second.headers["x-cache-status"]).toBe("HIT");
    expect(second.body).toBe(first.body);
  });

  it("never serves an answer that sets a cookie from the cache", async () => {
    const answers = [await get("/sets-cookie"), await get("/sets-cookie"), await get("/sets-cookie")];
    for (const answer of answers) {
      expect(answer.headers["x-cache-status"]).not.toBe("HIT");
      expect(answer.headers["set-cookie"]).toHaveLength(1);
    }
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(3);
  });

  it("keeps `Vary: Cookie` copies apart: a visitor with a cookie never gets the anonymous copy", async () => {
    const anonymous = await get("/per-cookie");
    expect((await get("/per-cookie")).headers["x-cache-status"]).toBe("HIT");

    const signedIn = await get("/per-cookie", { cookie: "session=alice" });
    expect(signedIn.headers["x-cache-status"]).not.toBe("HIT");
    expect(signedIn.body).toContain("for cookie session=alice");
    const otherVisitor = await get("/per-cookie", { cookie: "session=bob" });
    expect(otherVisitor.body).toContain("for cookie session=bob");

    // And the other way round: the anonymous copy is still the anonymous one.
    const anonymousAgain = await get("/per-cookie");
    expect(anonymousAgain.body).toBe(anonymous.body);
  });

  it("sends the forwarded headers the shop trusts with TRUST_PROXY=1 (server/app.ts)", async () => {
    const { port } = nginx!;
    const answer = await get("/headers", {
      "x-forwarded-for": "203.0.113.9",
      forwarded: "for=203.0.113.9",
      "x-forwarded-port": "1",
    });
    const headers = JSON.parse(answer.body) as Record<string, string>;
    expect(answer.headers["x-cache-status"]).not.toBe("HIT");
    // The client's own entry stays first; the address nginx saw is appended, and the shop reads the last.
    expect(headers["x-forwarded-for"]).toBe("203.0.113.9, 127.0.0.1");
    expect(headers.host).toBe(`127.0.0.1:${port}`);
    expect(headers["x-forwarded-host"]).toBe(`127.0.0.1:${port}`);
    expect(headers["x-forwarded-proto"]).toBe("http");
    expect(headers.forwarded).toBeUndefined();
    expect(headers["x-forwarded-port"]).toBeUndefined();
    // Upstream keepalive: HTTP/1.1 with no `Connection: close`.
    expect(headers.connection).toBeUndefined();
  });

  it("reload() takes other upstreams, and keeps the cache", async () => {
    await new Promise<void>((resolve) => replacement.listen(0, "127.0.0.1", resolve));
    const { port } = replacement.address() as net.AddressInfo;
    await nginx!.reload({ upstreams: [`127.0.0.1:${port}`] });
    expect((await get("/not-cached-yet")).body).toBe("from the replacement");
    expect((await get("/shared")).headers["x-cache-status"]).toBe("HIT");
  });

  it("stop() closes the port and removes the temp directory", async () => {
    const running = nginx!;
    await running.stop();
    await running.stop();
    expect(await portIsClosed(running.port)).toBe(true);
    expect(existsSync(running.dir)).toBe(false);
  });
});
