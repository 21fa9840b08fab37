import { cataloguePath, type CatalogueQuery } from "../catalogue/catalogue-query";

/**
 * Which URL search engines should index for a page (its canonical URL), as a path; the page's
 * meta makes it absolute with the site origin.
 *
 * - The catalogue: filters, sort and view only rearrange one listing, so every variant points
 *   to the plain category URL. Numbered pages list different products, so page N > 1 points to
 *   itself (`?page=N`, nothing else); page 1 has no page parameter.
 * - Search results are not indexed at all (noindex), so they have no canonical URL.
 * - A product: `/product/{id}`, without the display state (`?tab`, `?image`, `?quantity`).
 */

/** The canonical path of a catalogue page, or null for search results (never indexed). */
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
