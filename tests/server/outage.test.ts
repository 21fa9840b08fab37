import http from "node:http";
import net from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { AUTH_PAGE } from "~/models/account/account-texts";
import { AUTH_MESSAGES } from "~/models/account/auth-messages";

import { freePort, type RunningServer, startServer, Visitor } from "./harness";

/**
 * The built server in hosted mode while Supabase is down: SUPABASE_URL points at a loopback port
 * nobody listens on, so every call is refused. Pages that need data answer 503 with Retry-After
 * within 3 s, in words a shopper understands; pages that do not still answer 200; and once
 * something answers on that port, the same server recovers without a restart.
 */

const CATALOGUE_MESSAGE = "Error: The catalogue is unavailable right now. Please try again in a minute.";
const PRODUCT_MESSAGE = "Error: This product is unavailable right now. Please try again in a minute.";
const SIGN_IN_MESSAGE = AUTH_MESSAGES.unavailable;
/** What a shopper must never read: the network's or the database's own words, or the service's address. */
const rawCauses = () => new RegExp(`fetch failed|ECONNREFUSED|TypeError|ServiceUnreachable|PGRST|:${supabasePort}\\b`);

/** The page as a reader meets it: no scripts (the app's code names errors), no React `<!-- -->` markers. */
const text = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "");

let supabasePort: number;
let server: RunningServer;

beforeAll(async () => {
  supabasePort = await freePort();
  server = await startServer({
    env: {
      SUPABASE_URL: `http://127.0.0.1:${supabasePort}`,
      SUPABASE_ANON_KEY: "outage-test-anon-key",
      // Production refuses to start in hosted mode without one.
      SESSION_SECRET: "outage-test-session-secret-0123456789abcdef",
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

async function timed<T>(run: () => Promise<T>): Promise<T & { ms: number }> {
  const started = Date.now();
  const result = await run();
  return { ...result, ms: Date.now() - started };
}

describe("while Supabase is down", () => {
  it.each([
    ["/products", CATALOGUE_MESSAGE],
    ["/products/sensors?search=esp32&sort=price-low", CATALOGUE_MESSAGE],
    ["/product/1", PRODUCT_MESSAGE],
  ])("%s answers 503 with Retry-After within 3 s, the shopper's message inside the layout", async (path, message) => {
    const visitor = new Visitor(server.origin);
    const response = await timed(() => visitor.request({ path }));
    expect(response.status).toBe(503);
    expect(response.ms).toBeLessThan(3000);
    expect(response.headers["retry-after"]).toBe("60");
    expect(response.headers["cache-control"]).toMatch(/no-store/);
    const page = text(response.body);
    expect(page).toContain(message);
    // The normal layout: header and footer around the message.
    expect(page).toMatch(/<header[\s>]/);
    expect(page).toMatch(/<footer[\s>]/);
    expect(page).not.toMatch(rawCauses());
  });

  it.each(["/about", "/contact", "/auth", "/auth?mode=sign-up", "/"])("%s still answers 200", async (path) => {
    const response = await timed(() => new Visitor(server.origin).request({ path }));
    expect(response.status).toBe(200);
    expect(response.ms).toBeLessThan(3000);
    expect(text(response.body)).not.toMatch(rawCauses());
  });

  it("/healthz answers 503 within 3 s; /sitemap.xml 503 with Retry-After", async () => {
    const visitor = new Visitor(server.origin);
    const health = await timed(() => visitor.request({ path: "/healthz" }));
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(3000);
    const sitemap = await timed(() => visitor.request({ path: "/sitemap.xml" }));
    expect(sitemap.status).toBe(503);
    expect(sitemap.headers["retry-after"]).toBeTruthy();
    expect(sitemap.ms).toBeLessThan(3000);
  });

  it.each([
    ["sign-in", "/auth", AUTH_PAGE["sign-in"].failure],
    ["sign-up", "/auth?mode=sign-up", AUTH_PAGE["sign-up"].failure],
  ])("%s fails with the destructive toast, 503, and keeps the email", async (intent, path, title) => {
    const visitor = new Visitor(server.origin);
    const fields = await visitor.formFields(path);
    expect(fields.intent).toBe(intent);
    const response = await timed(() =>
      visitor.post(path, { ...fields, email: "ada@example.com", password: "correct horse battery" }),
    );
    expect(response.status).toBe(503);
    expect(response.ms).toBeLessThan(3000);
    const page = text(response.body);
    expect(page).toMatch(/role="alert"/);
    expect(page).toContain(title);
    expect(page).toContain(SIGN_IN_MESSAGE);
    expect(page).toMatch(/<input[^>]*name="email"[^>]*value="ada@example.com"/);
    expect(page).not.toMatch(rawCauses());
  });

  it("the raw cause goes to the server log", () => {
    expect(server.output()).toMatch(/ECONNREFUSED|fetch failed/);
  });
});

describe("when Supabase comes back", () => {
  let fake: http.Server | undefined;
  afterAll(async () => {
    if (!fake) return;
    fake.closeAllConnections();
    await new Promise((resolve) => fake!.close(resolve));
  });

  it("the same server answers 200 again, with no failure remembered", async () => {
    // A stand-in PostgREST on the port that was closed: an empty catalogue, and no product to
    // count beside the filters (the catalogue_facets function, ADR 034).
    fake = http.createServer((request, response) => {
      const empty = request.url?.startsWith("/rest/v1/products");
      const counts = request.url?.startsWith("/rest/v1/rpc/catalogue_facets");
      response.writeHead(empty || counts ? 200 : 404, { "Content-Type": "application/json", "Content-Range": "*/0" });
      response.end(empty ? "[]" : counts ? '{"categories": {}, "prices": [], "search": null}' : "{}");
    });
    await new Promise<void>((resolve) => fake!.listen(supabasePort, "127.0.0.1", resolve));

    const visitor = new Visitor(server.origin);
    expect((await visitor.request({ path: "/healthz" })).status).toBe(200);
    const catalogue = await visitor.request({ path: "/products" });
    expect(catalogue.status).toBe(200);
    expect(text(catalogue.body)).toContain("No products found matching your criteria.");
    expect((await visitor.request({ path: "/product/1" })).status).toBe(404);
  });
});

describe("while Supabase accepts connections but never answers", () => {
  let hung: net.Server;
  let hungServer: RunningServer;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    hung = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
    const { port } = hung.address() as net.AddressInfo;
    hungServer = await startServer({
      env: {
        SUPABASE_URL: `http://127.0.0.1:${port}`,
        SUPABASE_ANON_KEY: "outage-test-anon-key",
        SESSION_SECRET: "outage-test-session-secret-0123456789abcdef",
      },
    });
  });
  afterAll(async () => {
    await hungServer?.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hung?.close(resolve));
  });

  it("pages, /healthz and sign-in give up in under 3 s", async () => {
    const visitor = new Visitor(hungServer.origin);
    const csrf = await visitor.csrfToken("/auth");
    const answers = await Promise.all([
      timed(() => visitor.request({ path: "/products" })),
      timed(() => visitor.request({ path: "/product/1" })),
      timed(() => visitor.request({ path: "/healthz" })),
      timed(() => visitor.post("/auth", { csrf, intent: "sign-in", email: "ada@example.com", password: "x" })),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503, 503]);
    for (const answer of answers) expect(answer.ms).toBeLessThan(3000);
    expect(text(answers[3]!.body)).toContain(SIGN_IN_MESSAGE);
  });
});
