import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { logLines, type RunningServer, startServer, Visitor } from "./harness";

/**
 * The server's log (docs/operations.md#logs): one JSON object a line, one line a request with its
 * id (sent back as X-Request-Id, taken from the request only behind a trusted proxy), and never a
 * password, a token or a cookie's value, whatever a shopper does.
 */

const PASSWORD = "a very secret password";
const WRONG_PASSWORD = "not the right password either";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: RunningServer;
let trusting: RunningServer;
beforeAll(async () => {
  [server, trusting] = await Promise.all([startServer(), startServer({ env: { TRUST_PROXY: "1" } })]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), trusting?.stop()]);
});

/** Waits until the request with this id has its line in the log (it is written once the answer is sent). */
async function lineFor(of: RunningServer, requestId: string) {
  await expect
    .poll(() => logLines(of.output()).find((line) => line.reqId === requestId && line.status !== undefined))
    .toBeDefined();
  return logLines(of.output()).find((line) => line.reqId === requestId && line.status !== undefined)!;
}

/** The form on `path` sent as a browser would, with what the visitor typed. */
async function sendForm(visitor: Visitor, path: string, typed: Record<string, string>) {
  return visitor.post(path, { ...(await visitor.formFields(path)), ...typed });
}

describe("the log", () => {
  it("has one JSON line a request: id, method, URL, status, time, route, page cache and client", async () => {
    const page = await new Visitor(server.origin).request({ path: "/products?search=sensor" });
    const id = String(page.headers["x-request-id"]);
    expect(id).toMatch(UUID);
    expect(await lineFor(server, id)).toMatchObject({
      level: 30,
      msg: "GET /products?search=sensor 200",
      method: "GET",
      url: "/products?search=sensor",
      status: 200,
      route: "routes/products.($category)",
      pageCache: "miss",
      client: "127.0.0.1",
      responseTime: expect.any(Number),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const again = await new Visitor(server.origin).request({ path: "/products?search=sensor" });
    expect(await lineFor(server, String(again.headers["x-request-id"]))).toMatchObject({ pageCache: "hit" });
  });

  it("takes a request's X-Request-Id only from a trusted proxy", async () => {
    const direct = await new Visitor(server.origin).request({ path: "/about", headers: { "x-request-id": "posed-1" } });
    expect(direct.headers["x-request-id"]).toMatch(UUID);
    const proxied = await new Visitor(trusting.origin).request({
      path: "/about",
      headers: { "x-request-id": "nginx-4f1c9a", "x-forwarded-for": "203.0.113.7" },
    });
    expect(proxied.headers["x-request-id"]).toBe("nginx-4f1c9a");
    expect(await lineFor(trusting, "nginx-4f1c9a")).toMatchObject({ client: "203.0.113.7", status: 200 });
    // Not one a line could be confused by.
    const odd = await new Visitor(trusting.origin).request({
      path: "/about",
      headers: { "x-request-id": '"}{"level":60' },
    });
    expect(odd.headers["x-request-id"]).toMatch(UUID);
  });

  it("never holds a password, a token or a cookie's value: sign up, a failed sign-in, browsing signed in", async () => {
    const email = `logged-${Date.now()}@example.com`;
    const shopper = new Visitor(server.origin);
    expect((await sendForm(shopper, "/auth?mode=sign-up", { email, password: PASSWORD })).status).toBe(303);
    const stranger = new Visitor(server.origin);
    expect((await sendForm(stranger, "/auth", { email, password: WRONG_PASSWORD })).status).toBe(400);
    let lastId = "";
    for (const path of ["/", "/products/sensors", "/product/1", "/product/1.data", "/about"]) {
      const page = await shopper.request({ path });
      expect(page.body).toContain(email);
      lastId = String(page.headers["x-request-id"]);
    }
    const search = await shopper.post("/search", { search: "esp32" });
    expect(search.status).toBe(303);
    await lineFor(server, lastId);

    const log = server.output();
    const secrets = [PASSWORD, WRONG_PASSWORD, ...shopper.cookies.values(), ...stranger.cookies.values()];
    expect(secrets.length).toBeGreaterThan(3);
    for (const secret of secrets) expect(log, "a secret in the log").not.toContain(secret);
    // The CSRF token in the forms is a secret too.
    const token = /name="csrf" value="([^"]+)"/.exec((await shopper.request({ path: "/about" })).body)?.[1];
    expect(token).toBeTruthy();
    expect(server.output()).not.toContain(token!);
    expect(log).not.toMatch(/cookie/i);
  });
});
