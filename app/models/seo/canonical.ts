import { cataloguePath, type CatalogueQuery } from "../catalogue/catalogue-query";

/** The canonical path of a catalogue page, or null for search results (docs/seo.md#canonical-urls). */
export function catalogueCanonicalPath(query: Pick<CatalogueQuery, "search" | "category" | "page">): string | null {
  if (query.search) return null;
  const path = cataloguePath(query.category);
  return query.page > 1 ? `${path}?page=${query.page}` : path;
}

/** Every product page's path starts with this. */
export const PRODUCT_PATH_PREFIX = "/product/";

export function productPath(id: number): string {
  return `${PRODUCT_PATH_PREFIX}${id}`;
}

/** `path` (starting with "/") on `origin` ("https://host", no trailing slash). */
export function absoluteUrl(origin: string, path: string): string {
  return `${origin}${path}`;
}
