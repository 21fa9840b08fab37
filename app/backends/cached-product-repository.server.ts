import { LRUCache } from "lru-cache";

import type { FacetQuery, ProductListQuery, ProductPage, ProductRepository } from "~/backends/types.server";
import type { CatalogueFacets } from "~/models/catalogue/catalogue-facets";
import type { Product } from "~/models/product/product";

/**
 * A bounded in-process cache in front of a ProductRepository whose catalogue only this process
 * can change (ADR 031, ADR 028). The embedded database qualifies: PGlite cannot share its data
 * directory with another process, so a catalogue import reaches the running server through
 * DATA_DIR's control socket, and the server clears this cache when the import commits
 * (catalogue-changes.server.ts). Do NOT put this in front of a backend that can change
 * underneath us (a PostgreSQL server, or hosted Supabase edited through its dashboard and API).
 *
 * Why: PGlite is single-threaded WebAssembly in this process, so every query's CPU time is
 * taken from rendering, and every request waits for the queries before it. A catalogue page
 * costs a count over all matches plus the page query; the same few pages (the first page of
 * each category and sort, popular searches) are asked for again and again.
 *
 * Results are shared between requests, so they are frozen: a caller that tried to change one
 * would throw instead of corrupting what the next visitor sees. A failed read is not kept,
 * and concurrent requests for the same key share one read.
 */

/** How much one of the caches keeps: whichever bound is reached first evicts the least recently used. */
export interface CacheLimit {
  /** Results kept. */
  entries: number;
  /** Their combined size, estimated as the length of their JSON (jsonLength); a larger result is not kept. */
  size: number;
}

export interface CacheLimits {
  /** Catalogue pages (filters + sort + page), each up to PAGE_SIZE products, and the filter counts (under 1 KB each). */
  lists: CacheLimit;
  /** Single products (product pages). */
  products: CacheLimit;
  /** Best-rated lists (related products, one a category) and featured-product lists (4-5 products each). */
  groups: CacheLimit;
}

const MB = 1024 * 1024;

/**
 * A seed product is about 1.1 KB of JSON and a catalogue page of 24 about 22 KB, so with
 * products like the seed's the entry counts bind first; the sizes still bind when products are
 * larger (long descriptions, many specifications). At most about 17 MB of JSON in all, and
 * objects take about 1.5 times their JSON length in the heap (measured on a catalogue page).
 * The catalogue pages are the page cache's second line (ADR 020), so they got the smaller share
 * when overload needed the memory for a password check (ADR 024).
 */
const DEFAULT_CACHE_LIMITS: CacheLimits = {
  lists: { entries: 250, size: 6 * MB },
  products: { entries: 2000, size: 3 * MB },
  groups: { entries: 1000, size: 8 * MB },
};

/** The sitemap asks with one limit: a slot or two is plenty (10,000 ids are about 60 KB of JSON). */
const ID_LIST_LIMIT: CacheLimit = { entries: 2, size: MB };

/**
 * A result's size for the bounds: a rough estimate (characters of JSON, not bytes of heap),
 * computed once per read from the database, which costs far more.
 */
function jsonLength(value: unknown): number {
  return JSON.stringify(value).length;
}

/** How to read a value the cache does not have yet; each call site knows its own. */
type Read<V> = () => Promise<V>;

/**
 * lru-cache's fetch() shares one read between concurrent requests for a key and keeps no
 * failed read; the read itself is passed to it as the fetch's `context`.
 */
function readCache<V extends object>(limit: CacheLimit): LRUCache<string, V, Read<V>> {
  return new LRUCache<string, V, Read<V>>({
    max: limit.entries,
    maxSize: limit.size,
    sizeCalculation: jsonLength,
    fetchMethod: (_key, _stale, { context: read }) => read(),
    // A read still under way when its entry is evicted still answers the requests waiting for it.
    ignoreFetchAbort: true,
  });
}

/** lru-cache keeps no null, so a product that does not exist is kept as `{ product: null }`. */
interface ProductLookup {
  readonly product: Product | null;
}

function freezeProduct(product: Product): Product {
  Object.freeze(product.images);
  Object.freeze(product.features);
  Object.freeze(product.specifications);
  return Object.freeze(product);
}

/** The filter counts are small plain data: frozen all the way down. */
function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (inner && typeof inner === "object") deepFreeze(inner as object);
  return Object.freeze(value);
}

