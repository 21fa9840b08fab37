import { LRUCache } from "lru-cache";

import { facetArguments, toCatalogueFacets } from "~/backends/facets.server";
import { PRODUCT_COLUMNS, type ProductRow, toProduct } from "~/backends/product-row.server";
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

import {
  countSearch,
  FACT_BYTES_PER_PRODUCT,
  pageOfSearch,
  readSearchFacts,
  readSearchOrder,
  type SearchFacts,
} from "./kept-search.server";
import { asAnon, type SqlClient, type SqlQueries } from "./sql-client.server";

const COLUMNS = PRODUCT_COLUMNS.join(", ");

/** Each sort ends with id so equal keys always come back in one order (ADR 004). */
const ORDER_BY: Record<Sort, string> = {
  name: "name_sort, id",
  "price-low": "price, id",
  "price-high": "price desc, id",
  rating: "rating desc nulls last, id",
};

const SORT_KEY: Record<Sort, string> = {
  name: "name_sort",
  "price-low": "price",
  "price-high": "price",
  rating: "rating",
};

/** What kept searches may hold in all (ADR 040). */
const KEPT_SEARCH_BYTES = 3 * 1024 * 1024;

/** A term as `search_resolve` (supabase/migrations) read it: its products, and the reading for the page's notice. */
interface ResolvedSearch {
  ids: number[];
  reading: Record<string, unknown>;
  /** Whether it was kept (the embedded database): only then are its facts read and kept with it. */
  kept: boolean;
  facts?: Promise<SearchFacts>;
}

/** The WHERE clause and its parameters for a catalogue query; `found` is its search's products. */
function whereClause(query: ProductListQuery, found: number[] | null): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // Never a withdrawn product (ADR 036; the sort indexes are partial on it); a search's products by id.
  conditions.push("not withdrawn");
  if (found) conditions.push(`id = any(${param(found)}::bigint[])`);
  if (query.category) conditions.push(`category = ${param(query.category)}`);
  if (query.min > PRICE_MIN) conditions.push(`price >= ${param(query.min)}`);
  // The top of the slider reads "$100+": no upper bound.
  if (query.max < PRICE_MAX) conditions.push(`price <= ${param(query.max)}`);
  if (query.inStock) conditions.push("in_stock");
  return { sql: `where ${conditions.join(" and ")}`, params };
}

/** SQLSTATE classes of a database that cannot serve now, as against a query it refused (ADR 016). */
const UNAVAILABLE_SQLSTATE_CLASSES = new Set(["08", "53", "57", "58"]);

/** Five digits or capitals: PostgreSQL's error codes, as opposed to Node's (ECONNREFUSED, ...). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

function backendError(error: unknown, doing: string): BackendError {
  if (error instanceof BackendError) return error;
  const e = error as { message?: string; code?: string; detail?: string; hint?: string };
  // No SQLSTATE: the driver's own error (closed, refused, dropped, timed out), an outage (ADR 016).
  const sqlState = typeof e.code === "string" && SQLSTATE.test(e.code) ? e.code : null;
  const unavailable = sqlState === null || UNAVAILABLE_SQLSTATE_CLASSES.has(sqlState.slice(0, 2));
  return new BackendError(`Could not ${doing}: ${e.message ?? String(error)}`, {
    kind: unavailable ? "unavailable" : "failed",
    cause: error,
    serviceError: { code: e.code, detail: e.detail, hint: e.hint },
  });
}

/** Product reads as role anon, on the embedded database or a PostgreSQL server (ADR 016). */
export class SqlProductRepository implements ProductRepository {
  /** Searches being read, by term: a page's listing and counts wait for one reading (ADR 034). */
  private readonly resolving = new Map<string, Promise<ResolvedSearch>>();
  /** Searches read, kept where only this process changes the catalogue, until it does (ADR 040). */
  private readonly searches: LRUCache<string, ResolvedSearch> | null;

