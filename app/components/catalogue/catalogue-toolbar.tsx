import { type ComponentType, type SVGProps, useEffect, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import { FILTER_FORM_ID, useFilterNavigation } from "~/components/catalogue/use-filter-navigation";
import { GridIcon, ListIcon } from "~/components/ui/icons";
import {
  catalogueHref,
  type CatalogueQuery,
  SORT_LABELS,
  SORTS,
  type View,
  VIEWS,
} from "~/models/catalogue/catalogue-query";

/** Local copy of a URL value that follows the URL when it changes (e.g. after a navigation). */
function useUrlState<T>(value: T) {
  const [state, setState] = useState(value);
  useEffect(() => setState(value), [value]);
  return [state, setState] as const;
}

/**
 * The sort select. It sits in the results toolbar but belongs to the filter form (`form=`), so
 * one GET submission carries everything. Without JavaScript a Sort button submits it.
 */
function SortSelect({ query }: { query: CatalogueQuery }) {
  const hydrated = useHydrated();
  const [sort, setSort] = useUrlState(query.sort);
  const apply = useFilterNavigation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="sort" className="whitespace-nowrap text-sm font-semibold text-slate-900">
        Sort by
      </label>
      <select
        id="sort"
        name="sort"
        form={FILTER_FORM_ID}
        value={sort}
        onChange={(e) => {
          setSort(e.currentTarget.value as CatalogueQuery["sort"]);
          apply(e.currentTarget.form);
        }}
        className="min-h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm"
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button
          type="submit"
          form={FILTER_FORM_ID}
          className="inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:border-brand-600"
        >
          Sort
        </button>
      )}
    </div>
  );
}

const VIEW_LABELS: Record<View, string> = { grid: "Grid", list: "List" };
const VIEW_ICONS: Record<View, ComponentType<SVGProps<SVGSVGElement>>> = { grid: GridIcon, list: ListIcon };

/** One link per view, the current one marked with aria-current. */
function ViewToggle({ query }: { query: CatalogueQuery }) {
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm"
    >
      {VIEWS.map((view) => {
        const current = query.view === view;
        const Icon = VIEW_ICONS[view];
        return (
          <Link
            key={view}
            to={catalogueHref(query, { view })}
            // The catalogue's own route, which React Router already knows (pagination.tsx).
            discover="none"
            preventScrollReset
            aria-current={current ? "true" : undefined}
            className={`inline-flex min-h-9 items-center gap-1.5 rounded-md px-3 text-sm font-semibold ${
              current ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            <Icon className="h-4 w-4" />
            {VIEW_LABELS[view]}
            <span className="sr-only"> view</span>
          </Link>
        );
      })}
    </div>
  );
}

/** Above the results: the sort (part of the filter form) and the grid or list view. */
export function CatalogueToolbar({ query }: { query: CatalogueQuery }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
      <SortSelect query={query} />
      <ViewToggle query={query} />
    </div>
  );
}
