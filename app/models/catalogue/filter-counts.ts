import type { CatalogueFacets } from "./catalogue-facets";
import type { CategorySlug } from "./categories";

/** The number beside each filter value (docs/catalogue.md#filters); undefined when the listing failed. */
export interface FilterCounts {
  /** A category's count; `null` is All Categories. */
  category(slug: CategorySlug | null): number | undefined;
  /** The count of PRICE_SHORTCUTS[index]. */
  price(index: number): number | undefined;
}

export function filterCounts(facets: CatalogueFacets | null): FilterCounts {
  return {
    category: (slug) => (facets ? (slug ? (facets.categories[slug] ?? 0) : facets.allCategories) : undefined),
    price: (index) => facets?.prices[index],
  };
}

/** A filter value's label with its number of products, "Sensors (9)"; alone when the count is unknown. */
export function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}
