import { Link } from "react-router";

import { focusAfterNavigation } from "~/components/layout/route-announcer";
import { activeFilters, clearAllFiltersHref } from "~/models/catalogue/active-filters";
import type { CatalogueQuery } from "~/models/catalogue/catalogue-query";

/** The list's id: where focus goes after one of its links, so the next filter is one Tab away. */
export const ACTIVE_FILTERS_ID = "active-filters";

/**
 * The filters in force, above the results, each a plain link that removes it alone, and "Clear
 * all" (docs/catalogue.md#active-filters). Nothing when no filter is set.
 *
 * A link's visible text is the value ("Sensors", "From $10") with an × drawn beside it; its name
 * starts with visually hidden "Remove filter: ", so it contains the visible text (label in name)
 * and says what the link does. A text browser shows the hidden words too.
 *
 * The link that was used is gone from the next page, so focus cannot stay on it (KEEP_FOCUS, as
 * the price shortcuts use, would drop it on the h1): with JavaScript it moves to this list, whose
 * next link removes the next filter, or to the h1 when no filter is left.
 */
export function ActiveFilters({ query }: { query: CatalogueQuery }) {
  const filters = activeFilters(query);
  if (filters.length === 0) return null;
  const state = focusAfterNavigation(ACTIVE_FILTERS_ID);
  return (
    <section
      id={ACTIVE_FILTERS_ID}
      tabIndex={-1}
      aria-labelledby="active-filters-heading"
      className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2"
    >
      <h2 id="active-filters-heading" className="text-sm font-semibold text-slate-900">
        Active filters
      </h2>{" "}
      <ul className="flex flex-wrap items-center gap-2">
        {filters.map(({ kind, label, href }) => (
          <li key={kind}>
            <Link
              to={href}
              // The catalogue's own route, which React Router already knows (pagination.tsx).
              discover="none"
              preventScrollReset
              state={state}
              // `pill` is in tailwind.css; hover stays here, where the contrast audit looks for it.
              className="pill max-w-full gap-1.5 [overflow-wrap:anywhere] hover:border-brand-600 hover:text-brand-700"
            >
              <span className="sr-only">Remove filter: </span>
              {label}
              <span aria-hidden="true" className="text-sm leading-none">
                {" ×"}
              </span>
            </Link>{" "}
          </li>
        ))}
        <li>
          <Link
            to={clearAllFiltersHref(query)}
            discover="none"
            preventScrollReset
            state={state}
            className="inline-flex min-h-8 items-center rounded-lg px-2 text-xs font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            Clear all<span className="sr-only"> filters</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
