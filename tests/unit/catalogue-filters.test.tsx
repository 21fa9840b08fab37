import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { ActiveFilters } from "~/components/catalogue/active-filters";
import { FilterPanel } from "~/components/catalogue/filter-panel";
import { NoSearchResults, SearchNotice } from "~/components/catalogue/search-notice";
import { activeFilters, clearAllFiltersHref } from "~/models/catalogue/active-filters";
import type { CatalogueFacets, SearchReading } from "~/models/catalogue/catalogue-facets";
import { type CatalogueQuery, DEFAULT_QUERY, parseCatalogueQuery } from "~/models/catalogue/catalogue-query";
import { filterCounts, withCount } from "~/models/catalogue/filter-counts";
import { searchNoticeText } from "~/models/catalogue/search-notice";

/**
 * What the catalogue shows around its results (docs/catalogue.md): the active filters with their
 * removal links, the counts beside the filter values, and the notice saying how a search was read.
 */

/** The query a shopper on `url` has, as the loader reads it. */
function queryAt(url: string): CatalogueQuery {
  const { pathname, searchParams } = new URL(url, "https://www.makervolt.com");
  return parseCatalogueQuery(searchParams, pathname.split("/")[2] ?? null);
}

/** Server HTML of `element` rendered on `url` inside a router (the components use Link and router hooks). */
async function render(url: string, element: ReactNode): Promise<string> {
  const handler = createStaticHandler([{ id: "root", path: "*", loader: () => null, element }]);
  const context = await handler.query(new Request(new URL(url, "https://www.makervolt.com")));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** The entities React writes, decoded. */
function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Text content of HTML (React's server HTML: no `>` inside attributes), as a text browser reads it. */
function textOf(html: string): string {
  return decode(html.replace(/<[^>]+>/g, ""));
}

/** Every link: where it leads and its inner HTML (links hold no links). */
function linksIn(html: string): { href: string; inner: string }[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(([, href, inner]) => ({
    href: decode(href!),
    inner: inner!,
  }));
}

/** Every option of every select: its value and its text. */
function optionsIn(html: string): [string, string][] {
  return [...html.matchAll(/<option value="([^"]*)"[^>]*>(.*?)<\/option>/g)].map(([, value, text]) => [
    decode(value!),
    textOf(text!),
  ]);
}

const FACETS: CatalogueFacets = {
  categories: {
    audio: 2,
    components: 0,
    "development-boards": 1,
    displays: 0,
    "iot-wireless": 3,
    robotics: 0,
    sensors: 9,
    tools: 4,
  },
  allCategories: 19,
  prices: [7, 6, 4, 2],
  search: null,
};

describe("activeFilters", () => {
  it("lists nothing for the plain catalogue, nor for a sort, a view or a page", () => {
    expect(activeFilters(DEFAULT_QUERY)).toEqual([]);
    expect(activeFilters(queryAt("/products?sort=rating&view=list&page=2"))).toEqual([]);
  });

  it("lists each filter with a link to the same listing without it alone (the shortest URL)", () => {
    expect(activeFilters(queryAt("/products/sensors?search=temperature&stock=1&max=25"))).toEqual([
      { kind: "category", label: "Sensors", href: "/products?search=temperature&max=25&stock=1" },
      { kind: "max", label: "Up to $25", href: "/products/sensors?search=temperature&stock=1" },
      { kind: "stock", label: "In stock only", href: "/products/sensors?search=temperature&max=25" },
      { kind: "search", label: '"temperature"', href: "/products/sensors?max=25&stock=1" },
    ]);
  });

  it("has a price floor and a price ceiling, each removed alone", () => {
    expect(activeFilters(queryAt("/products?min=10&max=50"))).toEqual([
      { kind: "min", label: "From $10", href: "/products?max=50" },
      { kind: "max", label: "Up to $50", href: "/products?min=10" },
    ]);
    // $100 is no upper bound, $0 no floor: neither is a filter.
    expect(activeFilters(queryAt("/products?min=0&max=100"))).toEqual([]);
    expect(activeFilters(queryAt("/products?min=100"))).toEqual([
      { kind: "min", label: "From $100", href: "/products" },
    ]);
  });

  it("keeps the sort and the view, goes back to page 1, and keeps exact unless the search goes", () => {
    const [category, search] = activeFilters(
      queryAt("/products/tools?search=temprature&exact=1&sort=price-low&view=list&page=2"),
    );
    expect(category?.href).toBe("/products?search=temprature&exact=1&sort=price-low&view=list");
    expect(search).toEqual({
      kind: "search",
      label: '"temprature"',
      href: "/products/tools?sort=price-low&view=list",
    });
  });

  it("Clear all drops every filter and the search, and keeps the sort and the view", () => {
    expect(clearAllFiltersHref(queryAt("/products/sensors?search=dht&exact=1&min=5&max=25&stock=1&page=3"))).toBe(
      "/products",
    );
    expect(clearAllFiltersHref(queryAt("/products/tools?stock=1&sort=rating&view=list&page=2"))).toBe(
      "/products?sort=rating&view=list",
    );
  });
});

