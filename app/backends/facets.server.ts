import type { FacetQuery } from "~/backends/types.server";
import type { CatalogueFacets, SearchReading } from "~/models/catalogue/catalogue-facets";
import { PRICE_MAX, PRICE_MIN, PRICE_SHORTCUTS } from "~/models/catalogue/catalogue-query";
import { CATEGORIES, type CategorySlug } from "~/models/catalogue/categories";

/** `catalogue_facets`'s arguments (supabase/migrations): by its names for rpc, in its order for the SQL backend. */
export interface FacetArguments {
  term: string;
  exact: boolean;
  category: string | null;
  /** null: no lower bound. */
  min_price: number | null;
  /** null: no upper bound (the slider's "$100+"). */
  max_price: number | null;
  in_stock: boolean;
  /** PRICE_SHORTCUTS as [min, max] pairs, null for no bound: one count each, in this order. */
  price_ranges: [number | null, number | null][];
}

const bound = (dollars: number, none: number) => (dollars === none ? null : dollars);

export function facetArguments(query: FacetQuery): FacetArguments {
  return {
    term: query.search,
    exact: query.exact,
    category: query.category,
    min_price: bound(query.min, PRICE_MIN),
    max_price: bound(query.max, PRICE_MAX),
    in_stock: query.inStock,
    price_ranges: PRICE_SHORTCUTS.map(({ min, max }) => [bound(min, PRICE_MIN), bound(max, PRICE_MAX)]),
  };
}

/** What `catalogue_facets` answers, before it is checked. */
interface FacetsRow {
  categories?: Record<string, number | string>;
  prices?: (number | string)[];
  search?: {
    kind?: string;
    held?: number;
    counted?: number;
    term?: string | null;
    suggestion?: string | null;
  } | null;
}

/** A count as a whole number (PostgreSQL's bigint may come back as a string). */
const count = (value: unknown) => {
  const n = Number(value ?? 0);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

function searchReading(search: FacetsRow["search"]): SearchReading | null {
  if (!search) return null;
  const held = count(search.held);
  const counted = count(search.counted);
  switch (search.kind) {
    case "some-words":
      return { kind: "some-words", held, counted };
    case "corrected":
      return typeof search.term === "string" && search.term
        ? { kind: "corrected", term: search.term, held, counted }
        : { kind: "as-typed" };
    case "nothing":
      return { kind: "nothing", suggestion: typeof search.suggestion === "string" ? search.suggestion : null };
    default:
      return { kind: "as-typed" };
  }
}

/** The database's answer as the page uses it: every category and price range present, 0 when none. */
export function toCatalogueFacets(value: unknown): CatalogueFacets {
  const row = (value ?? {}) as FacetsRow;
  const categories = Object.fromEntries(CATEGORIES.map(({ slug }) => [slug, count(row.categories?.[slug])])) as Record<
    CategorySlug,
    number
  >;
  return {
    categories,
    allCategories: Object.values(categories).reduce((sum, n) => sum + n, 0),
    prices: PRICE_SHORTCUTS.map((_, i) => count(row.prices?.[i])),
    search: searchReading(row.search),
  };
}
