import type { CategorySlug } from "./categories";

/** How the catalogue read a search term, which the page says after its heading (docs/catalogue.md#search). */
export type SearchReading =
  | { kind: "as-typed" }
  | { kind: "some-words"; held: number; counted: number }
  | { kind: "corrected"; term: string; held: number; counted: number }
  | { kind: "nothing"; suggestion: string | null };

/** What a shopper would get by choosing each filter value: its own filter set aside, the others kept. */
export interface CatalogueFacets {
  categories: Record<CategorySlug, number>;
  allCategories: number;
  /** In the order of PRICE_SHORTCUTS. */
  prices: number[];
  /** How the search term was read; null without a search. */
  search: SearchReading | null;
}
