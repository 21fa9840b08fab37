import type { ProductListQuery, ProductPage, ProductRepository } from "~/backends/types";
import type { Product } from "~/models/product";

/**
 * A bounded in-process cache in front of a ProductRepository whose catalogue cannot change
 * while this process runs (ADR 007). The embedded database qualifies: the app has no write
 * path for products, and `npm run db:scale` (the only other writer) must run while the server
 * is stopped, because PGlite cannot share its data directory with another process. Restarting
 * the server is therefore the invalidation. Do NOT put this in front of a backend that can
 * change underneath us (hosted Supabase is edited through its dashboard and API).
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

export interface CacheLimits {
  /** Catalogue pages kept (filters + sort + page). Each holds up to PAGE_SIZE products. */
  lists: number;
  /** Single products kept (product pages). */
  products: number;
  /** Related-product and featured-product lists kept. */
  groups: number;
}

/**
 * About 25 KB of JavaScript objects per catalogue page of 24 products and 1 KB per product,
 * so the defaults bound the cache at roughly 15 MB.
 */
export const DEFAULT_CACHE_LIMITS: CacheLimits = { lists: 500, products: 2000, groups: 1000 };

/** A least-recently-used map of promises: a Map iterates in insertion order, so re-inserting on a hit keeps the oldest first. */
class LruCache<V> {
  private readonly entries = new Map<string, Promise<V>>();

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const loading = load();
    this.entries.set(key, loading);
    // A failure (e.g. the database was briefly unavailable) must not be served again.
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return loading;
  }
}

function freezeProduct(product: Product): Product {
  Object.freeze(product.images);
  Object.freeze(product.features);
  Object.freeze(product.specifications);
  return Object.freeze(product);
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
    category: query.category,
    min: query.min,
    max: query.max,
    inStock: query.inStock,
    sort: query.sort,
    page: query.page,
  };
  return JSON.stringify(fields);
}

export class CachedProductRepository implements ProductRepository {
  private readonly lists: LruCache<ProductPage>;
  private readonly products: LruCache<Product | null>;
  private readonly groups: LruCache<Product[]>;
  /** The sitemap asks with one limit: a slot or two is plenty (10,000 ids are about 80 KB). */
  private readonly idLists = new LruCache<number[]>(2);

  constructor(
    private readonly inner: ProductRepository,
    limits: CacheLimits = DEFAULT_CACHE_LIMITS,
  ) {
    this.lists = new LruCache(limits.lists);
    this.products = new LruCache(limits.products);
    this.groups = new LruCache(limits.groups);
  }

  /** Entries held, for tests. */
  get sizes(): { lists: number; products: number; groups: number } {
    return { lists: this.lists.size, products: this.products.size, groups: this.groups.size };
  }

  listProducts(query: ProductListQuery): Promise<ProductPage> {
    return this.lists.get(listQueryKey(query), async () => {
      const page = await this.inner.listProducts(query);
      return Object.freeze({ products: freezeProducts(page.products), total: page.total });
    });
  }

  getProduct(id: number): Promise<Product | null> {
    // Ids that cannot exist are answered by the inner repository without a query; not worth a slot.
    if (!Number.isSafeInteger(id) || id < 1) return this.inner.getProduct(id);
    return this.products.get(String(id), async () => {
      const product = await this.inner.getProduct(id);
      return product && freezeProduct(product);
    });
  }

  relatedProducts(product: Pick<Product, "id" | "category">): Promise<Product[]> {
    const key = JSON.stringify(["related", product.id, product.category]);
    return this.groups.get(key, async () => freezeProducts(await this.inner.relatedProducts(product)));
  }

  getProducts(ids: readonly number[]): Promise<Product[]> {
    const key = JSON.stringify(["ids", ...ids]);
    return this.groups.get(key, async () => freezeProducts(await this.inner.getProducts(ids)));
  }

  listProductIds(limit: number): Promise<number[]> {
    return this.idLists.get(
      String(limit),
      async () => Object.freeze(await this.inner.listProductIds(limit)) as number[],
    );
  }

  /** Never cached: /healthz must ask the database itself. */
  ping(): Promise<void> {
    return this.inner.ping();
  }
}
