import { describe, expect, it } from "vitest";

import { CachedProductRepository, facetQueryKey, listQueryKey } from "~/backends/cached-product-repository.server";
import { relatedProducts } from "~/backends/related-products.server";
import type { FacetQuery, ProductListQuery, ProductPage, ProductRepository } from "~/backends/types.server";
import type { CatalogueFacets } from "~/models/catalogue/catalogue-facets";
import { DEFAULT_QUERY } from "~/models/catalogue/catalogue-query";
import type { Product } from "~/models/product/product";

/**
 * The read cache in front of the embedded catalogue (ADR 031): it must answer exactly what the
 * repository behind it answers, ask that repository once per distinct question, stay within
 * its bounds, and never keep a failure.
 */

const { view: _view, ...FIRST_PAGE } = DEFAULT_QUERY;
const { sort: _sort, page: _page, ...NO_FACET_FILTERS } = FIRST_PAGE;

function facets(search: string): CatalogueFacets {
  return {
    categories: {
      audio: 1,
      components: 0,
      "development-boards": 0,
      displays: 0,
      "iot-wireless": 0,
      robotics: 0,
      sensors: search.length,
      tools: 0,
    },
    allCategories: 1 + search.length,
    prices: [1, search.length, 0, 0],
    search: search ? { kind: "corrected", term: search, held: 1, counted: 1 } : null,
  };
}

function product(id: number): Product {
  return {
    id,
    name: `Part ${id}`,
    description: "A part",
    category: "sensors",
    price: id,
    originalPrice: null,
    inStock: true,
    stockCount: 1,
    rating: 4,
    reviews: 2,
    image: "/images/products/a.svg",
    images: ["/images/products/a.svg"],
    features: ["Small"],
    specifications: { Size: "1 cm" },
  };
}

/** A repository that counts the questions it is asked and can be told to fail once. */
class CountingRepository implements ProductRepository {
  calls: string[] = [];
  failNext = false;

  private answer<T>(call: string, value: T): Promise<T> {
    this.calls.push(call);
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error("database unavailable"));
    }
    return Promise.resolve(value);
  }

  listProducts(query: ProductListQuery): Promise<ProductPage> {
    return this.answer(`list ${query.search}|${query.page}`, { products: [product(query.page)], total: 100 });
  }
  countFacets(query: FacetQuery): Promise<CatalogueFacets> {
    return this.answer(`facets ${query.search}${query.exact ? " exact" : ""}`, facets(query.search));
  }
  getProduct(id: number): Promise<Product | null> {
    return this.answer(`product ${id}`, id === 404 ? null : product(id));
  }
  bestRatedInCategory(category: string, limit: number): Promise<Product[]> {
    return this.answer(`best ${category} ${limit}`, [product(limit)]);
  }
  getProducts(ids: readonly number[]): Promise<Product[]> {
    return this.answer(`ids ${ids.join(",")}`, ids.map(product));
  }
  listProductIds(limit: number): Promise<number[]> {
    return this.answer(`product ids ${limit}`, [1, 2, 3].slice(0, limit));
  }
  ping(): Promise<void> {
    return this.answer("ping", undefined);
  }
}

