import { catalogueHref, type CatalogueQuery, DEFAULT_QUERY, PRICE_MAX, PRICE_MIN } from "./catalogue-query";
import { categoryTitle } from "./categories";

/** Which part of the query an active filter is. */
export type ActiveFilterKind = "category" | "min" | "max" | "stock" | "search";

export interface ActiveFilter {
  kind: ActiveFilterKind;
  /** What the shopper sees, e.g. "Sensors", "From $10", "Up to $25", "In stock only", `"temprature"`. */
  label: string;
  /** The same listing with this one filter back to its default (the shortest URL, page 1). */
  href: string;
}

/** The filters a query applies, each with the link that removes it alone (docs/catalogue.md#active-filters). */
export function activeFilters(query: CatalogueQuery): ActiveFilter[] {
  const filters: ActiveFilter[] = [];
  if (query.category) {
    const label = categoryTitle(query.category) ?? query.category;
    filters.push({ kind: "category", label, href: catalogueHref(query, { category: null }) });
  }
  if (query.min > PRICE_MIN) {
    filters.push({ kind: "min", label: `From $${query.min}`, href: catalogueHref(query, { min: PRICE_MIN }) });
  }
  if (query.max < PRICE_MAX) {
    filters.push({ kind: "max", label: `Up to $${query.max}`, href: catalogueHref(query, { max: PRICE_MAX }) });
  }
  if (query.inStock) {
    filters.push({ kind: "stock", label: "In stock only", href: catalogueHref(query, { inStock: false }) });
  }
  if (query.search) {
    // Removing the term removes `exact` with it (catalogueHref).
    filters.push({ kind: "search", label: `"${query.search}"`, href: catalogueHref(query, { search: "" }) });
  }
  return filters;
}

/** "Clear all" keeps the sort and view: how the shopper looks at a listing, not what it lists. */
export function clearAllFiltersHref(query: CatalogueQuery): string {
  return catalogueHref({ ...DEFAULT_QUERY, sort: query.sort, view: query.view });
}
