import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer, Visitor } from "./harness";

/**
 * Scripts after content (ADR 022): on every page, shared or personal, the module preloads are
 * low priority and the script that starts the app waits for the document to be parsed. Whether the
 * app still hydrates is every `js` journey's business (tests/e2e); this checks the tags themselves.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

function scriptTags(html: string) {
  return {
    preloads: html.match(/<link\b[^>]*\brel="modulepreload"[^>]*>/g) ?? [],
    modules: html.match(/<script\b[^>]*\btype="module"[^>]*>/g) ?? [],
  };
}

describe("a page's scripts", () => {
  it.each([
    ["a shared page", "/about"],
    ["a shared catalogue page", "/products?search=sensor"],
    ["a personal page (streamed, with a nonce)", "/auth"],
  ])("%s: every module preload at low priority, one deferred module script", async (_what, path) => {
    const page = await new Visitor(server.origin).request({ path });
    expect(page.status).toBe(200);
    const { preloads, modules } = scriptTags(page.body);
    expect(preloads.length).toBeGreaterThan(1);
    for (const preload of preloads)
      expect(preload).toMatch(/^<link fetchpriority="low" rel="modulepreload" href="\/assets\//);
    expect(modules).toHaveLength(1);
    expect(modules[0]).not.toMatch(/\basync\b/);
  });

  it("leaves a visitor's own words alone, even when they spell the tags", async () => {
    const words = '<link rel="modulepreload" type="module" async="">';
    const page = await new Visitor(server.origin).request({ path: `/products?search=${encodeURIComponent(words)}` });
    expect(page.status).toBe(200);
    // React escapes them, so they never read as the tags and are never rewritten.
    expect(page.body).not.toContain('fetchpriority="low" rel="modulepreload" type=');
    expect(page.body).toContain(
      "&lt;link rel=&quot;modulepreload&quot; type=&quot;module&quot; async=&quot;&quot;&gt;",
    );
  });
});