  constructor(
    private readonly db: SqlClient,
    options: { keepSearches?: boolean } = {},
  ) {
    this.searches = options.keepSearches
      ? new LRUCache<string, ResolvedSearch>({
          maxSize: KEPT_SEARCH_BYTES,
          sizeCalculation: (s) => (s.ids.length + 1) * FACT_BYTES_PER_PRODUCT,
        })
      : null;
  }

  /** After a catalogue change: the next search reads the catalogue again. */
  forgetSearches(): void {
    this.searches?.clear();
    this.resolving.clear();
  }

  private resolveSearch(term: string, exact: boolean): Promise<ResolvedSearch> {
    const key = JSON.stringify([term, exact]);
    const kept = this.searches?.get(key);
    if (kept) return Promise.resolve(kept);
    const inFlight = this.resolving.get(key);
    if (inFlight) return inFlight;
    const resolved: Promise<ResolvedSearch> = this.read("search the catalogue", async (tx) => {
      const { rows } = await tx.query<{ reading: { ids?: (number | string)[] } & Record<string, unknown> }>(
        "select public.search_resolve($1, $2) as reading",
        [term, exact],
      );
      const { ids = [], ...reading } = rows[0]?.reading ?? {};
      // Kept unless the catalogue changed while it was being read (forgetSearches ran since).
      const search: ResolvedSearch = {
        ids: ids.map(Number),
        reading,
        kept: !!this.searches && this.resolving.get(key) === resolved,
      };
      if (search.kept) this.searches?.set(key, search);
      return search;
    }).finally(() => {
      if (this.resolving.get(key) === resolved) this.resolving.delete(key);
    });
    this.resolving.set(key, resolved);
    return resolved;
  }

  private async read<T>(doing: string, body: (tx: SqlQueries) => Promise<T>): Promise<T> {
    try {
      return await asAnon(this.db, body);
    } catch (error) {
      throw backendError(error, doing);
    }
  }

  /** A kept search's facts and its order under `sort`, read once each (ADR 040); a failed read is not kept. */
  private async keptFacts(
    search: ResolvedSearch | null,
    sort?: Sort,
  ): Promise<{ facts: SearchFacts; order?: Int32Array } | null> {
    if (!search?.kept) return null;
    const facts = await (search.facts ??= this.read("search the catalogue", (tx) =>
      readSearchFacts(tx, search.ids),
    ).catch((error: unknown) => {
      search.facts = undefined;
      throw error;
    }));
    if (!sort) return { facts };
    let order = facts.orders.get(sort);
    if (!order) {
      order = this.read("sort the products", (tx) => readSearchOrder(tx, facts, ORDER_BY[sort])).catch(
        (error: unknown) => {
          facts.orders.delete(sort);
          throw error;
        },
      );
      facts.orders.set(sort, order);
    }
    return { facts, order: await order };
  }

  async listProducts(query: ProductListQuery): Promise<ProductPage> {
    const search = query.search ? await this.resolveSearch(query.search, query.exact) : null;
    const kept = await this.keptFacts(search, query.sort);
    if (kept?.order) {
      const { total, ids } = pageOfSearch(kept.facts, kept.order, query, PAGE_SIZE);
      return { total, products: await this.getProducts(ids) };
    }
    const found = search?.ids ?? null;
    if (found?.length === 0) return { products: [], total: 0 };
    const where = whereClause(query, found);
    const n = where.params.length;
    const order = ORDER_BY[query.sort];
    // One statement for the count and the page, its rows as one JSON array; a search's matches are materialized,
    // otherwise the count and the page read separate indexes (ADR 014).
    const sql = `with matches as ${query.search ? "materialized" : "not materialized"} (
        select id, ${SORT_KEY[query.sort]} from public.products ${where.sql}
      ), page as (
        select id from matches order by ${order} limit $${n + 1} offset $${n + 2}
      )
      select (select count(*)::int from matches) as total,
        (select coalesce(json_agg(p order by ${order}), '[]')
           from (select ${COLUMNS}, name_sort from public.products where id in (select id from page)) p) as products`;
    const offset = (query.page - 1) * PAGE_SIZE;
    return this.read("load the products", async (tx) => {
      const { rows } = await tx.query<{ total: number; products: ProductRow[] }>(sql, [
        ...where.params,
        PAGE_SIZE,
        offset,
      ]);
      const row = rows[0];
      return { products: (row?.products ?? []).map(toProduct), total: row?.total ?? 0 };
    });
  }

