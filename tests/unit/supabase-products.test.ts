import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { facetArguments } from "~/backends/facets.server";
import { configuredDatabase } from "~/backends/index.server";
import { createSupabaseClient } from "~/backends/supabase/client.server";
import { SupabaseProductRepository, withdrawnProduct } from "~/backends/supabase/products.server";
import { BackendError, type FacetQuery, isServiceUnavailable, type ProductListQuery } from "~/backends/types.server";
import { parseConfig } from "~/config.server";
import { DEFAULT_QUERY } from "~/models/catalogue/catalogue-query";
import { CATEGORIES } from "~/models/catalogue/categories";

import { postgrestRow as row } from "../fixtures/postgrest-row";

/**
 * The hosted backend against a fake Supabase at the HTTP edge (msw): what it asks PostgREST
 * for, and how it reads the answers. The real supabase-js client builds the requests.
 */

const SUPABASE_URL = "https://makervolt-test.supabase.co";
const ANON_KEY = "test-anon-key";
const PRODUCTS_URL = `${SUPABASE_URL}/rest/v1/products`;
/** The database functions a search and the filter counts call (supabase/migrations). */
const SEARCH_URL = `${SUPABASE_URL}/rest/v1/rpc/search_products`;
const FACETS_URL = `${SUPABASE_URL}/rest/v1/rpc/catalogue_facets`;
const WITHDRAWN_URL = `${SUPABASE_URL}/rest/v1/rpc/withdrawn_product`;
const COLUMNS =
  "id,name,description,category,price,original_price,in_stock,stock_count,rating,reviews,image,images,features,specifications";

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  /** A POST's JSON body (an rpc's named arguments). */
  body?: unknown;
}
let seen: Seen[] = [];
/** The next answers, in order; each request takes one. */
let answers: Response[] = [];

async function record(request: Request) {
  const text = request.method === "POST" ? await request.clone().text() : "";
  seen.push({
    method: request.method,
    url: new URL(request.url),
    headers: request.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  });
}