describe("searchNoticeText", () => {
  const cases: [string, SearchReading | null, string | null][] = [
    ["temprature", null, null],
    ["", { kind: "corrected", term: "temperature", held: 1, counted: 1 }, null],
    ["arduino", { kind: "as-typed" }, null],
    ["temprature", { kind: "nothing", suggestion: "temperature" }, null],
    [
      "temprature",
      { kind: "corrected", term: "temperature", held: 1, counted: 1 },
      'No exact match for "temprature". Showing results for "temperature".',
    ],
    [
      "temprature sensr xyzzy",
      { kind: "corrected", term: "temperature sensor xyzzy", held: 2, counted: 3 },
      'No exact match for "temprature sensr xyzzy". Showing results for "temperature sensor xyzzy": products that match 2 of its 3 words.',
    ],
    [
      "uno arduino",
      { kind: "some-words", held: 1, counted: 2 },
      'No product matches every word of "uno arduino". Showing products that match 1 of its 2 words.',
    ],
  ];
  it.each(cases)("%j read as %j says %j", (term, reading, text) => {
    expect(searchNoticeText(term, reading)).toBe(text);
  });
});

describe("filterCounts and withCount", () => {
  it("reads each category, All Categories and each price shortcut", () => {
    const counts = filterCounts(FACETS);
    expect(counts.category("sensors")).toBe(9);
    expect(counts.category("robotics")).toBe(0);
    expect(counts.category(null)).toBe(19);
    expect([0, 1, 2, 3].map(counts.price)).toEqual([7, 6, 4, 2]);
  });

  it("knows no count in an outage", () => {
    const counts = filterCounts(null);
    expect(counts.category("sensors")).toBeUndefined();
    expect(counts.category(null)).toBeUndefined();
    expect(counts.price(0)).toBeUndefined();
  });

  it("puts the count after the label, 0 included", () => {
    expect(withCount("Sensors", 9)).toBe("Sensors (9)");
    expect(withCount("Robotics", 0)).toBe("Robotics (0)");
    expect(withCount("Sensors", undefined)).toBe("Sensors");
  });
});

describe("the filter panel's counts", () => {
  const panel = async (url: string, facets: CatalogueFacets | null) =>
    render(url, <FilterPanel query={queryAt(url)} facets={facets} />);

  it("shows each category's count in its option and each price shortcut's in its link", async () => {
    const html = await panel("/products?search=sensor", FACETS);
    expect(optionsIn(html)).toEqual([
      ["", "All Categories (19)"],
      ["audio", "Audio (2)"],
      ["components", "Components (0)"],
      ["development-boards", "Development Boards (1)"],
      ["displays", "Displays (0)"],
      ["iot-wireless", "IoT & Wireless (3)"],
      ["robotics", "Robotics (0)"],
      ["sensors", "Sensors (9)"],
      ["tools", "Tools (4)"],
    ]);
    const shortcuts = linksIn(html)
      .filter(({ href }) => /[?&](min|max)=/.test(href))
      .map(({ href, inner }) => [href, textOf(inner)]);
    expect(shortcuts).toEqual([
      ["/products?search=sensor&max=10", "Under $10 (7)"],
      ["/products?search=sensor&min=10&max=25", "$10 to $25 (6)"],
      ["/products?search=sensor&min=25&max=50", "$25 to $50 (4)"],
      ["/products?search=sensor&min=50", "$50 and up (2)"],
    ]);
  });

  it("shows no counts in an outage", async () => {
    const html = await panel("/products/sensors", null);
    expect(optionsIn(html).slice(0, 2)).toEqual([
      ["", "All Categories"],
      ["audio", "Audio"],
    ]);
    expect(textOf(html)).toContain("Under $10");
    expect(textOf(html)).not.toMatch(/\(\d+\)/);
  });

  it("carries exact=1 with the search as hidden fields", async () => {
    const html = await panel("/products?search=temprature&exact=1", FACETS);
    expect(html).toContain('<input type="hidden" name="search" value="temprature"/>');
    expect(html).toContain('<input type="hidden" name="exact" value="1"/>');
    expect(await panel("/products?search=temprature", FACETS)).not.toContain('name="exact"');
  });
});