  async countFacets(query: FacetQuery): Promise<CatalogueFacets> {
    const search = query.search ? await this.resolveSearch(query.search, query.exact) : null;
    const kept = await this.keptFacts(search);
    if (kept) return toCatalogueFacets({ ...countSearch(kept.facts, query), search: search?.reading ?? null });
    const args = facetArguments(query);
    const counts = await this.read("count the products", async (tx) => {
      const { rows } = await tx.query<{ counts: Record<string, unknown> }>(
        "select public.catalogue_counts($1::bigint[], $2, $3, $4, $5, $6::jsonb) as counts",
        [
          search?.ids ?? null,
          args.category,
          args.min_price,
          args.max_price,
          args.in_stock,
          JSON.stringify(args.price_ranges),
        ],
      );
      return rows[0]?.counts ?? {};
    });
    return toCatalogueFacets({ ...counts, search: search?.reading ?? null });
  }

  getProduct(id: number): Promise<Product | null> {
    if (!Number.isSafeInteger(id) || id < 1) return Promise.resolve(null);
    return this.read("load the product", async (tx) => {
      const { rows } = await tx.query<ProductRow>(
        `select ${COLUMNS} from public.products where id = $1 and not withdrawn`,
        [id],
      );
      return rows[0] ? toProduct(rows[0]) : null;
    });
  }

  bestRatedInCategory(category: string, limit: number): Promise<Product[]> {
    if (!Number.isSafeInteger(limit) || limit < 1) return Promise.resolve([]);
    return this.read("load the best rated products", async (tx) => {
      // Best rated first, then id: deterministic, and served by the (category, rating, id) index.
      const { rows } = await tx.query<ProductRow>(
        `select ${COLUMNS} from public.products where category = $1 and not withdrawn
         order by rating desc nulls last, id limit $2`,
        [category, limit],
      );
      return rows.map(toProduct);
    });
  }

  getProducts(ids: readonly number[]): Promise<Product[]> {
    const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
    if (wanted.length === 0) return Promise.resolve([]);
    return this.read("load the products", async (tx) => {
      // As one JSON array: PGlite turns one value into objects faster than a row per product.
      const { rows } = await tx.query<{ products: ProductRow[] | null }>(
        `select json_agg(p) as products from (
           select ${COLUMNS} from public.products where id = any($1::bigint[]) and not withdrawn) p`,
        [wanted],
      );
      const byId = new Map((rows[0]?.products ?? []).map((row) => [Number(row.id), toProduct(row)]));
      return wanted.flatMap((id) => byId.get(id) ?? []);
    });
  }

  listProductIds(limit: number): Promise<number[]> {
    if (!Number.isSafeInteger(limit) || limit < 1) return Promise.resolve([]);
    return this.read("list the products", async (tx) => {
      // Read straight off the index of the ids on sale: no row data, however large the catalogue.
      const { rows } = await tx.query<{ id: number | string }>(
        "select id from public.products where not withdrawn order by id limit $1",
        [limit],
      );
      return rows.map((row) => Number(row.id));
    });
  }

  /** For /healthz: one statement, no transaction or role, since it only asks whether the database answers. */
  async ping(): Promise<void> {
    try {
      await this.db.exec("select 1");
    } catch (error) {
      throw backendError(error, "reach the database");
    }
  }
}

/** A withdrawn product, for its page's 410: `withdrawn_product` alone sees those rows; read as anon, as hosted. */
export async function withdrawnProduct(db: SqlClient, id: number): Promise<WithdrawnProduct | null> {
  try {
    return await asAnon(db, async (tx) => {
      const { rows } = await tx.query<{ product: WithdrawnProduct | null }>(
        "select public.withdrawn_product($1) as product",
        [id],
      );
      return rows[0]?.product ?? null;
    });
  } catch (error) {
    throw backendError(error, "look for a withdrawn product");
  }
}
