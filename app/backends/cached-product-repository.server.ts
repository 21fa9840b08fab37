import { LRUCache } from "lru-cache";

import type { FacetQuery, ProductListQuery, ProductPage, ProductRepository } from "~/backends/types.server";
import type { CatalogueFacets } from "~/models/catalogue/catalogue-facets";
import type { Product } from "~/models/product/product";

/**
 * The embedded database's read cache (ADR 031): only in front of a catalogue that this process alone changes, never a
 * PostgreSQL server or hosted Supabase. Results are frozen, since requests share them.
 */

/** How much one of the caches keeps: whichever bound is reached first evicts the least recently used. */
export interface CacheLimit {
  entries: number;
  /** Their combined size, estimated as the length of their JSON (jsonLength); a larger result is not kept. */
  size: number;
}

export interface CacheLimits {
  /** Catalogue pages; the filter counts have a cache of their own with the same bound. */
  lists: CacheLimit;
  products: CacheLimit;
  /** Best-rated (related products) and featured-product lists. */
  groups: CacheLimit;
}

const MB = 1024 * 1024;

/** Sized in ADR 031; the catalogue pages' bound is the smallest for ADR 024. */
const DEFAULT_CACHE_LIMITS: CacheLimits = {
  lists: { entries: 250, size: 6 * MB },
  products: { entries: 2000, size: 3 * MB },
  groups: { entries: 1000, size: 8 * MB },
};

/** The sitemap asks with one limit: a slot or two is plenty (10,000 ids are about 60 KB of JSON). */
const ID_LIST_LIMIT: CacheLimit = { entries: 2, size: MB };

/** A rough size (characters of JSON, not bytes of heap), cheap beside the database read it measures. */
function jsonLength(value: unknown): number {
  return JSON.stringify(value).length;
}

type Read<V> = () => Promise<V>;

/** fetch() shares one read between concurrent requests for a key and keeps no failed one; the read is its context. */
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

/** In a fixed order, so equal queries share a key; a field added to the query fails to compile until it is here. */
function filterFields(query: FacetQuery): Required<FacetQuery> {
  return {
    search: query.search,
    exact: query.exact,
    category: query.category,
    min: query.min,
    max: query.max,
    inStock: query.inStock,
  };
}

export function listQueryKey(query: ProductListQuery): string {
  const fields: Required<ProductListQuery> = { ...filterFields(query), sort: query.sort, page: query.page };
  return JSON.stringify(fields);
}

/** The filter counts do not depend on the sort or the page. */
export function facetQueryKey(query: FacetQuery): string {
  return JSON.stringify(["facets", filterFields(query)]);
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

  // forceFetch is fetch() typed without `undefined` (no read here gives it); it does not bypass the cache.

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

  /** Once this process changed the catalogue: new caches, so a read begun before lands in one nobody asks (ADR 031). */
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
