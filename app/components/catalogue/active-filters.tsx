import { Link } from "react-router";

import { focusAfterNavigation } from "~/components/layout/route-announcer";
import { activeFilters, clearAllFiltersHref } from "~/models/catalogue/active-filters";
import type { CatalogueQuery } from "~/models/catalogue/catalogue-query";

/** The list's id: where focus goes after one of its links, so the next filter is one Tab away. */
export const ACTIVE_FILTERS_ID = "active-filters";

/** The filters in force, each a link that removes it; focus returns to the list (docs/catalogue.md#active-filters). */
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
              discover="none"
              preventScrollReset
              state={state}
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
