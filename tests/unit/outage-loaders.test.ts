import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { loadContext } from "~/load-context.server";
import { loader as home } from "~/routes/_index";
import { loader as healthz } from "~/routes/healthz";
import { loader as product, PRODUCT_UNAVAILABLE } from "~/routes/product.$id";
import { CATALOGUE_UNAVAILABLE, loader as catalogue } from "~/routes/products.($category)";
import { loader as sitemap } from "~/routes/sitemap[.]xml";

import { postgrestRow as row } from "../fixtures/postgrest-row";
import { routeOf } from "../support/route-args";

/**
 * The pages' loaders in hosted mode while the data service is down, against a fake Supabase at
 * the network edge (msw): what status, headers and words a shopper gets, and that the shop
 * recovers by itself when the service is back.
 */

const SUPABASE_URL = "https://makervolt-outage.supabase.co";
const PRODUCTS_URL = `${SUPABASE_URL}/rest/v1/products`;

vi.stubEnv("SUPABASE_URL", SUPABASE_URL);
vi.stubEnv("SUPABASE_ANON_KEY", "test-anon-key");

/** What PostgREST says about a database it cannot reach: words that must never reach a shopper. */
const POSTGREST_DOWN = {
  code: "PGRST000",
  message: "Could not connect with the database",
  details: "connection refused",
};

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  vi.unstubAllEnvs();
});

/** The catalogue's filter counts: one database function, called with POST (ADR 034). */
const FACETS_URL = `${SUPABASE_URL}/rest/v1/rpc/catalogue_facets`;

/** The same outage for product reads (GET) and the filter counts (POST). */
const down = {
  refused: () =>
    server.use(
      http.get(PRODUCTS_URL, () => HttpResponse.error()),
      http.post(FACETS_URL, () => HttpResponse.error()),
    ),
  "503": () =>
    server.use(
      http.get(PRODUCTS_URL, () => HttpResponse.json(POSTGREST_DOWN, { status: 503 })),
      http.post(FACETS_URL, () => HttpResponse.json(POSTGREST_DOWN, { status: 503 })),
    ),
  hung: () => {
    const hang = async () => {
      await delay("infinite");
      return HttpResponse.json([]);
    };
    server.use(http.get(PRODUCTS_URL, hang), http.post(FACETS_URL, hang));
  },
};

/** A loader's result as the document response would carry it. */
interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function run(load: () => Promise<unknown>): Promise<Answer & { ms: number }> {
  const started = Date.now();
  const result = await load();
  const ms = Date.now() - started;
  if (result instanceof Response) {
    return { ms, status: result.status, headers: result.headers, body: await result.text() };
  }
  const maybeData = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (maybeData?.type === "DataWithResponseInit") {
    const init = maybeData.init ?? {};
    return { ms, status: init.status ?? 200, headers: new Headers(init.headers), body: maybeData.data };
  }
  return { ms, status: 200, headers: new Headers(), body: result };
}

const args = (path: string, params: Record<string, string> = {}) => {
  const request = new Request(`http://localhost${path}`);
  return { request, params, context: loadContext("127.0.0.1"), ...routeOf(request) };
};

describe.each(Object.keys(down) as (keyof typeof down)[])("the service %s", (how) => {
  it("the catalogue answers 503 with Retry-After in under 3 s, with the shopper's message only", async () => {
    down[how]();
    const answer = await run(() => catalogue(args("/products") as never));
    expect(answer.ms).toBeLessThan(3000);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("60");
    expect(answer.body).toMatchObject({ error: CATALOGUE_UNAVAILABLE, products: [] });
    expect(JSON.stringify(answer.body)).not.toMatch(/connect|PGRST|fetch|database/i);
  });

  it("a product answers 503 with Retry-After in under 3 s, with the shopper's message only", async () => {
    down[how]();
    const answer = await run(() => product(args("/product/1", { id: "1" }) as never));
    expect(answer.ms).toBeLessThan(3000);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("60");
    expect(answer.body).toEqual({ kind: "error", message: PRODUCT_UNAVAILABLE });
  });

  it("home still renders, without the featured products; the sitemap and /healthz answer 503", async () => {
    down[how]();
    const [homeAnswer, sitemapAnswer, health] = await Promise.all([
      run(() => home()),
      run(() => sitemap(args("/sitemap.xml") as never)),
      run(() => healthz()),
    ]);
    expect(homeAnswer).toMatchObject({ status: 200, body: { featured: [], featuredFailed: true } });
    expect(sitemapAnswer.status).toBe(503);
    expect(sitemapAnswer.headers.get("Retry-After")).toBeTruthy();
    expect(health.status).toBe(503);
    for (const answer of [homeAnswer, sitemapAnswer, health]) expect(answer.ms).toBeLessThan(3000);
  });
});

describe("a query the service refuses (a bug, not an outage)", () => {
  it("answers 500 without Retry-After, and still never shows the service's words", async () => {
    const refusal = { code: "42703", message: "column products.name_sort does not exist", details: null, hint: null };
    server.use(http.get(PRODUCTS_URL, () => HttpResponse.json(refusal, { status: 400 })));
    const answer = await run(() => catalogue(args("/products") as never));
    expect(answer.status).toBe(500);
    expect(answer.headers.get("Retry-After")).toBeNull();
    expect(answer.body).toMatchObject({ error: CATALOGUE_UNAVAILABLE });
  });
});

describe("when the service comes back", () => {
  it("the next request succeeds: no failure is remembered", async () => {
    down["503"]();
    expect((await run(() => catalogue(args("/products") as never))).status).toBe(503);
    expect((await run(() => healthz())).status).toBe(503);

    server.resetHandlers(
      http.get(PRODUCTS_URL, ({ request }) =>
        // One row for the product page's id=eq.1, else the whole (small) catalogue.
        new URL(request.url).searchParams.get("id") === "eq.1"
          ? HttpResponse.json([row(1)])
          : HttpResponse.json([row(1), row(2)], { headers: { "Content-Range": "0-1/2" } }),
      ),
      http.post(FACETS_URL, () =>
        HttpResponse.json({ categories: { [row(1).category]: 2 }, prices: [0, 1, 1, 0], search: null }),
      ),
    );
    const answer = await run(() => catalogue(args("/products") as never));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ error: null, total: 2 });
    expect((await run(() => product(args("/product/1", { id: "1" }) as never))).status).toBe(200);
    expect((await run(() => healthz())).status).toBe(200);
  });
});
