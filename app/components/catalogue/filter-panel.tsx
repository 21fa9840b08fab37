import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import { PriceRange } from "~/components/catalogue/price-range";
import { FILTER_FORM_ID, useFilterNavigation } from "~/components/catalogue/use-filter-navigation";
import { FilterIcon } from "~/components/ui/icons";
import { primaryButtonClass } from "~/components/ui/primary-button";
import type { CatalogueFacets } from "~/models/catalogue/catalogue-facets";
import { cataloguePath, type CatalogueQuery } from "~/models/catalogue/catalogue-query";
import { CATEGORIES } from "~/models/catalogue/categories";
import { filterCounts, withCount } from "~/models/catalogue/filter-counts";

const PANEL_ID = "filter-panel";
/** `?filters=open` shows the panel on small screens in the server HTML (the no-JS toggle). */
const FILTERS_PARAM = "filters";

interface FilterValues {
  category: string;
  min: number;
  max: number;
  inStock: boolean;
}

function filterValues(query: CatalogueQuery): FilterValues {
  return { category: query.category ?? "", min: query.min, max: query.max, inStock: query.inStock };
}

const labelClass = "block text-sm font-semibold text-slate-900";
const selectClass =
  "mt-1.5 block min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-600";

export interface FilterPanelProps {
  query: CatalogueQuery;
  /** Null in an outage: no counts. */
  facets: CatalogueFacets | null;
}

/** The filters: one GET form, applying itself with JavaScript, collapsed by CSS on small screens (ADR 002, 003). */
export function FilterPanel({ query, facets }: FilterPanelProps) {
  const hydrated = useHydrated();
  const counts = filterCounts(facets);
  const location = useLocation();
  const openInUrl = new URLSearchParams(location.search).get(FILTERS_PARAM) === "open";
  const [open, setOpen] = useState(openInUrl);
  const [{ category, min, max, inStock }, setValues] = useState(() => filterValues(query));
  // The controls follow a URL this form did not ask for (Clear filters, Back), but not their own: a slider
  // still moving must not jump back to the value its last auto-submit carried.
  const ownHref = useRef<string | null>(null);
  const markOwnNavigation = useCallback((href: string) => {
    ownHref.current = href;
  }, []);
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    const own = ownHref.current === here;
    ownHref.current = null;
    if (!own) setValues(filterValues(query));
  }, [query, here]);
  const apply = useFilterNavigation(markOwnNavigation);

  /** Shows a control's new value and applies the form: at once, or after a pause for a slider. */
  function change(changes: Partial<FilterValues>, form: HTMLFormElement | null, debounce = false) {
    setValues((v) => ({ ...v, ...changes }));
    apply(form, debounce);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(event.currentTarget);
  }

  function onRange(event: ChangeEvent<HTMLInputElement>, name: "min" | "max") {
    change({ [name]: Number(event.currentTarget.value) }, event.currentTarget.form, true);
  }

  return (
    <div>
      <FiltersToggle open={open} onToggle={() => setOpen((o) => !o)} />
      <section
        id={PANEL_ID}
        aria-labelledby="filters-heading"
        className={`${open ? "" : "narrow-hidden "}rounded-xl border border-slate-200 bg-white p-5 shadow-sm`}
      >
        <h2 id="filters-heading" className="text-lg font-semibold text-slate-900">
          Filters
        </h2>
        <form
          id={FILTER_FORM_ID}
          method="get"
          action={cataloguePath(null)}
          onSubmit={onSubmit}
          className="mt-4 space-y-6"
        >
          {query.search && <input type="hidden" name="search" value={query.search} />}
          {query.exact && <input type="hidden" name="exact" value="1" />}
          {query.view !== "grid" && <input type="hidden" name="view" value={query.view} />}

          <div>
            <label htmlFor="filter-category" className={labelClass}>
              Category
            </label>
            <select
              id="filter-category"
              name="category"
              value={category}
              onChange={(e) => change({ category: e.currentTarget.value }, e.currentTarget.form)}
              className={selectClass}
            >
              {/* The count is part of each option's text, so of its name (one string: an option holds text only). */}
              <option value="">{withCount("All Categories", counts.category(null))}</option>
              {CATEGORIES.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {withCount(c.title, counts.category(c.slug))}
                </option>
              ))}
            </select>
          </div>

          <fieldset>
            <legend className={labelClass}>Price range</legend>
            <PriceRange query={query} counts={counts} min={min} max={max} hydrated={hydrated} onChange={onRange} />
          </fieldset>

          <div className="flex items-center gap-3">
            <input
              id="filter-stock"
              type="checkbox"
              name="stock"
              value="1"
              checked={inStock}
              onChange={(e) => change({ inStock: e.currentTarget.checked }, e.currentTarget.form)}
              className="h-5 w-5 cursor-pointer rounded border-slate-400 accent-brand-600"
            />
            <label htmlFor="filter-stock" className="cursor-pointer text-sm font-semibold text-slate-900">
              In stock only
            </label>
          </div>

          <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
            <button type="submit" className={`${primaryButtonClass} min-h-10 px-5 text-sm shadow-sm`}>
              Apply
            </button>
            <Link
              to={cataloguePath(query.category)}
              // The catalogue's own route, which React Router already knows (pagination.tsx).
              discover="none"
              className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              Clear filters
            </Link>
          </div>
        </form>
      </section>
    </div>
  );
}

/** Show/Hide filters: a GET form to `?filters=open` without JavaScript, a toggle with it (ADR 003). */
function FiltersToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const location = useLocation();
  const others = [...new URLSearchParams(location.search)].filter(([key]) => key !== FILTERS_PARAM);
  return (
    // Opening jumps to the panel after the reload, so the next Tab starts in it.
    <form method="get" action={open ? location.pathname : `${location.pathname}#${PANEL_ID}`} className="md:hidden">
      {others.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
      <button
        type="submit"
        {...(open ? {} : { name: FILTERS_PARAM, value: "open" })}
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={(event) => {
          event.preventDefault();
          onToggle();
        }}
        className="mb-3 inline-flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:border-brand-600"
      >
        <FilterIcon className="h-4 w-4" />
        {open ? "Hide filters" : "Show filters"}
      </button>
    </form>
  );
}
