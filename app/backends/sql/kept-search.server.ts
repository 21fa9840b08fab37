import type { FacetQuery, ProductListQuery } from "~/backends/types.server";
import { PRICE_MAX, PRICE_MIN, PRICE_SHORTCUTS, type Sort } from "~/models/catalogue/catalogue-query";
import { CATEGORIES } from "~/models/catalogue/categories";

import type { SqlQueries } from "./sql-client.server";

/**
 * What a kept search knows of its products, so that paging, sorting, filtering and counting it cost no query but the
 * page's rows (ADR 040). The filters here must stay equal to the SQL ones (tests/unit/search.test.ts).
 */
export interface SearchFacts {
  /** Index into CATEGORIES, or -1 for a category the shop does not list. */
  category: Int8Array;
  price: Float64Array;
  inStock: Uint8Array;
  ids: Float64Array;
  /** Positions in the arrays above, in each sort's order, read from the database when first asked for. */
  orders: Map<Sort, Promise<Int32Array>>;
}

/** Bytes a kept search's facts take per product, for the cache's bound (ids, prices, stock, category, four orders). */
export const FACT_BYTES_PER_PRODUCT = 8 + 8 + 1 + 1 + 4 * 4;

const CATEGORY_INDEX = new Map<string, number>(CATEGORIES.map(({ slug }, i) => [slug, i]));

/** Reads the facts of `ids` (as role anon: what the shop may show). */
export async function readSearchFacts(tx: SqlQueries, ids: readonly number[]): Promise<SearchFacts> {
  const { rows } =
    ids.length === 0
      ? { rows: [] }
      : await tx.query<{ id: number | string; category: string; price: number; in_stock: boolean }>(
          "select id, category, price::float8 as price, in_stock from public.products where id = any($1::bigint[])",
          [ids],
        );
  const facts: SearchFacts = {
    category: new Int8Array(rows.length),
    price: new Float64Array(rows.length),
    inStock: new Uint8Array(rows.length),
    ids: new Float64Array(rows.length),
    orders: new Map(),
  };
  rows.forEach((row, i) => {
    facts.ids[i] = Number(row.id);
    facts.category[i] = CATEGORY_INDEX.get(row.category) ?? -1;
    facts.price[i] = Number(row.price);
    facts.inStock[i] = row.in_stock ? 1 : 0;
  });
  return facts;
}

/** The positions of the facts' products in `orderBy`'s order (the repository's ORDER_BY clause). */
export async function readSearchOrder(tx: SqlQueries, facts: SearchFacts, orderBy: string): Promise<Int32Array> {
  if (facts.ids.length === 0) return new Int32Array(0);
  const { rows } = await tx.query<{ id: number | string }>(
    `select id from public.products where id = any($1::bigint[]) order by ${orderBy}`,
    [Array.from(facts.ids)],
  );
  const position = new Map<number, number>();
  facts.ids.forEach((id, i) => position.set(id, i));
  return Int32Array.from(rows.flatMap((row) => position.get(Number(row.id)) ?? []));
}

type Filters = Pick<FacetQuery, "category" | "min" | "max" | "inStock">;

/** Whether the product at `i` passes the filters, as the listing's WHERE clause decides. */
function passes(facts: SearchFacts, i: number, { category, min, max, inStock }: Filters): boolean {
  if (category && facts.category[i] !== CATEGORY_INDEX.get(category)) return false;
  if (min > PRICE_MIN && !(facts.price[i]! >= min)) return false;
  if (max < PRICE_MAX && !(facts.price[i]! <= max)) return false;
  return !inStock || facts.inStock[i] === 1;
}

/** The listing: how many pass the filters, and the ids of the page asked for, in `order`. */
export function pageOfSearch(
  facts: SearchFacts,
  order: Int32Array,
  query: ProductListQuery,
  pageSize: number,
): { total: number; ids: number[] } {
  const first = (query.page - 1) * pageSize;
  const ids: number[] = [];
  let total = 0;
  for (const i of order) {
    if (!passes(facts, i, query)) continue;
    if (total >= first && ids.length < pageSize) ids.push(facts.ids[i]!);
    total++;
  }
  return { total, ids };
}

/** The counts beside the filters as catalogue_counts makes them: each filter's counts under the other filters. */
export function countSearch(
  facts: SearchFacts,
  query: FacetQuery,
): { categories: Record<string, number>; prices: number[] } {
  const categories: Record<string, number> = {};
  const prices = PRICE_SHORTCUTS.map(() => 0);
  // The filters made once, not once a product: a search may hold thousands.
  const anyCategory: Filters = { ...query, category: null };
  const anyPrice: Filters = { ...query, min: PRICE_MIN, max: PRICE_MAX };
  const shortcuts: Filters[] = PRICE_SHORTCUTS.map(({ min, max }) => ({ category: null, inStock: false, min, max }));
  for (let i = 0; i < facts.ids.length; i++) {
    if (passes(facts, i, anyCategory)) {
      const slug = CATEGORIES[facts.category[i]!]?.slug;
      if (slug) categories[slug] = (categories[slug] ?? 0) + 1;
    }
    if (!passes(facts, i, anyPrice)) continue;
    for (let n = 0; n < shortcuts.length; n++) if (passes(facts, i, shortcuts[n]!)) prices[n]!++;
  }
  return { categories, prices };
}
