import { Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

import { KEEP_FOCUS } from "~/components/route-announcer";
import { CATEGORIES } from "~/models/categories";
import {
  catalogueHref,
  cataloguePath,
  parseCatalogueQuery,
  PRICE_MAX,
  PRICE_MIN,
  SORT_LABELS,
  SORTS,
  type CatalogueQuery,
  type View,
} from "~/models/catalogue-query";

/** The id of the one GET form that holds every filter and the sort (the sort select joins by `form=`). */
export const FILTER_FORM_ID = "catalogue-filters";
const PANEL_ID = "filter-panel";
/** `?filters=open` shows the panel on small screens in the server HTML (the no-JS toggle). */
const FILTERS_PARAM = "filters";
/** Range inputs fire on every step while dragging; wait for the shopper to settle. */
const RANGE_DEBOUNCE_MS = 400;

/**
 * Where a submitted filter form leads: the category moves from `?category=` into the path, the
 * page goes back to 1, and defaults are dropped. The loader redirects no-JS submissions here;
 * with JavaScript the form navigates here directly.
 */
export function filterFormHref(params: URLSearchParams): string {
  const query = parseCatalogueQuery(params, params.get("category"));
  return catalogueHref({ ...query, page: 1 });
}

function formHref(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
  return filterFormHref(params);
}

/**
 * Submits the filter form as a client-side navigation (replacing history), optionally debounced.
 * `onNavigate` runs just before each navigation this form starts, with where it leads.
 */
function useFilterNavigation(onNavigate?: (href: string) => void) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const started = useRef<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A navigation this form did not start (Clear filters, Back, a link) wins over a change still
  // waiting for its debounce: otherwise, on a slow server, the waiting change would fire after
  // it and take the shopper back to the filters they had just left.
  const pending = navigation.state === "idle" ? null : `${navigation.location.pathname}${navigation.location.search}`;
  useEffect(() => {
    if (pending !== null && pending !== started.current) clearTimeout(timer.current);
  }, [pending]);
  return useCallback(
    (form: HTMLFormElement | null, debounce = false) => {
      clearTimeout(timer.current);
      if (!form) return;
      const go = () => {
        const href = formHref(form);
        started.current = href;
        onNavigate?.(href);
        // The shopper is still in the form: focus stays on the control they changed, even when a
        // new category changes the path, and the "N products found" status says what happened.
        navigate(href, { replace: true, preventScrollReset: true, state: KEEP_FOCUS });
      };
      if (debounce) timer.current = setTimeout(go, RANGE_DEBOUNCE_MS);
      else go();
    },
    [navigate, onNavigate],
  );
}

/** Local copy of a URL value that follows the URL when it changes (e.g. after a navigation). */
function useUrlState<T>(value: T) {
  const [state, setState] = useState(value);
  useEffect(() => setState(value), [value]);
  return [state, setState] as const;
}

interface FilterValues {
  category: string;
  min: number;
  max: number;
  inStock: boolean;
}

function filterValues(query: CatalogueQuery): FilterValues {
  return { category: query.category ?? "", min: query.min, max: query.max, inStock: query.inStock };
}

function priceText(dollars: number): string {
  return dollars >= PRICE_MAX ? `$${PRICE_MAX}+` : `$${dollars}`;
}

interface PriceSliderProps {
  name: "min" | "max";
  label: string;
  value: number;
  hydrated: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>, name: "min" | "max") => void;
}

