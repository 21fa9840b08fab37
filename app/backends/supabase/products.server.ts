import type { PostgrestError, SupabaseClient } from "@supabase/supabase-js";

import { facetArguments, toCatalogueFacets } from "~/backends/facets.server";
import { PRODUCT_COLUMNS, type ProductRow,toProduct } from "~/backends/product-row.server";
import {
  BackendError,
  type FacetQuery,
  type ProductListQuery,
  type ProductPage,
  type ProductRepository,
} from "~/backends/types.server";
import type { CatalogueFacets } from "~/models/catalogue/catalogue-facets";
import { PAGE_SIZE, PRICE_MAX, PRICE_MIN, type Sort } from "~/models/catalogue/catalogue-query";
import type { Product, WithdrawnProduct } from "~/models/product/product";

// Typed as plain strings: the client has no generated schema types to check them against.
const COLUMNS: string = PRODUCT_COLUMNS.join(",");
const ID_COLUMN: string = "id";

/** Ids asked for at a time when listing them all: Supabase's default max rows. */
const ID_PAGE_SIZE = 1000;

/** PostgREST's "offset past the end" answer (416) when an exact count is asked for. */
const RANGE_NOT_SATISFIABLE = "PGRST103";

/** The same orders as the embedded backend, each ending with id ascending (ADR 004). */
const ORDERS: Record<Sort, { column: string; ascending: boolean; nullsFirst?: boolean }[]> = {
  name: [{ column: "name_sort", ascending: true }],
  "price-low": [{ column: "price", ascending: true }],
  "price-high": [{ column: "price", ascending: false }],
  rating: [{ column: "rating", ascending: false, nullsFirst: false }],
};

type ProductsQuery = ReturnType<ReturnType<SupabaseClient["from"]>["select"]>;

function withFilters(builder: ProductsQuery, query: FacetQuery): ProductsQuery {
  let b = builder;
  if (query.category) b = b.eq("category", query.category);
  if (query.min > PRICE_MIN) b = b.gte("price", query.min);
  // The top of the slider reads "$100+": no upper bound.
  if (query.max < PRICE_MAX) b = b.lte("price", query.max);
  if (query.inStock) b = b.eq("in_stock", true);
  return b;
}

/** "Not now" rather than "wrong": no answer (status 0: the bounded fetch gave up), a time-out, rate limiting, a 5xx. */
function isOutageStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The service's own message, with its code, details and hint kept for the logs. */
function backendError(error: Pick<PostgrestError, "message" | "code" | "details" | "hint">, status: number) {
  return new BackendError(error.message || "The data service did not answer.", {
    kind: isOutageStatus(status) ? "unavailable" : "failed",
    serviceError: {
      code: error.code || undefined,
      detail: error.details || undefined,
      hint: error.hint || undefined,
      status,
    },
  });
}

/** Product reads through PostgREST as anon; `.retry(false)`: the bounded fetch retries within its deadline instead. */
export class SupabaseProductRepository implements ProductRepository {
  constructor(private readonly client: SupabaseClient) {}

  private products() {
    return this.client.from("products");
  }

  /** The products a shopper may see: never one withdrawn from sale (ADR 036). */
  private onSale(columns: string, options?: { count: "exact"; head?: boolean }): ProductsQuery {
    const selected: ProductsQuery = this.products().select(columns, options);
    return selected.eq("withdrawn", false);
  }

  /** Every product on sale, or those `search_products` finds (ADR 034), to filter, sort and page like a table. */
  private listing(query: FacetQuery, columns: string, options: { count: "exact"; head?: boolean }): ProductsQuery {
    if (!query.search) return this.onSale(columns, options);
    const args = { term: query.search, exact: query.exact };
    // A head request (the count alone) must be a GET, with the arguments in the query string.
    const rpc = this.client.rpc("search_products", args, { ...options, get: options.head === true });
    return rpc.select(columns) as unknown as ProductsQuery;
  }

