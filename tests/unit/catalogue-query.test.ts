import { describe, expect, it } from "vitest";

import {
  catalogueHref,
  cataloguePath,
  type CatalogueQuery,
  catalogueSearchParams,
  DEFAULT_QUERY,
  filterFormHref,
  PAGE_SIZE,
  pageCount,
  parseCatalogueQuery,
  SEARCH_MAX_LENGTH,
} from "~/models/catalogue/catalogue-query";

/** The catalogue's state comes from the URL; whatever a shopper (or an attacker) types, it parses. */

const parse = (qs: string, category?: string | null) => parseCatalogueQuery(new URLSearchParams(qs), category);

describe("parseCatalogueQuery", () => {
  it("gives the defaults for an empty query string", () => {
    expect(parse("")).toEqual(DEFAULT_QUERY);
  });

  it("reads every valid value", () => {
    expect(parse("search=esp32&exact=1&min=5&max=80&stock=1&sort=price-high&view=list&page=3", "sensors")).toEqual({
      search: "esp32",
      exact: true,
      category: "sensors",
      min: 5,
      max: 80,
      inStock: true,
      sort: "price-high",
      view: "list",
      page: 3,
    } satisfies CatalogueQuery);
  });

  it("survives the hostile query string from the issue", () => {
    const q = parse(`min=abc&max=-5&sort=';--&page=99999&view=<script>&search=${"x".repeat(3000)}`);
    expect(q).toMatchObject({ min: 0, max: 100, sort: "name", view: "grid" });
    expect(q.search).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it.each([
    ["min=abc", { min: 0 }],
    ["min=-1", { min: 0 }],
    ["min=1.5", { min: 0 }],
    ["min=101", { min: 0 }],
    ["min=1e2", { min: 0 }],
    ["min=", { min: 0 }],
    ["max=-5", { max: 100 }],
    ["max=abc", { max: 100 }],
    ["max=1000", { max: 100 }],
    ["max=0x10", { max: 100 }],
  ])("falls back to the default price for %s", (qs, expected) => {
    expect(parse(qs)).toMatchObject(expected);
  });

  it("accepts the ends of the price range", () => {
    expect(parse("min=0&max=100")).toMatchObject({ min: 0, max: 100 });
    expect(parse("min=100&max=100")).toMatchObject({ min: 100, max: 100 });
    expect(parse("min=%2042%20")).toMatchObject({ min: 42 });
  });

  it("swaps a minimum above the maximum", () => {
    expect(parse("min=80&max=20")).toMatchObject({ min: 20, max: 80 });
  });

  it.each(["';--", "PRICE-LOW", "price_low", "", "rating;drop"])("falls back to the name sort for sort=%s", (sort) => {
    expect(parse(`sort=${encodeURIComponent(sort)}`).sort).toBe("name");
  });

  it.each(["0", "-1", "99999999999", "1.5", "abc", "", "1e3", "2 3"])("falls back to page 1 for page=%s", (page) => {
    expect(parse(`page=${encodeURIComponent(page)}`).page).toBe(1);
  });

  it("keeps a large but plausible page", () => {
    expect(parse("page=99999").page).toBe(99999);
  });

  it.each(["<script>", "LIST", "table", ""])("falls back to the grid view for view=%s", (view) => {
    expect(parse(`view=${encodeURIComponent(view)}`).view).toBe("grid");
  });

  it.each(["yes", "true", "0", "11", ""])("treats stock=%s as not filtering", (stock) => {
    expect(parse(`stock=${stock}`).inStock).toBe(false);
  });

  it("cuts a long search to 100 characters", () => {
    expect(parse(`search=${"a".repeat(3000)}`).search).toBe("a".repeat(SEARCH_MAX_LENGTH));
  });

  it("trims the search, before and after cutting it", () => {
    expect(parse("search=%20%20arduino%20%09").search).toBe("arduino");
    expect(parse(`search=${"a".repeat(99)}%20%20b`).search).toBe("a".repeat(99));
  });

  it("keeps special characters in the search as text", () => {
    expect(parse(`search=${encodeURIComponent("100% _x_ 'a'")}`).search).toBe("100% _x_ 'a'");
  });

  it("reads exact=1 only with a search term", () => {
    expect(parse("search=temprature&exact=1").exact).toBe(true);
    expect(parse("search=temprature").exact).toBe(false);
    expect(parse("exact=1").exact).toBe(false);
    expect(parse("search=%20%20&exact=1").exact).toBe(false);
    for (const value of ["0", "true", "yes", "", "11"]) expect(parse(`search=x&exact=${value}`).exact).toBe(false);
  });

  it("reads an unknown category slug as All Categories", () => {
    expect(parse("", "not-a-category").category).toBeNull();
    expect(parse("", "Sensors").category).toBeNull();
    expect(parse("", "__proto__").category).toBeNull();
    expect(parse("", null).category).toBeNull();
    expect(parse("", "iot-wireless").category).toBe("iot-wireless");
  });

  it("ignores a category in the query string (the path carries it)", () => {
    expect(parse("category=sensors").category).toBeNull();
  });
});

describe("catalogueSearchParams", () => {
  it("omits every default", () => {
    expect(catalogueSearchParams(DEFAULT_QUERY).toString()).toBe("");
  });

  it("writes only the values that differ from the defaults", () => {
    const params = catalogueSearchParams({ ...DEFAULT_QUERY, search: "led strip", max: 40, inStock: true, page: 2 });
    expect(params.toString()).toBe("search=led+strip&max=40&stock=1&page=2");
  });

  it("writes exact=1 after the search, and never without one", () => {
    expect(catalogueSearchParams({ ...DEFAULT_QUERY, search: "temprature", exact: true, max: 25 }).toString()).toBe(
      "search=temprature&exact=1&max=25",
    );
    expect(catalogueSearchParams({ ...DEFAULT_QUERY, exact: true }).toString()).toBe("");
  });

  it("round-trips through parseCatalogueQuery", () => {
    const query: CatalogueQuery = {
      search: "50% off_",
      exact: true,
      category: null,
      min: 10,
      max: 90,
      inStock: true,
      sort: "rating",
      view: "list",
      page: 4,
    };
    expect(parseCatalogueQuery(catalogueSearchParams(query))).toEqual(query);
  });
});

describe("catalogueHref", () => {
  const onPage3: CatalogueQuery = { ...DEFAULT_QUERY, category: "sensors", view: "list", page: 3 };

  it("sends a filter change back to page 1, keeping the view", () => {
    expect(catalogueHref(onPage3, { inStock: true })).toBe("/products/sensors?stock=1&view=list");
    expect(catalogueHref(onPage3, { sort: "price-low" })).toBe("/products/sensors?sort=price-low&view=list");
    expect(catalogueHref(onPage3, { search: "dht" })).toBe("/products/sensors?search=dht&view=list");
  });

  it("moves to another category on page 1", () => {
    expect(catalogueHref(onPage3, { category: "tools" })).toBe("/products/tools?view=list");
    expect(catalogueHref(onPage3, { category: null })).toBe("/products?view=list");
  });

  it("keeps the page when only the view changes", () => {
    expect(catalogueHref(onPage3, { view: "grid" })).toBe("/products/sensors?page=3");
  });

  it("changes the page", () => {
    expect(catalogueHref(onPage3, { page: 4 })).toBe("/products/sensors?view=list&page=4");
    expect(catalogueHref(onPage3, { page: 1 })).toBe("/products/sensors?view=list");
  });

  it("keeps exact through a filter change, and drops it with a new term unless told", () => {
    const exact: CatalogueQuery = { ...DEFAULT_QUERY, search: "temprature", exact: true };
    expect(catalogueHref(exact, { inStock: true })).toBe("/products?search=temprature&exact=1&stock=1");
    expect(catalogueHref(exact, { search: "temperature" })).toBe("/products?search=temperature");
    expect(catalogueHref(exact, { search: "" })).toBe("/products");
    expect(catalogueHref({ ...exact, exact: false }, { exact: true })).toBe("/products?search=temprature&exact=1");
  });

  it("links to the query itself without changes", () => {
    expect(catalogueHref(DEFAULT_QUERY)).toBe("/products");
  });
});

describe("filterFormHref", () => {
  const submit = (qs: string) => filterFormHref(new URLSearchParams(qs));

  it("moves the submitted category into the path", () => {
    expect(submit("category=sensors&min=5&max=100&stock=1")).toBe("/products/sensors?min=5&stock=1");
    expect(submit("category=&min=0&max=100")).toBe("/products");
  });

  it("reads an unknown category as All Categories", () => {
    expect(submit("category=not-a-category&sort=rating")).toBe("/products?sort=rating");
  });

  it("goes back to page 1 and keeps the search, the sort and the view", () => {
    expect(submit("search=dht&category=sensors&sort=price-low&view=list&page=3")).toBe(
      "/products/sensors?search=dht&sort=price-low&view=list",
    );
  });

  it("keeps exact=1, which the form carries as a hidden field with the search", () => {
    expect(submit("search=temprature&exact=1&category=sensors&min=0&max=100&stock=1")).toBe(
      "/products/sensors?search=temprature&exact=1&stock=1",
    );
    expect(submit("exact=1&category=sensors")).toBe("/products/sensors");
  });

  it("reads the first value of a repeated name (a slider before the hidden field that follows it)", () => {
    expect(submit("min=20&max=60&min=5&max=80")).toBe("/products?min=20&max=60");
  });
});

describe("cataloguePath and pageCount", () => {
  it("puts the category in the path", () => {
    expect(cataloguePath(null)).toBe("/products");
    expect(cataloguePath("audio")).toBe("/products/audio");
  });

  it("counts pages of 24, at least one", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(PAGE_SIZE)).toBe(1);
    expect(pageCount(PAGE_SIZE + 1)).toBe(2);
    expect(pageCount(10_000)).toBe(417);
  });
});