function freezeProducts(products: Product[]): Product[] {
  products.forEach(freezeProduct);
  return Object.freeze(products) as Product[];
}

/**
 * One key per distinct result. The fields are copied into a literal in a fixed order, so two
 * equal queries always share an entry, and a field added to ProductListQuery later fails to
 * compile here instead of being silently left out of the key.
 */
export function listQueryKey(query: ProductListQuery): string {
  const fields: Required<ProductListQuery> = {
    search: query.search,
    exact: query.exact,
    category: query.category,
    min: query.min,
    max: query.max,
    inStock: query.inStock,
    sort: query.sort,
    page: query.page,
  };
  return JSON.stringify(fields);
}

/** The same for the filter counts, which do not depend on the sort or the page. */
export function facetQueryKey(query: FacetQuery): string {
  const fields: Required<FacetQuery> = {
    search: query.search,
    exact: query.exact,
    category: query.category,
    min: query.min,
    max: query.max,
    inStock: query.inStock,
  };
  return JSON.stringify(["facets", fields]);
}

export class CachedProductRepository implements ProductRepository {
  private lists!: LRUCache<string, ProductPage, Read<ProductPage>>;
  private facets!: LRUCache<string, CatalogueFacets, Read<CatalogueFacets>>;
  private products!: LRUCache<string, ProductLookup, Read<ProductLookup>>;
  private groups!: LRUCache<string, Product[], Read<Product[]>>;
  private idLists!: LRUCache<string, number[], Read<number[]>>;

  constructor(
    private readonly inner: ProductRepository,
    private readonly limits: CacheLimits = DEFAULT_CACHE_LIMITS,
  ) {
    this.clear();
  }

  /** Entries held, for tests. */
  get sizes(): { lists: number; products: number; groups: number } {
    return { lists: this.lists.size, products: this.products.size, groups: this.groups.size };
  }

  // forceFetch is fetch() without `undefined` in its type: it rejects if the value is
  // undefined, which none of these is. It does not bypass the cache.

  listProducts(query: ProductListQuery): Promise<ProductPage> {
    return this.lists.forceFetch(listQueryKey(query), {
      context: async () => {
        const page = await this.inner.listProducts(query);
        return Object.freeze({ products: freezeProducts(page.products), total: page.total });
      },
    });
  }

  countFacets(query: FacetQuery): Promise<CatalogueFacets> {
    return this.facets.forceFetch(facetQueryKey(query), {
      context: async () => deepFreeze(await this.inner.countFacets(query)),
    });
  }

  async getProduct(id: number): Promise<Product | null> {
    // Ids that cannot exist are answered by the inner repository without a query; not worth a slot.
    if (!Number.isSafeInteger(id) || id < 1) return this.inner.getProduct(id);
    const lookup = await this.products.forceFetch(String(id), {
      context: async () => {
        const product = await this.inner.getProduct(id);
        return Object.freeze({ product: product && freezeProduct(product) });
      },
    });
    return lookup.product;
  }

  bestRatedInCategory(category: string, limit: number): Promise<Product[]> {
    const key = JSON.stringify(["best-rated", category, limit]);
    return this.groups.forceFetch(key, {
      context: async () => freezeProducts(await this.inner.bestRatedInCategory(category, limit)),
    });
  }

  getProducts(ids: readonly number[]): Promise<Product[]> {
    const key = JSON.stringify(["ids", ...ids]);
    return this.groups.forceFetch(key, { context: async () => freezeProducts(await this.inner.getProducts(ids)) });
  }

  listProductIds(limit: number): Promise<number[]> {
    return this.idLists.forceFetch(String(limit), {
      context: async () => Object.freeze(await this.inner.listProductIds(limit)) as number[],
    });
  }

  /**
   * Forgets every result, after this process changed the catalogue itself (a catalogue import,
   * ADR 028). New caches rather than emptied ones: a read that began before the change still
   * answers its callers, but lands in the old cache, which nobody asks again.
   */
  clear(): void {
    this.lists = readCache(this.limits.lists);
    this.facets = readCache(this.limits.lists);
    this.products = readCache(this.limits.products);
    this.groups = readCache(this.limits.groups);
    this.idLists = readCache(ID_LIST_LIMIT);
  }

  /** Never cached: /healthz must ask the database itself. */
  ping(): Promise<void> {
    return this.inner.ping();
  }
}