describe("the active filters", () => {
  it("are links named 'Remove filter: …' with the × hidden from screen readers, and Clear all", async () => {
    const url = "/products/sensors?search=temperature&stock=1&max=25";
    const html = await render(url, <ActiveFilters query={queryAt(url)} />);
    expect(html).toContain('id="active-filters"');
    expect(textOf(html)).toContain("Active filters");
    const links = linksIn(html).map(({ href, inner }) => ({
      href,
      // The accessible name: the text, less what is aria-hidden.
      name: textOf(inner.replace(/<span aria-hidden="true"[^>]*>.*?<\/span>/g, "")).trim(),
      // What a sighted shopper reads: the text, less what is visually hidden.
      shown: textOf(inner.replace(/<span class="sr-only">.*?<\/span>/g, "")).trim(),
    }));
    expect(links).toEqual([
      { href: "/products?search=temperature&max=25&stock=1", name: "Remove filter: Sensors", shown: "Sensors ×" },
      { href: "/products/sensors?search=temperature&stock=1", name: "Remove filter: Up to $25", shown: "Up to $25 ×" },
      {
        href: "/products/sensors?search=temperature&max=25",
        name: "Remove filter: In stock only",
        shown: "In stock only ×",
      },
      { href: "/products/sensors?max=25&stock=1", name: 'Remove filter: "temperature"', shown: '"temperature" ×' },
      { href: "/products", name: "Clear all filters", shown: "Clear all" },
    ]);
  });

  it("are not there without a filter", async () => {
    expect(await render("/products?sort=rating", <ActiveFilters query={queryAt("/products?sort=rating")} />)).toBe("");
  });
});

describe("the search notice", () => {
  const notice = (url: string, reading: SearchReading | null) =>
    render(url, <SearchNotice query={queryAt(url)} reading={reading} />);

  it("says a typo was corrected and links to the search exactly as typed", async () => {
    const html = await notice("/products/sensors?search=temprature&stock=1", {
      kind: "corrected",
      term: "temperature",
      held: 1,
      counted: 1,
    });
    expect(html).toMatch(/^<div aria-live="polite">/);
    expect(textOf(html)).toContain('No exact match for "temprature". Showing results for "temperature".');
    expect(linksIn(html).map(({ href, inner }) => [href, textOf(inner)])).toEqual([
      ["/products/sensors?search=temprature&exact=1&stock=1", 'Search exactly for "temprature"'],
    ]);
  });

  it("says only some words matched, with no link", async () => {
    const html = await notice("/products?search=uno+arduino", { kind: "some-words", held: 1, counted: 2 });
    expect(textOf(html)).toBe(
      'No product matches every word of "uno arduino". Showing products that match 1 of its 2 words.',
    );
    expect(html).not.toContain("<a ");
  });

  it("is an empty live region when the term matched as typed, and without a search", async () => {
    expect(await notice("/products?search=arduino", { kind: "as-typed" })).toBe('<div aria-live="polite"></div>');
    expect(await notice("/products", null)).toBe('<div aria-live="polite"></div>');
  });

  it("with no results, suggests the corrected term (keeping the filters) and lists the eight categories", async () => {
    const url = "/products?search=temprature&exact=1&stock=1";
    const html = await render(url, <NoSearchResults query={queryAt(url)} suggestion="temperature" />);
    const [suggested, ...categories] = linksIn(html).map(({ href, inner }) => [href, textOf(inner)]);
    expect(suggested).toEqual(["/products?search=temperature&stock=1", 'Did you mean "temperature"?']);
    expect(textOf(html)).toContain("Browse a category instead:");
    expect(categories.map(([href]) => href)).toEqual([
      "/products/audio",
      "/products/components",
      "/products/development-boards",
      "/products/displays",
      "/products/iot-wireless",
      "/products/robotics",
      "/products/sensors",
      "/products/tools",
    ]);
    const without = await render(url, <NoSearchResults query={queryAt(url)} suggestion={null} />);
    expect(without).not.toContain("Did you mean");
  });
});
