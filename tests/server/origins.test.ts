import net from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MAX_CACHED_URL_LENGTH } from "../../server/page-cache";
import { logLines, rawRequest, type RunningServer, startServer } from "./harness";

/**
 * Where a request is addressed, read once (ADR 023): hosts with odd ports, forwarded hosts, request
 * targets that are not a path, redirect targets that leave the site once resolved, HSTS. Nothing
 * here may answer 5xx or put a stack trace in the log, and no visitor may get a page kept under
 * another's URL.
 */

/** `canonical` href of a page. */
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

/** One request line and headers over a bare TCP connection, exactly as written; the status line that comes back. */
function rawLine(port: number, lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`${lines.join("\r\n")}\r\n\r\n`));
    let answer = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${lines[0]}`)));
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n")) {
        socket.destroy();
        resolve(answer.slice(0, answer.indexOf("\r\n")));
      }
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(answer.split("\r\n")[0] ?? ""));
  });
}

const STACK_LINE = /\bat .+\(.+:\d+:\d+\)/;

describe("without a trusted proxy", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    ["port 0", "127.0.0.1:0"],
    ["port 0 written long", "127.0.0.1:000"],
    ["a port out of range", "127.0.0.1:65536"],
    ["userinfo", "user@127.0.0.1"],
  ])("answers 400 to a Host with %s", async (_case, host) => {
    const response = await rawRequest(server.origin, { path: "/about", headers: { host } });
    expect(response.status).toBe(400);
  });

  it("keeps a page under the origin its links are made from: a port a visitor sends never reaches another visitor", async () => {
    // Before: the page cache keyed [::1]:6666 and :0 without their port, so the next visitor to the
    // shop on port 80 was sent links, share tags and JSON-LD on the visitor's port for a minute.
    for (const host of ["[::1]:6666", "localhost:8080"]) {
      const ported = await rawRequest(server.origin, { path: "/about", headers: { host } });
      expect(ported.status).toBe(200);
      expect(canonical(ported.body)).toBe(`http://${host}/about`);
    }
    for (const host of ["[::1]", "localhost"]) {
      const plain = await rawRequest(server.origin, { path: "/about", headers: { host } });
      expect(canonical(plain.body)).toBe(`http://${host}/about`);
      expect(plain.body).not.toMatch(/:6666|:8080/);
    }
  });

  it("never keeps a page whose URL is over the bound, however often it is asked for", async () => {
    const path = `/about?x=${"j".repeat(MAX_CACHED_URL_LENGTH)}`;
    for (let i = 0; i < 2; i++) {
      const response = await rawRequest(server.origin, { path });
      expect(response.status).toBe(200);
      expect(response.headers.age).toBeUndefined();
    }
    // A short URL is kept as before: the second visit comes from the cache.
    await rawRequest(server.origin, { path: "/about?x=short" });
    expect((await rawRequest(server.origin, { path: "/about?x=short" })).headers.age).toBeDefined();
  });

  it.each([
    ["/.//evil.example"],
    ["/%2e//evil.example"],
    ["/a/..//evil.example"],
    ["/%2E%2E//evil.example/x"],
    ["//evil.example"],
    ["/\\evil.example"],
  ])("sends a redirectTo of %s back to the shop, never off it", async (redirectTo) => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const search = await rawRequest(server.origin, {
      method: "POST",
      path: "/search",
      headers: form,
      body: new URLSearchParams({ search: " ", redirectTo }).toString(),
    });
    const notice = await rawRequest(server.origin, {
      method: "POST",
      path: "/notice",
      headers: form,
      body: new URLSearchParams({ feature: "cart", redirectTo }).toString(),
    });
    for (const response of [search, notice]) {
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/");
    }
    // The sign-in page carries a redirectTo of its own into its form: never one that leaves. (The
    // header's and the notices' forms carry the page's own address, /auth?redirectTo=...)
    const signIn = await rawRequest(server.origin, { path: `/auth?redirectTo=${encodeURIComponent(redirectTo)}` });
    const carried = [...signIn.body.matchAll(/name="redirectTo" value="([^"]*)"/g)].map((match) => match[1]);
    expect(carried.length).toBeGreaterThan(0);
    for (const value of carried) expect(value).toMatch(/^\/auth\?/);
  });

  it("answers every request target Node accepts below 500, without a stack trace in the log", async () => {
    const before = server.output().length;
    const host = `Host: 127.0.0.1:${server.port}`;
    const answers = {
      absolute: await rawLine(server.port, ["GET http://evil.example/about HTTP/1.1", host]),
      absoluteOwn: await rawLine(server.port, [`GET http://127.0.0.1:${server.port}/about HTTP/1.1`, host]),
      absoluteOtherScheme: await rawLine(server.port, ["GET ftp://evil.example/ HTTP/1.1", host]),
      absoluteUserinfo: await rawLine(server.port, ["GET http://user:pw@evil.example/ HTTP/1.1", host]),
      asteriskOptions: await rawLine(server.port, ["OPTIONS * HTTP/1.1", host]),
      asteriskGet: await rawLine(server.port, ["GET * HTTP/1.1", host]),
      noSlash: await rawLine(server.port, ["GET about HTTP/1.1", host]),
      queryOnly: await rawLine(server.port, ["GET ?x=1 HTTP/1.1", host]),
      connect: await rawLine(server.port, ["CONNECT evil.example:443 HTTP/1.1", "Host: evil.example:443"]),
    };
    // Before: the absolute and asterisk forms answered 500, with a stack trace in the log.
    expect(answers.absolute).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers.absoluteOwn).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers.asteriskOptions).toMatch(/^HTTP\/1\.1 204 /);
    for (const [form, status] of Object.entries(answers)) {
      expect(status, form).toMatch(/^HTTP\/1\.1 [1-4]\d\d /);
    }
    // A stack is logged only with an error (`err`) or at level error (50) and above.
    const logged = logLines(server.output().slice(before));
    expect(logged.filter((line) => line.err !== undefined || line.level >= 50)).toEqual([]);
    expect(JSON.stringify(logged)).not.toMatch(STACK_LINE);
  });

  it("sends no Strict-Transport-Security over plain HTTP, whatever a visitor claims", async () => {
    const response = await rawRequest(server.origin, { path: "/about", headers: { "x-forwarded-proto": "https" } });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("behind a trusted proxy (TRUST_PROXY=1)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("reads the forwarded host's last entry, the proxy's, for both the cache's key and the page's links", async () => {
    // Before: the cache keyed on the first entry and the links on the last.
    const first = await rawRequest(server.origin, {
      path: "/contact",
      headers: { "x-forwarded-host": "www.makervolt.example, shop.example" },
    });
    expect(canonical(first.body)).toBe("http://shop.example/contact");
    const again = await rawRequest(server.origin, {
      path: "/contact",
      headers: { "x-forwarded-host": "shop.example" },
    });
    expect(again.headers.age).toBeDefined();
    expect(canonical(again.body)).toBe("http://shop.example/contact");
    const other = await rawRequest(server.origin, {
      path: "/contact",
      headers: { "x-forwarded-host": "www.makervolt.example" },
    });
    expect(canonical(other.body)).toBe("http://www.makervolt.example/contact");
    expect(other.headers.age).toBeUndefined();
  });

  it.each([["shop.example:0"], ["user@shop.example"], ["shop.example/path"]])(
    "answers 400 to a forwarded host %s",
    async (forwardedHost) => {
      const response = await rawRequest(server.origin, {
        path: "/about",
        headers: { "x-forwarded-host": forwardedHost },
      });
      expect(response.status).toBe(400);
    },
  );

  it("sends Strict-Transport-Security for a year on every answer over HTTPS: pages, files, refusals", async () => {
    const https = { "x-forwarded-proto": "https" };
    for (const path of ["/about", "/favicon.svg", "/no-such-page"]) {
      const response = await rawRequest(server.origin, { path, headers: https });
      expect(response.headers["strict-transport-security"], path).toBe("max-age=31536000");
    }
    const refused = await rawRequest(server.origin, {
      method: "POST",
      path: "/notice",
      headers: { ...https, origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "feature=cart",
    });
    expect(refused.status).toBe(403);
    expect(refused.headers["strict-transport-security"]).toBe("max-age=31536000");
    const plain = await rawRequest(server.origin, { path: "/about", headers: { "x-forwarded-proto": "http" } });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });
});
