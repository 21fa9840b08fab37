import { Fragment, type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useNavigationType } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import type { Product } from "~/models/product/product";
import { PRODUCT_TABS, type ProductTab } from "~/models/product/product-query";

const TAB_LABELS: Record<ProductTab, string> = {
  description: "Description",
  specifications: "Specifications",
  reviews: "Reviews",
};
/** The section's id: no-JS tab links jump back to it after the reload. */
const PRODUCT_TABS_ID = "product-details";

const TAB_SWITCH = { productTabSwitch: true } as const;

function isOwnSwitch(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as Partial<typeof TAB_SWITCH>).productTabSwitch === true;
}

export interface ProductTabsProps {
  product: Product;
  selected: ProductTab;
  /** `?tab=x` with the page's other parameters, without a fragment. */
  hrefForTab: (tab: ProductTab) => string;
}

/**
 * Description, Specifications and Reviews: links to `?tab=x` (only the selected panel is rendered) without
 * JavaScript; with it, the WAI-ARIA tabs pattern (docs/accessibility.md), switching in place.
 */
export function ProductTabs({ product, selected: selectedInUrl, hrefForTab }: ProductTabsProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  // Ahead of the URL, so a quick second arrow press moves on from the tab the shopper sees.
  const [selected, setSelected] = useState(selectedInUrl);
  const location = useLocation();
  const navigationType = useNavigationType();
  // Follow the URL only when something else changed it (Back/Forward): our own switch's navigation
  // may land after the next arrow press, and would select one tab while focus sits on the next.
  useEffect(() => {
    if (navigationType === "REPLACE" && isOwnSwitch(location.state)) return;
    setSelected(selectedInUrl);
  }, [location, navigationType, selectedInUrl]);

  function select(tab: ProductTab) {
    setSelected(tab);
    navigate(hrefForTab(tab), { replace: true, preventScrollReset: true, state: TAB_SWITCH });
  }

  function onClick(event: MouseEvent<HTMLAnchorElement>, tab: ProductTab) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    // The href carries a fragment for no-JS reloads; in place, the page should not jump.
    event.preventDefault();
    select(tab);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = PRODUCT_TABS.indexOf(selected);
    const last = PRODUCT_TABS.length - 1;
    const next = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next == null) return;
    event.preventDefault();
    const tab = PRODUCT_TABS[next];
    if (!tab) return;
    tabRefs.current[next]?.focus();
    select(tab);
  }

  return (
    // A div: the tab list names the panels, and a section without a heading is no landmark.
    <div id={PRODUCT_TABS_ID} className="mt-12">
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus lives on the tabs inside */}
      <div
        role="tablist"
        aria-label="Product details"
        onKeyDown={onKeyDown}
        // The three tabs are wider than a 320 px screen: they wrap rather than scroll sideways, so
        // none hides off screen (WCAG 1.4.10) and no scroll box clips their focus rings.
        className="flex flex-wrap gap-x-1 border-b border-slate-200"
      >
        {PRODUCT_TABS.map((tab, i) => {
          const isSelected = tab === selected;
          return (
            <Fragment key={tab}>
              {/* The flex layout drops this space; text browsers (lynx) need it between the tab names. */}
              {i > 0 && " "}
              <Link
                ref={(el) => {
                  tabRefs.current[i] = el;
                }}
                to={`${hrefForTab(tab)}#${PRODUCT_TABS_ID}`}
                onClick={(e) => onClick(e, tab)}
                role="tab"
                id={`tab-${tab}`}
                aria-selected={isSelected}
                aria-controls={isSelected ? `panel-${tab}` : undefined}
                // Roving tabindex only once arrow keys work; without JavaScript every tab is a Tab stop.
                tabIndex={hydrated ? (isSelected ? 0 : -1) : undefined}
                className={`-mb-px inline-flex min-h-11 shrink-0 items-center border-b-2 px-4 text-sm font-semibold sm:text-base ${
                  isSelected
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {TAB_LABELS[tab]}
              </Link>
            </Fragment>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`panel-${selected}`}
        aria-labelledby={`tab-${selected}`}
        tabIndex={0}
        className="py-6 text-slate-700"
      >
        {selected === "description" && (
          <p className="max-w-prose whitespace-pre-line leading-relaxed">{product.description}</p>
        )}
        {selected === "specifications" && <Specifications specifications={product.specifications} />}
        {selected === "reviews" && <p>Reviews are coming soon!</p>}
      </div>
    </div>
  );
}

function Specifications({ specifications }: { specifications: Record<string, string> }) {
  const rows = Object.entries(specifications);
  if (rows.length === 0) return <p>No specifications listed for this product.</p>;
  return (
    <div className="max-w-2xl overflow-hidden rounded-lg border border-slate-200">
      <table className="w-full table-fixed break-words text-left text-sm">
        <caption className="sr-only">Specifications</caption>
        <tbody className="divide-y divide-slate-200">
          {rows.map(([key, value]) => (
            <tr key={key} className="even:bg-slate-50">
              <th scope="row" className="w-2/5 px-4 py-3 font-semibold text-slate-900">
                {key}
              </th>
              <td className="px-4 py-3 text-slate-700">{String(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