describe("CachedProductRepository", () => {
  it("answers what the repository behind it answers, asking it once per question", async () => {
    const inner = new CountingRepository();
    const cached = new CachedProductRepository(inner);
    const first = await cached.listProducts(FIRST_PAGE);
    const again = await cached.listProducts({ ...FIRST_PAGE });
    expect(first).toEqual({ products: [product(1)], total: 100 });
    expect(again).toBe(first);
    expect(await cached.getProduct(7)).toEqual(product(7));
    expect(await cached.getProduct(7)).toEqual(product(7));
    expect(await cached.getProduct(404)).toBeNull();
    expect(await cached.getProduct(404)).toBeNull();
    expect(await cached.bestRatedInCategory("sensors", 5)).toEqual([product(5)]);
    expect(await cached.bestRatedInCategory("sensors", 5)).toEqual([product(5)]);
    expect(await cached.getProducts([3, 1])).toEqual([product(3), product(1)]);
    expect(await cached.getProducts([3, 1])).toEqual([product(3), product(1)]);
    expect(inner.calls).toEqual(["list |1", "product 7", "product 404", "best sensors 5", "ids 3,1"]);
  });

  it("answers the related products of every product of a category from one read", async () => {
    const inner = new CountingRepository();
    const cached = new CachedProductRepository(inner);
    await relatedProducts(cached, product(7));
    await relatedProducts(cached, product(8));
    await relatedProducts(cached, { id: 9, category: "sensors" });
    expect(inner.calls).toEqual(["best sensors 5"]);
  });

  it("keeps different queries apart", async () => {
    const inner = new CountingRepository();
    const cached = new CachedProductRepository(inner);
    await cached.listProducts(FIRST_PAGE);
    await cached.listProducts({ ...FIRST_PAGE, page: 2 });
    await cached.listProducts({ ...FIRST_PAGE, search: "sensor" });
    await cached.listProducts({ ...FIRST_PAGE, inStock: true });
    await cached.listProducts({ ...FIRST_PAGE, sort: "price-high" });
    await cached.listProducts({ ...FIRST_PAGE, category: "tools" });
    await cached.listProducts({ ...FIRST_PAGE, min: 5 });
    await cached.listProducts({ ...FIRST_PAGE, max: 60 });
    expect(inner.calls).toHaveLength(8);
    await cached.getProducts([1, 3]);
    await cached.getProducts([3, 1]);
    expect(inner.calls.slice(8)).toEqual(["ids 1,3", "ids 3,1"]);
  });

  it("keys a query by its values, not by how the object was built", () => {
    const reordered: ProductListQuery = {
      page: 1,
      sort: "name",
      inStock: false,
      max: 100,
      min: 0,
      category: null,
      exact: false,
      search: "",
    };
    expect(listQueryKey(reordered)).toBe(listQueryKey(FIRST_PAGE));
    expect(listQueryKey({ ...FIRST_PAGE, search: "1" })).not.toBe(listQueryKey({ ...FIRST_PAGE, page: 1 }));
    const reorderedFacets: FacetQuery = { inStock: false, max: 100, min: 0, category: null, exact: false, search: "" };
    expect(facetQueryKey(reorderedFacets)).toBe(facetQueryKey(NO_FACET_FILTERS));
  });

  it("makes `exact` part of both keys: a term searched as typed is another question than the same term corrected", () => {
    const corrected = { ...FIRST_PAGE, search: "temprature" };
    const exact = { ...corrected, exact: true };
    expect(listQueryKey(exact)).not.toBe(listQueryKey(corrected));
    expect(facetQueryKey(exact)).not.toBe(facetQueryKey(corrected));
  });

  it("keeps the filter counts apart from the pages, even for the same filters", () => {
    expect(facetQueryKey(FIRST_PAGE)).not.toBe(listQueryKey(FIRST_PAGE));
  });

  it("asks for the filter counts once per search and filters, whatever the sort and page", async () => {
    const inner = new CountingRepository();
    const cached = new CachedProductRepository(inner);
    const first = await cached.countFacets({ ...FIRST_PAGE, search: "sensor" });
    expect(first).toEqual(facets("sensor"));
    // The page's query carries a sort and a page: the counts do not depend on them.
    const thirdPageByPrice: ProductListQuery = { ...FIRST_PAGE, search: "sensor", sort: "price-high", page: 3 };
    expect(await cached.countFacets(thirdPageByPrice)).toBe(first);
    expect(await cached.countFacets({ ...NO_FACET_FILTERS, search: "sensor" })).toBe(first);
    expect(inner.calls).toEqual(["facets sensor"]);

    await cached.countFacets({ ...NO_FACET_FILTERS, search: "sensor", exact: true });
    await cached.countFacets({ ...NO_FACET_FILTERS, search: "sensor", category: "tools" });
    await cached.countFacets({ ...NO_FACET_FILTERS, search: "sensor", min: 10 });
    await cached.countFacets({ ...NO_FACET_FILTERS, search: "sensor", max: 50 });
    await cached.countFacets({ ...NO_FACET_FILTERS, search: "sensor", inStock: true });
    await cached.countFacets({ ...NO_FACET_FILTERS, search: "servo" });
    expect(inner.calls).toHaveLength(7);
    // Asking the same again asks nothing more.
    await cached.countFacets({ ...NO_FACET_FILTERS, search: "sensor", exact: true });
    await cached.countFacets({ ...NO_FACET_FILTERS, search: "servo" });
    expect(inner.calls).toHaveLength(7);
  });

  it("shares one read of the filter counts between concurrent requests, and keeps no failure", async () => {
    const inner = new CountingRepository();
    const cached = new CachedProductRepository(inner);
    inner.failNext = true;
    await expect(cached.countFacets(NO_FACET_FILTERS)).rejects.toThrow("database unavailable");
    const [a, b] = await Promise.all([cached.countFacets(NO_FACET_FILTERS), cached.countFacets(NO_FACET_FILTERS)]);
    expect(a).toBe(b);
    expect(a).toEqual(facets(""));
    expect(inner.calls).toEqual(["facets ", "facets "]);
  });

  it("hands out the filter counts frozen all the way down", async () => {
    const cached = new CachedProductRepository(new CountingRepository());
    const counts = await cached.countFacets({ ...NO_FACET_FILTERS, search: "sensor" });
    expect(() => {
      (counts as { allCategories: number }).allCategories = 0;
    }).toThrow(TypeError);
    expect(() => {
      (counts.categories as Record<string, number>).sensors = 0;
    }).toThrow(TypeError);
    expect(() => (counts.prices as number[]).push(1)).toThrow(TypeError);
    expect(() => {
      (counts.search as { term: string }).term = "changed";
    }).toThrow(TypeError);
    expect(await cached.countFacets({ ...NO_FACET_FILTERS, search: "sensor" })).toEqual(facets("sensor"));
  });

  it("clear() drops the filter counts with the pages: the next request asks again", async () => {
    const inner = new CountingRepository();
    const cached = new CachedProductRepository(inner);
    await cached.countFacets(NO_FACET_FILTERS);
    await cached.listProducts(FIRST_PAGE);
    cached.clear();
    await cached.countFacets(NO_FACET_FILTERS);
    await cached.listProducts(FIRST_PAGE);
    expect(inner.calls).toEqual(["facets ", "list |1", "facets ", "list |1"]);
  });

  it("shares one read between concurrent requests for the same page", async () => {
    const inner = new CountingRepository();
    const cached = new CachedProductRepository(inner);
    const [a, b] = await Promise.all([cached.listProducts(FIRST_PAGE), cached.listProducts(FIRST_PAGE)]);
    expect(a).toBe(b);
    expect(inner.calls).toEqual(["list |1"]);
  });

  it("does not keep a failure: the next request asks again", async () => {
    const inner = new CountingRepository();
    const cached = new CachedProductRepository(inner);
    inner.failNext = true;
    await expect(cached.listProducts(FIRST_PAGE)).rejects.toThrow("database unavailable");
    expect(await cached.listProducts(FIRST_PAGE)).toEqual({ products: [product(1)], total: 100 });
    expect(inner.calls).toEqual(["list |1", "list |1"]);
  });

  it("drops the least recently used entries beyond its bounds", async () => {
    const inner = new CountingRepository();
    const two = { entries: 2, size: 1_000_000 };
    const cached = new CachedProductRepository(inner, { lists: two, products: two, groups: two });
    await cached.listProducts({ ...FIRST_PAGE, page: 1 });
    await cached.listProducts({ ...FIRST_PAGE, page: 2 });
    await cached.listProducts({ ...FIRST_PAGE, page: 1 }); // page 1 is now the most recent
    await cached.listProducts({ ...FIRST_PAGE, page: 3 }); // evicts page 2
    expect(cached.sizes.lists).toBe(2);
    await cached.listProducts({ ...FIRST_PAGE, page: 1 });
    await cached.listProducts({ ...FIRST_PAGE, page: 2 });
    expect(inner.calls).toEqual(["list |1", "list |2", "list |3", "list |2"]);

    for (const id of [1, 2, 3, 4]) await cached.getProduct(id);
    expect(cached.sizes.products).toBe(2);
  });

  it("also drops the least recently used entries beyond its size, estimated as JSON length", async () => {
    const inner = new CountingRepository();
    const onePage = JSON.stringify(await inner.listProducts(FIRST_PAGE)).length;
    inner.calls = [];
    const plenty = { entries: 100, size: 1_000_000 };
    const twoPages = { entries: 100, size: 2 * onePage + 1 };
    const cached = new CachedProductRepository(inner, { lists: twoPages, products: plenty, groups: plenty });
    await cached.listProducts({ ...FIRST_PAGE, page: 1 });
    await cached.listProducts({ ...FIRST_PAGE, page: 2 });
    await cached.listProducts({ ...FIRST_PAGE, page: 3 }); // evicts page 1
    expect(cached.sizes.lists).toBe(2);
    await cached.listProducts({ ...FIRST_PAGE, page: 3 });
    await cached.listProducts({ ...FIRST_PAGE, page: 1 });
    expect(inner.calls).toEqual(["list |1", "list |2", "list |3", "list |1"]);
  });

  it("answers requests still waiting for a read whose entry was evicted meanwhile", async () => {
    const inner = new CountingRepository();
    const one = { entries: 1, size: 1_000_000 };
    const cached = new CachedProductRepository(inner, { lists: one, products: one, groups: one });
    const first = cached.listProducts({ ...FIRST_PAGE, page: 1 });
    const second = cached.listProducts({ ...FIRST_PAGE, page: 2 }); // evicts page 1 while it is read
    expect(await first).toEqual({ products: [product(1)], total: 100 });
    expect(await second).toEqual({ products: [product(2)], total: 100 });
    expect(cached.sizes.lists).toBe(1);
  });

  it("hands out frozen results, so one request cannot change what the next one sees", async () => {
    const cached = new CachedProductRepository(new CountingRepository());
    const page = await cached.listProducts(FIRST_PAGE);
    expect(() => (page.products as Product[]).push(product(2))).toThrow(TypeError);
    expect(() => {
      (page.products[0] as { name: string }).name = "Changed";
    }).toThrow(TypeError);
    expect(() => (page.products[0]!.features as string[]).push("More")).toThrow(TypeError);
    const again = await cached.listProducts(FIRST_PAGE);
    expect(again.products).toEqual([product(1)]);
  });

  it("lists product ids once per limit, frozen, and asks again after a failure", async () => {
    const inner = new CountingRepository();
    const cached = new CachedProductRepository(inner);
    inner.failNext = true;
    await expect(cached.listProductIds(10)).rejects.toThrow("database unavailable");
    const ids = await cached.listProductIds(10);
    expect(ids).toEqual([1, 2, 3]);
    expect(await cached.listProductIds(10)).toBe(ids);
    expect(await cached.listProductIds(2)).toEqual([1, 2]);
    expect(inner.calls).toEqual(["product ids 10", "product ids 10", "product ids 2"]);
    expect(() => ids.push(4)).toThrow(TypeError);
  });

  it("always asks the database for ping and for ids that cannot exist", async () => {
    const inner = new CountingRepository();
    const cached = new CachedProductRepository(inner);
    await cached.ping();
    await cached.ping();
    await cached.getProduct(-1);
    await cached.getProduct(-1);
    expect(inner.calls).toEqual(["ping", "ping", "product -1", "product -1"]);
    expect(cached.sizes.products).toBe(0);
  });
});
