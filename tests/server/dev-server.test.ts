import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { rawRequest, type RunningServer, startServer } from "./harness";

/**
 * `npm run dev` (ADR 025): our own server, run from source, with Vite inside it serving the app's
 * modules and hot reload. The same guards and headers as in production stand in front of it.
 */

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ development: true });
}, 150_000);

afterAll(async () => {
  // It stops on SIGTERM. From source, tsx (which compiles the TypeScript) ends the process with
  // 128 + 15 once our handler has begun; draining requests and closing the database cleanly are
  // the built server's, tested in server-entry.test.ts.
  expect([0, 143]).toContain(await server?.stop());
});

describe("the development server", () => {
  it("renders pages from source, with Vite's hot reload runtime and the page's security headers", async () => {
    const page = await rawRequest(server.origin, { path: "/about" });
    expect(page.status).toBe(200);
    expect(page.body).toContain("<h1");
    expect(page.body).toContain("virtual:react-router/inject-hmr-runtime");
    expect(page.body.trimEnd().endsWith("</html>")).toBe(true);
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    // Vite's hot reload talks over a WebSocket of its own.
    expect(page.headers["content-security-policy"]).toMatch(/connect-src 'self' ws:\/\/localhost:\*/);

    // The app's modules and its stylesheet come from Vite, compiled on request.
    const client = await rawRequest(server.origin, { path: "/@vite/client" });
    expect(client.status).toBe(200);
    expect(client.headers["content-type"]).toMatch(/javascript/);
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1];
    expect(stylesheet).toBeTruthy();
    const css = await rawRequest(server.origin, { path: stylesheet!, headers: { accept: "text/css" } });
    expect(css.status).toBe(200);
    expect(css.body).toContain(".card");
  });

  it("keeps the production guards in front: a malformed Host is a plain 400", async () => {
    const answer = await rawRequest(server.origin, { path: "/", headers: { host: "a b" } });
    expect(answer.status).toBe(400);
  });

  it("serves public/ from where it is, and never keeps a page (an edit shows on the next request)", async () => {
    const favicon = await rawRequest(server.origin, { path: "/favicon.svg" });
    expect(favicon.status).toBe(200);
    await rawRequest(server.origin, { path: "/products" });
    const again = await rawRequest(server.origin, { path: "/products" });
    expect(again.headers.age).toBeUndefined();
  });
});