  async listProducts(query: ProductListQuery): Promise<ProductPage> {
    const from = (query.page - 1) * PAGE_SIZE;
    let request = withFilters(this.listing(query, COLUMNS, { count: "exact" }), query);
    for (const { column, ascending, nullsFirst } of ORDERS[query.sort]) {
      request = request.order(column, { ascending, nullsFirst });
    }
    const { data, error, count, status } = await request
      .order("id", { ascending: true })
      .range(from, from + PAGE_SIZE - 1)
      .retry(false);
    if (error?.code === RANGE_NOT_SATISFIABLE) {
      // A page past the end: still report how many products match.
      return { products: [], total: await this.count(query) };
    }
    if (error) throw backendError(error, status);
    const rows = (data ?? []) as unknown as ProductRow[];
    return { products: rows.map(toProduct), total: count ?? rows.length };
  }

  private async count(query: ProductListQuery): Promise<number> {
    const { error, count, status } = await withFilters(
      this.listing(query, ID_COLUMN, { count: "exact", head: true }),
      query,
    ).retry(false);
    if (error) throw backendError(error, status);
    return count ?? 0;
  }

  async countFacets(query: FacetQuery): Promise<CatalogueFacets> {
    const { data, error, status } = await this.client.rpc("catalogue_facets", { ...facetArguments(query) }).retry(false);
    if (error) throw backendError(error, status);
    return toCatalogueFacets(data);
  }

  async getProduct(id: number): Promise<Product | null> {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    const { data, error, status } = await this.onSale(COLUMNS).eq("id", id).maybeSingle().retry(false);
    if (error) throw backendError(error, status);
    return data ? toProduct(data as unknown as ProductRow) : null;
  }

  async bestRatedInCategory(category: string, limit: number): Promise<Product[]> {
    if (!Number.isSafeInteger(limit) || limit < 1) return [];
    // Best rated first, then id: the same deterministic order as the embedded backend.
    const { data, error, status } = await this.onSale(COLUMNS)
      .eq("category", category)
      .order("rating", { ascending: false, nullsFirst: false })
      .order("id", { ascending: true })
      .limit(limit)
      .retry(false);
    if (error) throw backendError(error, status);
    return ((data ?? []) as unknown as ProductRow[]).map(toProduct);
  }

  async getProducts(ids: readonly number[]): Promise<Product[]> {
    const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
    if (wanted.length === 0) return [];
    const { data, error, status } = await this.onSale(COLUMNS).in("id", wanted).retry(false);
    if (error) throw backendError(error, status);
    const byId = new Map(((data ?? []) as unknown as ProductRow[]).map((row) => [Number(row.id), toProduct(row)]));
    return wanted.flatMap((id) => byId.get(id) ?? []);
  }

  /** Keyset pages until an empty one: PostgREST caps an answer at the project's max rows, so a short page is no end. */
  async listProductIds(limit: number): Promise<number[]> {
    const ids: number[] = [];
    if (!Number.isSafeInteger(limit) || limit < 1) return ids;
    let last = 0;
    while (ids.length < limit) {
      const { data, error, status } = await this.onSale(ID_COLUMN)
        .gt("id", last)
        .order("id", { ascending: true })
        .limit(Math.min(ID_PAGE_SIZE, limit - ids.length))
        .retry(false);
      if (error) throw backendError(error, status);
      const page = ((data ?? []) as unknown as { id: number | string }[]).map((row) => Number(row.id));
      if (page.length === 0) break;
      const next = page[page.length - 1]!;
      // An answer that ignored the filter would otherwise loop forever.
      if (!(next > last)) throw new BackendError("The data service returned product ids out of order.");
      ids.push(...page);
      last = next;
    }
    return ids;
  }

  async ping(): Promise<void> {
    const { error, status } = await this.products().select("id").limit(1).retry(false);
    if (error) throw backendError(error, status);
  }
}

/** A withdrawn product, for its page's 410: `withdrawn_product` alone sees those rows. */
export async function withdrawnProduct(client: SupabaseClient, id: number): Promise<WithdrawnProduct | null> {
  const { data, error, status } = await client.rpc("withdrawn_product", { product_id: id }).retry(false);
  if (error) throw backendError(error, status);
  return (data as WithdrawnProduct | null) ?? null;
}