/** One labelled whole-dollar slider with its value shown beside the label. */
function PriceSlider({ name, label, value, hydrated, onChange }: PriceSliderProps) {
  const id = `filter-${name}`;
  return (
    <div>
      <div className="flex items-center justify-between text-sm text-slate-700">
        <label htmlFor={id}>{label}</label>
        {/* Flex drops this space; without it text browsers run the label into the value. */}{" "}
        <output htmlFor={id} className="font-semibold tabular-nums text-slate-900">
          {priceText(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        name={name}
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={1}
        value={value}
        aria-valuetext={hydrated ? priceText(value) : undefined}
        onChange={(e) => onChange(e, name)}
        className="h-6 w-full cursor-pointer accent-brand-600"
      />
    </div>
  );
}

/** Common price ranges as links: one step for anyone, and the way to filter by price in a text browser. */
const PRICE_SHORTCUTS = [
  { label: "Under $10", min: PRICE_MIN, max: 10 },
  { label: "$10 to $25", min: 10, max: 25 },
  { label: "$25 to $50", min: 25, max: 50 },
  { label: "$50 and up", min: 50, max: PRICE_MAX },
] as const;

function PriceShortcuts({ query }: { query: CatalogueQuery }) {
  return (
    <div>
      <p id="price-shortcuts" className="text-xs font-semibold text-slate-700">
        Or pick a range:
      </p>
      <ul aria-labelledby="price-shortcuts" className="mt-1.5 flex flex-wrap gap-2">
        {PRICE_SHORTCUTS.map(({ label, min, max }) => {
          const current = query.min === min && query.max === max;
          return (
            <li key={label}>
              {/* Keeps focus where it is, like the other filters: the results status says what changed. */}
              <Link
                to={catalogueHref({ ...query, min, max, page: 1 })}
                preventScrollReset
                state={KEEP_FOCUS}
                aria-current={current ? "true" : undefined}
                className="inline-flex min-h-8 items-center rounded-full border border-slate-300 px-3 text-xs font-semibold text-slate-800 hover:border-brand-600 hover:text-brand-700 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50 aria-[current=true]:text-brand-700"
              >
                {label}
              </Link>{" "}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const labelClass = "block text-sm font-semibold text-slate-900";
const selectClass =
  "mt-1.5 block min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-600";

export interface FilterPanelProps {
  query: CatalogueQuery;
}

/**
 * Category, price range and in-stock filters as one native GET form to /products, with an Apply
 * button for everyone. With JavaScript each change applies itself (sliders after a pause).
 *
 * On small screens the panel starts collapsed behind a Show filters button; from md up it is
 * always shown. The collapse is plain CSS and the button a GET form (`?filters=open`), so server
 * HTML and hydrated page are the same: no layout shift when scripts arrive, and a phone without
 * JavaScript opens the panel with a page load. With JavaScript the button toggles in place.
 */
export function FilterPanel({ query }: FilterPanelProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const openInUrl = new URLSearchParams(location.search).get(FILTERS_PARAM) === "open";
  const [open, setOpen] = useState(openInUrl);
  const [{ category, min, max, inStock }, setValues] = useState(() => filterValues(query));
  // The controls follow the URL when something else changes it (Clear filters, Back), but not
  // when this form did: a slider the shopper is still moving must not jump back to the value
  // its last auto-submit carried. "This form did" means the URL is the one it asked for: Clear
  // filters clicked while the form's own navigation was still loading replaces that navigation,
  // and the controls must then show the cleared filters.
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
  const set = (changes: Partial<FilterValues>) => setValues((v) => ({ ...v, ...changes }));
  const apply = useFilterNavigation(markOwnNavigation);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(event.currentTarget);
  }

  function onRange(event: ChangeEvent<HTMLInputElement>, name: "min" | "max") {
    set({ [name]: Number(event.currentTarget.value) });
    apply(event.currentTarget.form, true);
  }

  return (
    <div>
      <FiltersToggle open={open} onToggle={() => setOpen((o) => !o)} />
      <section
        id={PANEL_ID}
        aria-labelledby="filters-heading"
        className={`${open ? "block" : "hidden md:block"} rounded-xl border border-slate-200 bg-white p-5 shadow-sm`}
      >
        <h2 id="filters-heading" className="text-lg font-semibold text-slate-900">
          Filters
        </h2>
        <form id={FILTER_FORM_ID} method="get" action="/products" onSubmit={onSubmit} className="mt-4 space-y-6">
          {query.search && <input type="hidden" name="search" value={query.search} />}
          {query.view !== "grid" && <input type="hidden" name="view" value={query.view} />}

          <div>
            <label htmlFor="filter-category" className={labelClass}>
              Category
            </label>
            <select
              id="filter-category"
              name="category"
              value={category}
              onChange={(e) => {
                set({ category: e.currentTarget.value });
                apply(e.currentTarget.form);
              }}
              className={selectClass}
            >
              <option value="">All Categories</option>
              {CATEGORIES.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>

          <fieldset>
            <legend className={labelClass}>Price range</legend>
            <div className="mt-2 space-y-3">
              <PriceSlider name="min" label="Minimum price" value={min} hydrated={hydrated} onChange={onRange} />
              <PriceSlider name="max" label="Maximum price" value={max} hydrated={hydrated} onChange={onRange} />
              <p className="text-xs text-slate-600">Whole dollars; ${PRICE_MAX}+ means no upper limit.</p>
              {/* Text browsers (lynx) neither show range inputs nor send them. These carry the price
                  applied so far through an Apply from such a browser; elsewhere the sliders come first
                  in the form, and the first value of a name is the one read. */}
              {query.min !== PRICE_MIN && <input type="hidden" name="min" value={query.min} />}
              {query.max !== PRICE_MAX && <input type="hidden" name="max" value={query.max} />}
              <PriceShortcuts query={query} />
            </div>
          </fieldset>

          <div className="flex items-center gap-3">
            <input
              id="filter-stock"
              type="checkbox"
              name="stock"
              value="1"
              checked={inStock}
              onChange={(e) => {
                set({ inStock: e.currentTarget.checked });
                apply(e.currentTarget.form);
              }}
              className="h-5 w-5 cursor-pointer rounded border-slate-400 accent-brand-600"
            />
            <label htmlFor="filter-stock" className="cursor-pointer text-sm font-semibold text-slate-900">
              In stock only
            </label>
          </div>

          <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
            <button
              type="submit"
              className="inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              Apply
            </button>
            <Link
              to={cataloguePath(query.category)}
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

/**
 * The sort select. It sits in the results toolbar but belongs to the filter form (`form=`), so
 * one GET submission carries everything. Without JavaScript a Sort button submits it.
 */
export function SortSelect({ query }: { query: CatalogueQuery }) {
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

/** Grid or list view: two links, the current one marked with aria-current. */
export function ViewToggle({ query }: { query: CatalogueQuery }) {
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm"
    >
      {(["grid", "list"] as const).map((view) => {
        const current = query.view === view;
        return (
          <Link
            key={view}
            to={catalogueHref(query, { view })}
            preventScrollReset
            aria-current={current ? "true" : undefined}
            className={`inline-flex min-h-9 items-center gap-1.5 rounded-md px-3 text-sm font-semibold ${
              current ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            {view === "grid" ? (
              <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className="h-4 w-4">
                <rect x="3" y="3" width="8" height="8" rx="1.5" />
                <rect x="13" y="3" width="8" height="8" rx="1.5" />
                <rect x="3" y="13" width="8" height="8" rx="1.5" />
                <rect x="13" y="13" width="8" height="8" rx="1.5" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className="h-4 w-4">
                <rect x="3" y="4" width="18" height="4" rx="1.5" />
                <rect x="3" y="10" width="18" height="4" rx="1.5" />
                <rect x="3" y="16" width="18" height="4" rx="1.5" />
              </svg>
            )}
            {VIEW_LABELS[view]}
            <span className="sr-only"> view</span>
          </Link>
        );
      })}
    </div>
  );
}

/**
 * The small-screen Show/Hide filters button. Without JavaScript it submits a GET form that
 * reloads this page with (or without) `?filters=open`, carrying the page's other parameters;
 * with JavaScript it only toggles the panel.
 */
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
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
          className="h-4 w-4"
        >
          <path d="M4 6h16M7 12h10M10 18h4" />
        </svg>
        {open ? "Hide filters" : "Show filters"}
      </button>
    </form>
  );
}