const server = setupServer(
  http.all(PRODUCTS_URL, async ({ request }) => {
    await record(request);
    return answers.shift() ?? HttpResponse.json([], { headers: { "Content-Range": "*/0" } });
  }),
  http.all(SEARCH_URL, async ({ request }) => {
    await record(request);
    return answers.shift() ?? HttpResponse.json([], { headers: { "Content-Range": "*/0" } });
  }),
  http.all(FACETS_URL, async ({ request }) => {
    await record(request);
    return answers.shift() ?? HttpResponse.json({ categories: {}, prices: [0, 0, 0, 0], search: null });
  }),
  http.all(WITHDRAWN_URL, async ({ request }) => {
    await record(request);
    return answers.shift() ?? HttpResponse.json(null);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  seen = [];
  answers = [];
});
afterAll(() => server.close());

const client = createSupabaseClient({ url: SUPABASE_URL, anonKey: ANON_KEY });
const repository = new SupabaseProductRepository(client);

const query = (changes: Partial<ProductListQuery> = {}): ProductListQuery => {
  const { view: _view, ...rest } = DEFAULT_QUERY;
  return { ...rest, ...changes };
};
const facetQuery = (changes: Partial<FacetQuery> = {}): FacetQuery => {
  const { view: _view, sort: _sort, page: _page, ...rest } = DEFAULT_QUERY;
  return { ...rest, ...changes };
};

function answer(body: unknown, init: { status?: number; range?: string } = {}) {
  answers.push(
    HttpResponse.json(body as never, {
      status: init.status ?? 200,
      headers: init.range ? { "Content-Range": init.range } : {},
    }),
  );
}

const only = () => {
  expect(seen).toHaveLength(1);
  return seen[0]!;
};

describe("listing the catalogue", () => {
  it("asks for one page of products with an exact count, sorted by name then id", async () => {
    answer([row(1), row(2)], { range: "0-1/57" });
    const page = await repository.listProducts(query());

    const { method, url, headers } = only();
    expect(method).toBe("GET");
    expect(url.pathname).toBe("/rest/v1/products");
    expect(url.searchParams.get("select")).toBe(COLUMNS);
    expect(url.searchParams.get("order")).toBe("name_sort.asc,id.asc");
    expect(url.searchParams.get("offset")).toBe("0");
    expect(url.searchParams.get("limit")).toBe("24");
    // No filters when the query has none but the one every read has: never a withdrawn product.
    expect([...url.searchParams.keys()].sort()).toEqual(["limit", "offset", "order", "select", "withdrawn"]);
    expect(url.searchParams.get("withdrawn")).toBe("eq.false");
    expect(headers.get("apikey")).toBe(ANON_KEY);
    expect(headers.get("prefer")).toMatch(/count=exact/);

    expect(page.total).toBe(57);
    expect(page.products.map((p) => p.id)).toEqual([1, 2]);
    expect(page.products[0]).toMatchObject({ price: 12.5, originalPrice: null, rating: 4.5 });
  });

  it("sends each filter as a PostgREST condition", async () => {
    await repository.listProducts(query({ category: "sensors", min: 10, max: 50, inStock: true }));
    const { url } = only();
    expect(url.searchParams.get("category")).toBe("eq.sensors");
    expect(url.searchParams.getAll("price")).toEqual(["gte.10", "lte.50"]);
    expect(url.searchParams.get("in_stock")).toBe("eq.true");
  });

  it("sends no upper price bound for $100+, and no lower bound for $0", async () => {
    await repository.listProducts(query({ min: 0, max: 100 }));
    expect(only().url.searchParams.getAll("price")).toEqual([]);
  });

  it.each([
    ["price-low", "price.asc,id.asc"],
    ["price-high", "price.desc,id.asc"],
    ["rating", "rating.desc.nullslast,id.asc"],
  ] as const)("sorts %s with the id tie-break", async (sort, order) => {
    await repository.listProducts(query({ sort }));
    expect(only().url.searchParams.get("order")).toBe(order);
  });

  it("asks for the page's window of rows", async () => {
    answer([row(49)], { range: "48-48/49" });
    const page = await repository.listProducts(query({ page: 3 }));
    expect(only().url.searchParams.get("offset")).toBe("48");
    expect(only().url.searchParams.get("limit")).toBe("24");
    expect(page.total).toBe(49);
  });

  it("still reports the total for a page past the end", async () => {
    answer(
      {
        code: "PGRST103",
        message: "Requested range not satisfiable",
        details: "An offset of 2376 was requested, but there are only 57 rows.",
        hint: null,
      },
      { status: 416, range: "*/57" },
    );
    answers.push(new HttpResponse(null, { status: 200, headers: { "Content-Range": "*/57" } }));
    const page = await repository.listProducts(query({ page: 100, category: "tools" }));
    expect(page).toEqual({ products: [], total: 57 });
    expect(seen).toHaveLength(2);
    const count = seen[1]!;
    expect(count.method).toBe("HEAD");
    expect(count.url.searchParams.get("category")).toBe("eq.tools");
    expect(count.headers.get("prefer")).toMatch(/count=exact/);
  });
});

describe("search", () => {
  /** Terms PostgREST's filter syntax or SQL would read as more than text, if they ever got there. */
  const HOSTILE = [
    String.raw`a,b.(c):d"e\f%g_h*i`,
    "5*5 (mm)",
    "'; drop table products; --",
    "or=(id.gt.0)&select=*",
    "%".repeat(100),
    "\u{1F525} \u200fsensor\u200f",
  ];

  it("asks the database to read the term: search_products with {term, exact} as a POST body", async () => {
    answer([row(25)], { range: "24-24/25" });
    const page = await repository.listProducts(
      query({
        search: "Temp Sensor",
        category: "sensors",
        min: 10,
        max: 50,
        inStock: true,
        sort: "price-low",
        page: 2,
      }),
    );

    const { method, url, headers, body } = only();
    expect(method).toBe("POST");
    expect(url.pathname).toBe("/rest/v1/rpc/search_products");
    expect(body).toEqual({ term: "Temp Sensor", exact: false });
    // The rows it returns are filtered, sorted and paged like the table's, in the query string.
    expect(url.searchParams.get("select")).toBe(COLUMNS);
    expect(url.searchParams.get("category")).toBe("eq.sensors");
    expect(url.searchParams.getAll("price")).toEqual(["gte.10", "lte.50"]);
    expect(url.searchParams.get("in_stock")).toBe("eq.true");
    expect(url.searchParams.get("order")).toBe("price.asc,id.asc");
    expect(url.searchParams.get("offset")).toBe("24");
    expect(url.searchParams.get("limit")).toBe("24");
    // The term is never a filter of the table any more, nor in the URL at all.
    expect([...url.searchParams.keys()].sort()).toEqual([
      "category",
      "in_stock",
      "limit",
      "offset",
      "order",
      "price",
      "price",
      "select",
    ]);
    expect(headers.get("prefer")).toMatch(/count=exact/);
    expect(headers.get("apikey")).toBe(ANON_KEY);

    expect(page.total).toBe(25);
    expect(page.products.map((p) => p.id)).toEqual([25]);
  });

  it("passes `exact` on: the shopper asked for the term without typo correction", async () => {
    await repository.listProducts(query({ search: "temprature", exact: true }));
    expect(only().body).toEqual({ term: "temprature", exact: true });
  });

  it("lists from the products table itself when there is no search", async () => {
    await repository.listProducts(query({ exact: true }));
    expect(only().url.pathname).toBe("/rest/v1/products");
  });

  it.each(HOSTILE)("sends the term %j in the JSON body untouched, not escaped and not in the URL", async (term) => {
    await repository.listProducts(query({ search: term }));
    const { url, body } = only();
    expect(body).toEqual({ term, exact: false });
    expect([...url.searchParams.keys()].sort()).toEqual(["limit", "offset", "order", "select"]);
  });

  it("counts a search's matches with a HEAD request for a page past the end, the arguments in its query string", async () => {
    const term = String.raw`hc-sr04, "5*5" & (c)=d%`;
    answer(
      { code: "PGRST103", message: "Requested range not satisfiable", details: null, hint: null },
      { status: 416, range: "*/5" },
    );
    answers.push(new HttpResponse(null, { status: 200, headers: { "Content-Range": "*/5" } }));
    const page = await repository.listProducts(query({ search: term, exact: true, category: "sensors", page: 100 }));
    expect(page).toEqual({ products: [], total: 5 });

    expect(seen).toHaveLength(2);
    expect(seen[0]!.method).toBe("POST");
    expect(seen[0]!.url.searchParams.get("offset")).toBe(String(99 * 24));
    const count = seen[1]!;
    expect(count.method).toBe("HEAD");
    expect(count.url.pathname).toBe("/rest/v1/rpc/search_products");
    // Read back from the URL, the term is exactly what was typed.
    expect(count.url.searchParams.get("term")).toBe(term);
    expect(count.url.searchParams.get("exact")).toBe("true");
    expect(count.url.searchParams.get("category")).toBe("eq.sensors");
    expect(count.headers.get("prefer")).toMatch(/count=exact/);
  });

  it("reports a search the service refuses with its words", async () => {
    answer(
      {
        code: "PGRST202",
        message: "Could not find the function public.search_products(exact, term) in the schema cache",
        details: null,
        hint: null,
      },
      { status: 404 },
    );
    const failure = await repository.listProducts(query({ search: "servo" })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackendError);
    expect((failure as BackendError).kind).toBe("failed");
    expect((failure as BackendError).serviceError).toMatchObject({ code: "PGRST202", status: 404 });
  });
});

describe("the filter counts (countFacets)", () => {
  const ZEROS = Object.fromEntries(CATEGORIES.map(({ slug }) => [slug, 0]));

  it.each([
    ["no search, no filters", facetQuery()],
    ["a search", facetQuery({ search: "sensor" })],
    ["an exact search", facetQuery({ search: "temprature", exact: true })],
    ["a category, a price range and in stock only", facetQuery({ category: "tools", min: 10, max: 50, inStock: true })],
    ["$100+ (no upper bound) from $25", facetQuery({ search: "servo", min: 25, max: 100 })],
  ])("%s: one POST to catalogue_facets, its named arguments those of facetArguments", async (_name, asked) => {
    answer({ categories: {}, prices: [0, 0, 0, 0], search: null });
    await repository.countFacets(asked);
    const { method, url, body, headers } = only();
    expect(method).toBe("POST");
    expect(url.pathname).toBe("/rest/v1/rpc/catalogue_facets");
    expect(body).toEqual(JSON.parse(JSON.stringify(facetArguments(asked))) as unknown);
    expect(headers.get("apikey")).toBe(ANON_KEY);
  });

  it("names the arguments as the database function does, bounds left out as null", async () => {
    await repository.countFacets(facetQuery({ search: "servo", exact: true, category: "robotics", min: 0, max: 100 }));
    expect(only().body).toEqual({
      term: "servo",
      exact: true,
      category: "robotics",
      min_price: null,
      max_price: null,
      in_stock: false,
      price_ranges: [
        [null, 10],
        [10, 25],
        [25, 50],
        [50, null],
      ],
    });
  });

  it("sends a hostile term in the body untouched", async () => {
    const term = String.raw`a,b.(c):d"e\f%g_h*i'; --`;
    await repository.countFacets(facetQuery({ search: term }));
    expect((only().body as { term: string }).term).toBe(term);
  });

  it("reads the answer: every category present (0 when missing), their sum, bigint counts sent as strings", async () => {
    answer({
      categories: { sensors: "7", tools: 2, robotics: "0" },
      prices: ["43", 10, 0, "3"],
      search: { kind: "as-typed", held: 1, counted: 1 },
    });
    const facets = await repository.countFacets(facetQuery({ search: "sensor" }));
    expect(facets).toEqual({
      categories: { ...ZEROS, sensors: 7, tools: 2 },
      allCategories: 9,
      prices: [43, 10, 0, 3],
      search: { kind: "as-typed" },
    });
  });

  it("reads an answer with nothing in it as zeros, and no search as no reading", async () => {
    answer({ categories: {}, prices: [], search: null });
    expect(await repository.countFacets(facetQuery())).toEqual({
      categories: ZEROS,
      allCategories: 0,
      prices: [0, 0, 0, 0],
      search: null,
    });
  });

  it.each([
    ["as typed", { kind: "as-typed", held: 2, counted: 2, term: null }, { kind: "as-typed" }],
    ["some of the words", { kind: "some-words", held: 1, counted: 2 }, { kind: "some-words", held: 1, counted: 2 }],
    [
      "corrected",
      { kind: "corrected", term: "temperature", held: 1, counted: 1 },
      { kind: "corrected", term: "temperature", held: 1, counted: 1 },
    ],
    [
      "nothing, with a suggestion",
      { kind: "nothing", suggestion: "temperature" },
      { kind: "nothing", suggestion: "temperature" },
    ],
    ["nothing, without one", { kind: "nothing", suggestion: null }, { kind: "nothing", suggestion: null }],
  ])("reads the search reading: %s", async (_name, search, reading) => {
    answer({ categories: { sensors: 1 }, prices: [1, 0, 0, 0], search });
    expect((await repository.countFacets(facetQuery({ search: "x" }))).search).toEqual(reading);
  });

  it.each([
    ["503 (no database)", 503, "PGRST000", "Could not connect with the database"],
    ["504", 504, "PGRST003", "Timed out acquiring connection from connection pool."],
  ])("%s: a BackendError of kind unavailable", async (_name, status, code, message) => {
    server.use(
      http.post(FACETS_URL, () => HttpResponse.json({ code, message, details: null, hint: null }, { status })),
    );
    const failure = await repository.countFacets(facetQuery({ search: "sensor" })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackendError);
    expect((failure as BackendError).kind).toBe("unavailable");
    expect(isServiceUnavailable(failure)).toBe(true);
    expect((failure as BackendError).serviceError).toMatchObject({ code, status });
  });

  it("no answer at all: unavailable", async () => {
    server.use(http.post(FACETS_URL, () => HttpResponse.error()));
    const failure = await repository.countFacets(facetQuery()).catch((error: unknown) => error);
    expect((failure as BackendError).kind).toBe("unavailable");
  });

  it("a function the project lacks (migration not applied) is a failure, not an outage", async () => {
    answer(
      {
        code: "PGRST202",
        message: "Could not find the function public.catalogue_facets in the schema cache",
        details: null,
        hint: null,
      },
      { status: 404 },
    );
    const failure = await repository.countFacets(facetQuery()).catch((error: unknown) => error);
    expect((failure as BackendError).kind).toBe("failed");
    expect(isServiceUnavailable(failure)).toBe(false);
  });
});

describe("single products", () => {
  it("fetches one product by id", async () => {
    answer([row(7, { price: 129, original_price: 149, rating: null, reviews: null })]);
    const product = await repository.getProduct(7);
    const { url } = only();
    expect(url.searchParams.get("id")).toBe("eq.7");
    expect(url.searchParams.get("withdrawn")).toBe("eq.false");
    expect(url.searchParams.get("select")).toBe(COLUMNS);
    expect(product).toMatchObject({ id: 7, price: 129, originalPrice: 149, rating: 0, reviews: 0 });
    expect(product?.specifications).toEqual({ Interface: "I2C" });
  });

  it("answers null for an unknown id", async () => {
    answer([]);
    expect(await repository.getProduct(404)).toBeNull();
  });

  it("does not ask about impossible ids", async () => {
    expect(await repository.getProduct(Number.NaN)).toBeNull();
    expect(seen).toHaveLength(0);
  });

  it("never asks for a withdrawn product: related, featured, the sitemap's ids", async () => {
    await repository.bestRatedInCategory("displays", 4);
    await repository.getProducts([1, 2]);
    answer([{ id: 1 }]);
    await repository.listProductIds(10);
    expect(seen.map((request) => request.url.searchParams.get("withdrawn"))).toEqual([
      "eq.false",
      "eq.false",
      "eq.false",
      "eq.false",
    ]);
  });

  it("asks the database whether a product the shop does not show was withdrawn (its page's 410)", async () => {
    answer({ id: 8, name: "BME280 Sensor", category: "sensors" });
    expect(await withdrawnProduct(client, 8)).toEqual({ id: 8, name: "BME280 Sensor", category: "sensors" });
    const { method, url, body } = only();
    expect([method, url.pathname, body]).toEqual(["POST", "/rest/v1/rpc/withdrawn_product", { product_id: 8 }]);
    answer(null);
    expect(await withdrawnProduct(client, 404)).toBeNull();
    answer({ message: "boom", code: "PGRST000" }, { status: 503 });
    const failure = await withdrawnProduct(client, 9).catch((error: unknown) => error);
    expect(isServiceUnavailable(failure)).toBe(true);
  });

  it("asks for a category's best rated products, then by id, up to the limit", async () => {
    answer([row(2), row(3)]);
    const best = await repository.bestRatedInCategory("displays", 5);
    const { url } = only();
    expect(url.searchParams.get("category")).toBe("eq.displays");
    expect(url.searchParams.get("order")).toBe("rating.desc.nullslast,id.asc");
    expect(url.searchParams.get("limit")).toBe("5");
    expect(best.map((p) => p.id)).toEqual([2, 3]);
  });

  it("does not ask for no products at all", async () => {
    expect(await repository.bestRatedInCategory("displays", 0)).toEqual([]);
    expect(seen).toHaveLength(0);
  });

  it("returns several products in the order asked, skipping unknown ids", async () => {
    answer([row(1), row(3)]);
    const products = await repository.getProducts([3, 99, 1]);
    expect(only().url.searchParams.get("id")).toBe("in.(3,99,1)");
    expect(products.map((p) => p.id)).toEqual([3, 1]);
  });
});

describe("listing every product id (the sitemap)", () => {
  /**
   * A PostgREST that honours `id=gt.N`, `order=id.asc` and `limit`, but caps every answer at
   * `maxRows` rows, as a project's max-rows setting does (possibly below what was asked).
   */
  function serveIds(ids: number[], maxRows: number) {
    server.use(
      http.get(PRODUCTS_URL, ({ request }) => {
        const url = new URL(request.url);
        seen.push({ method: request.method, url, headers: request.headers });
        const after = Number(/^gt\.(\d+)$/.exec(url.searchParams.get("id") ?? "")?.[1] ?? 0);
        const limit = Math.min(Number(url.searchParams.get("limit")), maxRows);
        return HttpResponse.json(
          ids
            .filter((id) => id > after)
            .slice(0, limit)
            .map((id) => ({ id })),
        );
      }),
    );
  }

  it("asks for ids only, in keyset pages, and keeps going after a short page until an empty one", async () => {
    const all = Array.from({ length: 2_345 }, (_, i) => i * 3 + 1);
    serveIds(all, 700);
    expect(await repository.listProductIds(10_000)).toEqual(all);
    expect(seen.map(({ url }) => [url.searchParams.get("id"), url.searchParams.get("limit")])).toEqual([
      ["gt.0", "1000"],
      [`gt.${all[699]}`, "1000"],
      [`gt.${all[1399]}`, "1000"],
      [`gt.${all[2099]}`, "1000"],
      [`gt.${all[2344]}`, "1000"],
    ]);
    for (const { url } of seen) {
      expect(url.searchParams.get("select")).toBe("id");
      expect(url.searchParams.get("order")).toBe("id.asc");
    }
  });

  it("stops at the limit without asking for more", async () => {
    serveIds(
      Array.from({ length: 50 }, (_, i) => i + 1),
      1000,
    );
    expect(await repository.listProductIds(30)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url.searchParams.get("limit")).toBe("30");
  });

  it("reports the service's error", async () => {
    answer(
      { code: "42501", message: "permission denied for table products", details: null, hint: null },
      { status: 401 },
    );
    await expect(repository.listProductIds(10)).rejects.toThrow("permission denied for table products");
  });

  it("refuses an answer that does not move past the last id, instead of looping", async () => {
    // A broken proxy that ignores the filter and always answers the first page.
    server.use(http.get(PRODUCTS_URL, () => HttpResponse.json([{ id: 1 }, { id: 2 }])));
    await expect(repository.listProductIds(10)).rejects.toThrow(BackendError);
  });
});

describe("errors", () => {
  it("carry the service's message, code, details and hint", async () => {
    answer(
      {
        code: "42703",
        message: "column products.name_sort does not exist",
        details: null,
        hint: 'Perhaps you meant to reference the column "products.name".',
      },
      { status: 400 },
    );
    const failure = await repository.listProducts(query()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackendError);
    expect((failure as BackendError).message).toBe("column products.name_sort does not exist");
    expect((failure as BackendError).serviceError).toMatchObject({
      code: "42703",
      hint: 'Perhaps you meant to reference the column "products.name".',
      status: 400,
    });
  });

  it("turn a failed ping into a rejection within the deadline", async () => {
    const down = { code: "PGRST000", message: "Could not connect with the database", details: null, hint: null };
    for (let i = 0; i < 5; i++) answer(down, { status: 503 });
    const started = Date.now();
    await expect(repository.ping()).rejects.toThrow("Could not connect with the database");
    expect(Date.now() - started).toBeLessThan(1000);
    expect(seen.length).toBeLessThanOrEqual(3);
    const url = seen[0]!.url;
    expect(url.searchParams.get("select")).toBe("id");
    expect(url.searchParams.get("limit")).toBe("1");
  });
});

describe("outages", () => {
  const failure = (run: () => Promise<unknown>) =>
    run().then(
      () => null,
      (error: unknown) => error,
    );

  it.each([
    ["no answer at all", () => HttpResponse.error()],
    ["503 (no database)", () => HttpResponse.json({ code: "PGRST000", message: "Could not connect" }, { status: 503 })],
    ["504", () => HttpResponse.json({ code: "PGRST003", message: "Timed out acquiring connection" }, { status: 504 })],
    ["500", () => HttpResponse.json({ code: "XX000", message: "internal error" }, { status: 500 })],
    ["429", () => HttpResponse.json({ message: "Too many requests" }, { status: 429 })],
  ])("%s: a BackendError of kind unavailable", async (_name, respond) => {
    server.use(http.get(PRODUCTS_URL, () => respond()));
    const error = await failure(() => repository.listProducts(query()));
    expect(error).toBeInstanceOf(BackendError);
    expect((error as BackendError).kind).toBe("unavailable");
    expect(isServiceUnavailable(error)).toBe(true);
  });

  it("a query the service refuses (4xx) is a failure, not an outage", async () => {
    answer({ code: "42703", message: "column products.name_sort does not exist" }, { status: 400 });
    const error = await failure(() => repository.listProducts(query()));
    expect((error as BackendError).kind).toBe("failed");
    expect(isServiceUnavailable(error)).toBe(false);
  });

  it("a hung service: every read gives up in under 3 s, without PostgREST's own 1-2-4 s retries", async () => {
    server.use(
      http.get(PRODUCTS_URL, async ({ request }) => {
        seen.push({ method: request.method, url: new URL(request.url), headers: request.headers });
        await delay("infinite");
        return HttpResponse.json([]);
      }),
    );
    const reads: [string, () => Promise<unknown>][] = [
      ["listProducts", () => repository.listProducts(query())],
      ["getProduct", () => repository.getProduct(1)],
      ["bestRatedInCategory", () => repository.bestRatedInCategory("sensors", 5)],
      ["getProducts", () => repository.getProducts([1, 2])],
      ["listProductIds", () => repository.listProductIds(10)],
      ["ping", () => repository.ping()],
    ];
    const results = await Promise.all(
      reads.map(async ([name, read]) => {
        const started = Date.now();
        const error = await failure(read);
        return { name, ms: Date.now() - started, kind: (error as BackendError | null)?.kind };
      }),
    );
    for (const result of results) expect(result).toMatchObject({ kind: "unavailable", ms: expect.any(Number) });
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(3000);
    // Two attempts each by the bounded fetch; none marked as a retry by PostgREST's client.
    expect(seen).toHaveLength(reads.length * 2);
    expect(seen.filter((s) => s.headers.has("X-Retry-Count"))).toHaveLength(0);
  });

  it("a search or the filter counts without a database (503): unavailable, like any read", async () => {
    const down = () => HttpResponse.json({ code: "PGRST000", message: "Could not connect" }, { status: 503 });
    server.use(http.post(SEARCH_URL, down), http.post(FACETS_URL, down));
    for (const read of [
      () => repository.listProducts(query({ search: "servo" })),
      () => repository.countFacets(facetQuery({ search: "servo" })),
    ]) {
      const error = await failure(read);
      expect(error).toBeInstanceOf(BackendError);
      expect((error as BackendError).kind).toBe("unavailable");
    }
  });

  it("a hung service: a search and the filter counts (POSTs to read-only rpc) are asked twice, in under 3 s", async () => {
    const hang = async ({ request }: { request: Request }) => {
      await record(request);
      await delay("infinite");
      return HttpResponse.json([]);
    };
    server.use(http.post(SEARCH_URL, hang), http.post(FACETS_URL, hang));
    const results = await Promise.all(
      [
        () => repository.listProducts(query({ search: "servo" })),
        () => repository.countFacets(facetQuery({ search: "servo" })),
      ].map(async (read) => {
        const started = Date.now();
        const error = await failure(read);
        return { ms: Date.now() - started, kind: (error as BackendError | null)?.kind };
      }),
    );
    for (const result of results) expect(result.kind).toBe("unavailable");
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(3000);
    // Both functions only read (stable), so the bounded fetch asks again, like a GET: two attempts each.
    expect(seen.map((s) => s.method)).toEqual(["POST", "POST", "POST", "POST"]);
  });

  it("let a healthy ping resolve", async () => {
    answer([{ id: 1 }]);
    await expect(repository.ping()).resolves.toBeUndefined();
  });
});

describe("choosing the backend", () => {
  it("uses Supabase only when both the URL and the anon key are set", () => {
    expect(configuredDatabase(parseConfig({ SUPABASE_URL: SUPABASE_URL, SUPABASE_ANON_KEY: ANON_KEY }))).toBe(
      "supabase",
    );
    expect(configuredDatabase(parseConfig({ SUPABASE_URL: SUPABASE_URL }))).toBe("embedded");
    expect(configuredDatabase(parseConfig({ SUPABASE_ANON_KEY: ANON_KEY }))).toBe("embedded");
    expect(configuredDatabase(parseConfig({ SUPABASE_URL: " ", SUPABASE_ANON_KEY: ANON_KEY }))).toBe("embedded");
    expect(configuredDatabase(parseConfig({}))).toBe("embedded");
  });
});
