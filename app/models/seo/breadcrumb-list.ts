import { absoluteUrl } from "./canonical";
import type { JsonLd } from "./structured-data";

/**
 * schema.org BreadcrumbList for the catalogue and product pages. A module of its own so the
 * catalogue's JavaScript does not carry the Product and Organization builders.
 */

export interface Crumb {
  name: string;
  /** Site-relative path. */
  path: string;
}

/** Positions from 1, each item an absolute URL (the page's own one last). */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], origin: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}
