import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SIGN_IN_LIMITS } from "~/services/sign-in-limits.server";

import { logLines, rawRequest, type RawResponse, type RunningServer, startServer, Visitor } from "./harness";

/**
 * Peers that are not the proxy, and methods the shop does not take (ADR 023). With TRUST_PROXY
 * naming the proxy (here 127.0.0.1, or 1 for the loopback addresses) and the server on every
 * interface, a client on another address (127.0.0.2) reaches the port too: its X-Forwarded-For,
 * -Proto, -Host and X-Request-Id are its own inventions, and none is believed. Anything but GET,
 * HEAD and POST (and `OPTIONS *`) is a small 405 before the page cache, load shedding or any loader.
 */

const PROXY = "127.0.0.1";
const STRANGER = "127.0.0.2";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STACK_LINE = /\bat .+\(.+:\d+:\d+\)/;

/** `canonical` href of a page. */
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

/** The log line of the request this answer carries the id of, once written (after the answer is sent). */
async function logLineOf(server: RunningServer, response: RawResponse) {
  const id = String(response.headers["x-request-id"]);
  const find = () => logLines(server.output()).find((line) => line.reqId === id && line.status !== undefined);
  await expect.poll(find).toBeDefined();
  return find()!;
}

const servers = new Map<string, RunningServer>();
beforeAll(async () => {
  await Promise.all(
    ["127.0.0.1", "1"].map(async (trustProxy) => {
      servers.set(trustProxy, await startServer({ env: { TRUST_PROXY: trustProxy, HOST: "0.0.0.0" } }));
    }),
  );
});
afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
});

describe.each([["127.0.0.1"], ["1"]])("TRUST_PROXY=%s, a peer that is not the proxy", (trustProxy) => {
  const server = () => servers.get(trustProxy)!;

  it("cannot spread wrong passwords over made-up addresses: the sign-in limit holds", async () => {
    // Before: every forged X-Forwarded-For was a new address, so 12 wrong passwords were 12 x 400.
    const stranger = new Visitor(server().origin, STRANGER);
    const fields = await stranger.formFields("/auth");
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const response = await stranger.post(
        "/auth",
        { ...fields, email: "guessed@example.com", password: `wrong guess ${i}` },
        { "x-forwarded-for": `198.51.100.${i}` },
      );
      statuses.push(response.status);
    }
    const allowed = SIGN_IN_LIMITS.emailFromAddress.capacity;
    expect(statuses).toEqual([...Array<number>(allowed).fill(400), ...Array<number>(12 - allowed).fill(429)]);
  });

  it("is logged under its own address, with an id of the server's, whatever it claims", async () => {
    const response = await rawRequest(server().origin, {
      path: "/about",
      localAddress: STRANGER,
      headers: { "x-forwarded-for": "203.0.113.5", "x-request-id": "posed-1" },
    });
    expect(response.headers["x-request-id"]).toMatch(UUID);
    expect(await logLineOf(server(), response)).toMatchObject({ client: STRANGER, status: 200 });
  });

  it("gets links to the host it asked, over plain HTTP, whatever X-Forwarded-Host and -Proto say", async () => {
    const response = await rawRequest(server().origin, {
      path: "/contact",
      localAddress: STRANGER,
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    expect(canonical(response.body)).toBe(`${server().origin}/contact`);
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    // A malformed forwarded host is ignored too, not refused: nothing from this peer is read.
    const odd = await rawRequest(server().origin, {
      path: "/about",
      localAddress: STRANGER,
      headers: { "x-forwarded-host": "a b" },
    });
    expect(odd.status).toBe(200);
  });
});

describe("TRUST_PROXY=127.0.0.1, the proxy itself", () => {
  const server = () => servers.get("127.0.0.1")!;

  it("is believed, as before: the client's address, the request id, the host and the protocol it forwards", async () => {
    const response = await rawRequest(server().origin, {
      path: "/contact",
      localAddress: PROXY,
      headers: {
        "x-forwarded-for": "198.51.100.9, 203.0.113.7",
        "x-request-id": "nginx-4f1c9a",
        "x-forwarded-host": "shop.example",
        "x-forwarded-proto": "https",
      },
    });
    expect(response.headers["x-request-id"]).toBe("nginx-4f1c9a");
    expect(canonical(response.body)).toBe("https://shop.example/contact");
    expect(response.headers["strict-transport-security"]).toBe("max-age=31536000");
    expect(await logLineOf(server(), response)).toMatchObject({ client: "203.0.113.7" });
  });
});

describe("methods other than GET, HEAD and POST", () => {
  const server = () => servers.get("127.0.0.1")!;

  it.each([
    ["TRACE", "/about"],
    ["PROPFIND", "/products.data?search=x"],
    ["REPORT", "/products.data?search=x"],
    ["SEARCH", "/products.data?search=x"],
    ["LOCK", "/products.data?search=x"],
    ["PURGE", "/products?search=x"],
    ["MKCOL", "/about"],
    ["PUT", "/auth"],
    ["DELETE", "/favicon.svg"],
    ["PATCH", "/contact"],
    ["OPTIONS", "/products?search=x"],
  ])("%s %s: a small 405 with Allow, before any route", async (method, path) => {
    const before = server().output().length;
    // Before: PROPFIND and its kind answered 200 with the catalogue's data, TRACE a 500 with a
    // stack in the log, OPTIONS on a page a 20 KB page.
    const response = await rawRequest(server().origin, { method, path });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, POST");
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.body.length).toBeLessThan(100);
    // No route was matched nor the page cache asked: both would be in the request's line.
    const line = await logLineOf(server(), response);
    expect(line).toMatchObject({ level: 30, status: 405 });
    expect(line.route).toBeUndefined();
    expect(line.pageCache).toBeUndefined();
    const logged = logLines(server().output().slice(before));
    expect(logged.filter((entry) => entry.err !== undefined || entry.level >= 50)).toEqual([]);
    expect(JSON.stringify(logged)).not.toMatch(STACK_LINE);
  });

  it("keeps Strict-Transport-Security on a 405 over HTTPS", async () => {
    const response = await rawRequest(server().origin, {
      method: "TRACE",
      path: "/about",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(response.status).toBe(405);
    expect(response.headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("answers OPTIONS * with 204 and the methods every path takes", async () => {
    const response = await rawRequest(server().origin, { method: "OPTIONS", path: "*" });
    expect(response.status).toBe(204);
    expect(response.headers.allow).toBe("GET, HEAD, POST");
  });
});
