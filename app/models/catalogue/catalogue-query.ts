import { cleanText, queryParam } from "../forms/request-text";
import { type CategorySlug, isCategorySlug } from "./categories";

/**
 * The catalogue's state lives in the URL (ADR 002). This module turns any query string,
 * however hostile, into a valid CatalogueQuery, and a query back into the shortest URL.
 * Every invalid value falls back to its default; nothing here throws.
 */

export const SORTS = ["name", "price-low", "price-high", "rating"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  name: "Name (A–Z)",
  "price-low": "Price: Low to High",
  "price-high": "Price: High to Low",
  rating: "Highest Rated",
};

export const VIEWS = ["grid", "list"] as const;
export type View = (typeof VIEWS)[number];

/** The price sliders run over whole dollars; PRICE_MAX means "$100+", i.e. no upper bound. */
export const PRICE_MIN = 0;
export const PRICE_MAX = 100;
export const PAGE_SIZE = 24;
/** Only this much of a search term is used (docs/catalogue.md#search). */
export const SEARCH_MAX_LENGTH = 100;
/**
 * Common price ranges, offered as links beside the sliders with the number of products in each
 * (one step for anyone, and the way to filter by price in a text browser).
 */
export const PRICE_SHORTCUTS = [
  { label: "Under $10", min: PRICE_MIN, max: 10 },
  { label: "$10 to $25", min: 10, max: 25 },
  { label: "$25 to $50", min: 25, max: 50 },
  { label: "$50 and up", min: 50, max: PRICE_MAX },
] as const;
/** Pages past this are treated as invalid, so a huge number never reaches SQL as an offset. */
const PAGE_LIMIT = 100_000;

export interface CatalogueQuery {
  /** Trimmed, at most SEARCH_MAX_LENGTH characters, "" when absent. */
  search: string;
  /**
   * `exact=1`: search for the term as typed, without correcting a typo (the notice's "Search
   * exactly" link, docs/catalogue.md#search). Only ever true with a search term.
   */
  exact: boolean;
  /** null means All Categories. */
  category: CategorySlug | null;
  /** Whole dollars, PRICE_MIN..PRICE_MAX, min <= max. */
  min: number;
  /** Whole dollars; PRICE_MAX means no upper bound. */
  max: number;
  inStock: boolean;
  sort: Sort;
  view: View;
  /** 1-based. */
  page: number;
}

export const DEFAULT_QUERY: CatalogueQuery = {
  search: "",
  exact: false,
  category: null,
  min: PRICE_MIN,
  max: PRICE_MAX,
  inStock: false,
  sort: "name",
  view: "grid",
  page: 1,
};

/** A search term as the catalogue uses it: cleaned, trimmed, at most SEARCH_MAX_LENGTH characters. */
export function parseSearchTerm(raw: string | null): string {
  return raw === null ? "" : cleanText(cleanText(raw).trim(), { maxLength: SEARCH_MAX_LENGTH }).trim();
}

/** A short parameter (a number, a sort): nothing valid is longer. */
const short = (params: URLSearchParams, name: string) => queryParam(params, name, { maxLength: 16 });

function wholeNumber(raw: string | null, lo: number, hi: number): number | null {
  if (raw == null || !/^\s*\d{1,9}\s*$/.test(raw)) return null;
  const n = Number(raw);
  return n >= lo && n <= hi ? n : null;
}

function oneOf<T extends string>(raw: string | null, options: readonly T[]): T | null {
  return options.find((o) => o === raw) ?? null;
}

/**
 * Reads the catalogue query from URL parameters. `categorySlug` is the route's path segment
 * (`/products/:category`); an unknown slug means All Categories.
 */
export function parseCatalogueQuery(params: URLSearchParams, categorySlug?: string | null): CatalogueQuery {
  const search = parseSearchTerm(params.get("search"));
  const category = isCategorySlug(categorySlug) ? categorySlug : null;
  let min = wholeNumber(short(params, "min"), PRICE_MIN, PRICE_MAX) ?? PRICE_MIN;
  let max = wholeNumber(short(params, "max"), PRICE_MIN, PRICE_MAX) ?? PRICE_MAX;
  if (min > max) [min, max] = [max, min];
  return {
    search,
    exact: search !== "" && short(params, "exact") === "1",
    category,
    min,
    max,
    inStock: short(params, "stock") === "1",
    sort: oneOf(short(params, "sort"), SORTS) ?? DEFAULT_QUERY.sort,
    view: oneOf(short(params, "view"), VIEWS) ?? DEFAULT_QUERY.view,
    page: wholeNumber(short(params, "page"), 1, PAGE_LIMIT) ?? 1,
  };
}

/** The query's non-default values as URL parameters (the category is in the path, not here). */
export function catalogueSearchParams(query: CatalogueQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.search && query.exact) params.set("exact", "1");
  if (query.min !== DEFAULT_QUERY.min) params.set("min", String(query.min));
  if (query.max !== DEFAULT_QUERY.max) params.set("max", String(query.max));
  if (query.inStock) params.set("stock", "1");
  if (query.sort !== DEFAULT_QUERY.sort) params.set("sort", query.sort);
  if (query.view !== DEFAULT_QUERY.view) params.set("view", query.view);
  if (query.page !== 1) params.set("page", String(query.page));
  return params;
}

/** The path for a category, or `/products` for All Categories. */
export function cataloguePath(category: CategorySlug | null): string {
  return category ? `/products/${category}` : "/products";
}

/**
 * A link to the catalogue with some values changed. Changing any filter or the sort sends
 * the shopper back to page 1, since the old page number may no longer exist.
 */
export function catalogueHref(query: CatalogueQuery, changes: Partial<CatalogueQuery> = {}): string {
  const resetsPage = Object.keys(changes).some((k) => k !== "page" && k !== "view");
  // A new term is searched with typo correction again unless the change says otherwise.
  const newTerm = "search" in changes && !("exact" in changes) ? { exact: false } : {};
  const next: CatalogueQuery = { ...query, ...(resetsPage ? { page: 1 } : {}), ...newTerm, ...changes };
  const qs = catalogueSearchParams(next).toString();
  return cataloguePath(next.category) + (qs ? `?${qs}` : "");
}

/**
 * Where a submitted filter form leads: the category moves from `?category=` into the path, the
 * page goes back to 1, and defaults are dropped. The loader redirects no-JS submissions here;
 * with JavaScript the form navigates here directly.
 */
export function filterFormHref(params: URLSearchParams): string {
  return catalogueHref({ ...parseCatalogueQuery(params, params.get("category")), page: 1 });
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
