import { cleanText, queryParam } from "../forms/request-text";
import { type CategorySlug, isCategorySlug } from "./categories";

/** The catalogue's state in the URL (ADR 002): any query string, however hostile, reads as a valid query. */

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

/** The price sliders run over whole dollars; PRICE_MAX means "and up": no upper bound. */
export const PRICE_MIN = 0;
export const PRICE_MAX = 100;
export const PAGE_SIZE = 24;
export const SEARCH_MAX_LENGTH = 100;
/** Links beside the sliders, with their counts: one step for anyone, and a text browser's way to filter by price. */
export const PRICE_SHORTCUTS = [
  { label: "Under $10", min: PRICE_MIN, max: 10 },
  { label: "$10 to $25", min: 10, max: 25 },
  { label: "$25 to $50", min: 25, max: 50 },
  { label: "$50 and up", min: 50, max: PRICE_MAX },
] as const;
/** Pages past this are treated as invalid, so a huge number never reaches SQL as an offset. */
const PAGE_LIMIT = 100_000;

export interface CatalogueQuery {
  search: string;
  /** `exact=1`: the term as typed, no typo correction (docs/catalogue.md#search); only with a search term. */
  exact: boolean;
  /** null means All Categories. */
  category: CategorySlug | null;
  /** Whole dollars, min <= max. */
  min: number;
  max: number;
  inStock: boolean;
  sort: Sort;
  view: View;
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

/** `categorySlug` is the path's (`/products/:category`); an unknown one means All Categories. */
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

export function cataloguePath(category: CategorySlug | null): string {
  return category ? `/products/${category}` : "/products";
}

/** A link with some values changed; a new filter or sort goes back to page 1, which always exists. */
export function catalogueHref(query: CatalogueQuery, changes: Partial<CatalogueQuery> = {}): string {
  const resetsPage = Object.keys(changes).some((k) => k !== "page" && k !== "view");
  const newTerm = "search" in changes && !("exact" in changes) ? { exact: false } : {};
  const next: CatalogueQuery = { ...query, ...(resetsPage ? { page: 1 } : {}), ...newTerm, ...changes };
  const qs = catalogueSearchParams(next).toString();
  return cataloguePath(next.category) + (qs ? `?${qs}` : "");
}

/** Where a submitted filter form leads: the category from `?category=` into the path, page 1, no defaults. */
export function filterFormHref(params: URLSearchParams): string {
  return catalogueHref({ ...parseCatalogueQuery(params, params.get("category")), page: 1 });
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
