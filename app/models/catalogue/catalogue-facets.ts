import type { CategorySlug } from "./categories";

/**
 * How the catalogue read a search term (docs/catalogue.md#search). The page says so in words
 * after its heading whenever the results are not simply what was typed.
 *
 * - `as-typed`: the term matched as typed (a substring, or every word in any order, across
 *   joiners and plurals). No notice.
 * - `some-words`: no product holds every word; these hold `held` of the `counted` words that
 *   count (at least half of them).
 * - `corrected`: nothing matched as typed; `term` is the term with each word that matched
 *   nothing replaced by the nearest word of the catalogue (held < counted when, even so, only
 *   some words matched).
 * - `nothing`: no product; `suggestion` is a corrected term that would find some (only when the
 *   shopper asked for the exact term, since otherwise it would have been searched already).
 */
export type SearchReading =
  | { kind: "as-typed" }
  | { kind: "some-words"; held: number; counted: number }
  | { kind: "corrected"; term: string; held: number; counted: number }
  | { kind: "nothing"; suggestion: string | null };

/**
 * The number of products behind each filter value, for the current search and the other filters
 * (a value's own filter set aside): what a shopper would get by choosing it.
 */
export interface CatalogueFacets {
  /** Per category, with the search, price and stock filters; a category with none is 0. */
  categories: Record<CategorySlug, number>;
  /** All categories together: the sum of `categories`. */
  allCategories: number;
  /** Per entry of PRICE_SHORTCUTS, in its order, with the search, category and stock filters. */
  prices: number[];
  /** How the search term was read; null without a search. */
  search: SearchReading | null;
}
