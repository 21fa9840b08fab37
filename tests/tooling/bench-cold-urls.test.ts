import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { parseCatalogueQuery, PRICE_MAX, SORTS } from "~/models/catalogue/catalogue-query";

import {
  coldProductPaths,
  coldSearchPaths,
  PathPool,
  SEARCH_PAGES,
  SEARCH_SPACE,
  searchSpace,
  seededRandom,
  SHOPPER_TYPOS,
  SHOPPER_WORDS,
  shuffle,
} from "../../scripts/bench/cold-urls";

/** The benchmark's cold workloads (scripts/bench/cold-urls.ts): no URL twice, and only words the catalogue holds. */

describe("cold product paths", () => {
  it("are every product once, shuffled, the same for the same seed", () => {
    const paths = coldProductPaths(2000, 7);
    expect(paths).toHaveLength(2000);
    expect(new Set(paths).size).toBe(2000);
    expect([...paths].sort()).toEqual(Array.from({ length: 2000 }, (_, i) => `/product/${i + 1}`).sort());
    expect(paths.slice(0, 20)).not.toEqual(Array.from({ length: 20 }, (_, i) => `/product/${i + 1}`));
    expect(coldProductPaths(2000, 7)).toEqual(paths);
    expect(coldProductPaths(2000, 8)).not.toEqual(paths);
  });
});

describe("cold search paths", () => {
  const paths = coldSearchPaths(11);

  it("are many more than a run asks for, none twice", () => {
    expect(SEARCH_SPACE).toBeGreaterThan(50_000);
    expect(paths).toHaveLength(SEARCH_SPACE);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("are distinct catalogue queries, not merely distinct strings, so each misses the cache", () => {
    const keys = paths.slice(0, 5000).map((p) => {
      const { view: _view, ...query } = parseCatalogueQuery(new URL(p, "http://x").searchParams);
      return JSON.stringify(query);
    });
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("ask with a shopper's word, a sort, a page and a price floor the shop accepts", () => {
    for (const p of paths.slice(0, 500)) {
      const params = new URL(p, "http://x").searchParams;
      const query = parseCatalogueQuery(params);
      expect(SHOPPER_WORDS).toContain(query.search);
      expect(SORTS).toContain(params.get("sort"));
      expect(query.page).toBeGreaterThanOrEqual(1);
      expect(query.page).toBeLessThanOrEqual(SEARCH_PAGES);
      expect(query.min).toBe(Number(params.get("min")));
      expect(query.min).toBeLessThanOrEqual(PRICE_MAX);
    }
  });

  it("mix the words, sorts and pages from the start rather than walking one word at a time", () => {
    const first = paths.slice(0, 200).map((p) => new URL(p, "http://x").searchParams);
    expect(new Set(first.map((q) => q.get("search"))).size).toBeGreaterThan(40);
    expect(new Set(first.map((q) => q.get("sort"))).size).toBe(SORTS.length);
    expect(new Set(first.map((q) => q.get("page"))).size).toBe(SEARCH_PAGES);
  });
});

describe("cold typo search paths", () => {
  const paths = coldSearchPaths(11, SHOPPER_TYPOS);

  it("are every typo with every sort, page and price floor once, more than a run asks for", () => {
    expect(searchSpace(SHOPPER_TYPOS)).toBeGreaterThan(20_000);
    expect(paths).toHaveLength(searchSpace(SHOPPER_TYPOS));
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths.slice(0, 200)) {
      expect(SHOPPER_TYPOS).toContain(parseCatalogueQuery(new URL(p, "http://x").searchParams).search);
    }
  });
});

describe("shopper words", () => {
  // The generated products' names and descriptions come from db-scale's word lists.
  const catalogueText = [readFileSync("supabase/seed.sql", "utf8"), readFileSync("scripts/db-scale-words.json", "utf8")]
    .join("\n")
    .toLowerCase();

  it.each(SHOPPER_WORDS)("%s occurs in the catalogue", (word) => {
    expect(catalogueText).toContain(word);
  });

  it("are each listed once", () => {
    expect(new Set(SHOPPER_WORDS).size).toBe(SHOPPER_WORDS.length);
  });
});

describe("PathPool", () => {
  it("hands out each path once, then starts again and counts the repeats", () => {
    const pool = new PathPool(["/a", "/b", "/c"]);
    expect([pool.take(), pool.take(), pool.take()]).toEqual(["/a", "/b", "/c"]);
    expect(pool.repeats).toBe(0);
    expect([pool.take(), pool.take()]).toEqual(["/a", "/b"]);
    expect(pool.used).toBe(5);
    expect(pool.repeats).toBe(2);
  });

  it("refuses to be empty", () => {
    expect(() => new PathPool([])).toThrow();
  });
});

describe("shuffle", () => {
  it("keeps every item", () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    expect([...shuffle([...items], seededRandom(1))].sort((a, b) => a - b)).toEqual(items);
  });
});
