import type { Transaction } from "@electric-sql/pglite";

import { PRODUCT_COLUMNS, RELATED_LIMIT, toProduct, type ProductRow } from "~/backends/product-row";
import { containsPattern } from "~/backends/search-pattern";
import { BackendError, type ProductListQuery, type ProductPage, type ProductRepository } from "~/backends/types";
import { PAGE_SIZE, PRICE_MAX, PRICE_MIN, type Sort } from "~/models/catalogue-query";
import type { Product } from "~/models/product";

import { asAnon, type Database } from "./database.server";

const COLUMNS = PRODUCT_COLUMNS.join(", ");

/** Each sort ends with id so equal keys always come back in one order (ADR 004). */
const ORDER_BY: Record<Sort, string> = {
  name: "name_sort, id",
  "price-low": "price, id",
  "price-high": "price desc, id",
  rating: "rating desc nulls last, id",
};

/** The WHERE clause and its parameters for a catalogue query. */
function whereClause(query: ProductListQuery): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.search) {
    const pattern = param(containsPattern(query.search));
    conditions.push(`(name ilike ${pattern} escape '\\' or description ilike ${pattern} escape '\\')`);
  }
  if (query.category) conditions.push(`category = ${param(query.category)}`);
  if (query.min > PRICE_MIN) conditions.push(`price >= ${param(query.min)}`);
  // The top of the slider reads "$100+": no upper bound.
  if (query.max < PRICE_MAX) conditions.push(`price <= ${param(query.max)}`);
  if (query.inStock) conditions.push("in_stock");
  return { sql: conditions.length ? `where ${conditions.join(" and ")}` : "", params };
}

/**
 * SQLSTATE classes that mean the database cannot serve now (connection, insufficient resources,
 * operator intervention, system error), as opposed to a query it refused.
 */
const UNAVAILABLE_SQLSTATE_CLASSES = new Set(["08", "53", "57", "58"]);

function backendError(error: unknown, doing: string): BackendError {
  if (error instanceof BackendError) return error;
  const e = error as { message?: string; code?: string; detail?: string; hint?: string };
  // An error without a SQLSTATE comes from PGlite itself (closed, out of memory), not from a query.
  const unavailable = typeof e.code !== "string" || UNAVAILABLE_SQLSTATE_CLASSES.has(e.code.slice(0, 2));
  return new BackendError(`Could not ${doing}: ${e.message ?? String(error)}`, {
    kind: unavailable ? "unavailable" : "failed",
    cause: error,
    serviceError: { code: e.code, detail: e.detail, hint: e.hint },
  });
}

/** Product reads against the embedded PGlite database, as role anon. */
export class EmbeddedProductRepository implements ProductRepository {
  constructor(private readonly db: Database) {}

  private async read<T>(doing: string, body: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await asAnon(this.db, body);
    } catch (error) {
      throw backendError(error, doing);
    }
  }

  listProducts(query: ProductListQuery): Promise<ProductPage> {
    const where = whereClause(query);
    const offset = (query.page - 1) * PAGE_SIZE;
    return this.read("load the products", async (tx) => {
      // Two statements in one transaction (one snapshot): the count stays right even for a page
      // past the end, and the page query can stop after PAGE_SIZE rows read off a sort index.
      const count = await tx.query<{ total: number }>(
        `select count(*)::int as total from public.products ${where.sql}`,
        where.params,
      );
      const total = count.rows[0]?.total ?? 0;
      if (offset >= total) return { products: [], total };
      const n = where.params.length;
      const page = await tx.query<ProductRow>(
        `select ${COLUMNS} from public.products ${where.sql}
         order by ${ORDER_BY[query.sort]} limit $${n + 1} offset $${n + 2}`,
        [...where.params, PAGE_SIZE, offset],
      );
      return { products: page.rows.map(toProduct), total };
    });
  }

  getProduct(id: number): Promise<Product | null> {
    if (!Number.isSafeInteger(id) || id < 1) return Promise.resolve(null);
    return this.read("load the product", async (tx) => {
      const { rows } = await tx.query<ProductRow>(`select ${COLUMNS} from public.products where id = $1`, [id]);
      return rows[0] ? toProduct(rows[0]) : null;
    });
  }

  relatedProducts(product: Pick<Product, "id" | "category">): Promise<Product[]> {
    return this.read("load related products", async (tx) => {
      // Best rated first, then id: deterministic, and served by the (category, rating, id) index.
      const { rows } = await tx.query<ProductRow>(
        `select ${COLUMNS} from public.products where category = $1 and id <> $2
         order by rating desc nulls last, id limit $3`,
        [product.category, product.id, RELATED_LIMIT],
      );
      return rows.map(toProduct);
    });
  }

  getProducts(ids: readonly number[]): Promise<Product[]> {
    const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
    if (wanted.length === 0) return Promise.resolve([]);
    return this.read("load the products", async (tx) => {
      const { rows } = await tx.query<ProductRow>(
        `select ${COLUMNS} from public.products where id = any($1::bigint[])`,
        [wanted],
      );
      const byId = new Map(rows.map((row) => [Number(row.id), toProduct(row)]));
      return wanted.flatMap((id) => byId.get(id) ?? []);
    });
  }

  listProductIds(limit: number): Promise<number[]> {
    if (!Number.isSafeInteger(limit) || limit < 1) return Promise.resolve([]);
    return this.read("list the products", async (tx) => {
      // Read straight off the primary key index: no row data, however large the catalogue.
      const { rows } = await tx.query<{ id: number | string }>("select id from public.products order by id limit $1", [
        limit,
      ]);
      return rows.map((row) => Number(row.id));
    });
  }

  async ping(): Promise<void> {
    await this.read("reach the database", async (tx) => {
      await tx.query("select 1");
    });
  }
}
