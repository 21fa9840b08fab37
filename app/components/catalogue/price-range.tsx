import type { ChangeEvent } from "react";
import { Link } from "react-router";

import { KEEP_FOCUS } from "~/components/layout/route-announcer";
import {
  catalogueHref,
  type CatalogueQuery,
  PRICE_MAX,
  PRICE_MIN,
  PRICE_SHORTCUTS,
} from "~/models/catalogue/catalogue-query";
import { type FilterCounts, withCount } from "~/models/catalogue/filter-counts";

type PriceName = "min" | "max";

function priceText(dollars: number): string {
  return dollars >= PRICE_MAX ? `$${PRICE_MAX}+` : `$${dollars}`;
}

interface PriceSliderProps {
  name: PriceName;
  label: string;
  value: number;
  hydrated: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>, name: PriceName) => void;
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

function PriceShortcuts({ query, counts }: { query: CatalogueQuery; counts: FilterCounts }) {
  return (
    <div>
      <p id="price-shortcuts" className="text-xs font-semibold text-slate-700">
        Or pick a range:
      </p>
      <ul aria-labelledby="price-shortcuts" className="mt-1.5 flex flex-wrap gap-2">
        {PRICE_SHORTCUTS.map(({ label, min, max }, index) => {
          const current = query.min === min && query.max === max;
          return (
            <li key={label}>
              {/* Keeps focus where it is, like the other filters: the results status says what changed. */}
              <Link
                to={catalogueHref({ ...query, min, max, page: 1 })}
                // The catalogue's own route, which React Router already knows (pagination.tsx).
                discover="none"
                preventScrollReset
                state={KEEP_FOCUS}
                aria-current={current ? "true" : undefined}
                // `pill` is in tailwind.css; hover stays here, where the contrast audit looks for it.
                className="pill hover:border-brand-600 hover:text-brand-700"
              >
                {/* "Under $10 (43)": the count is part of the link's name. */}
                {withCount(label, counts.price(index))}
              </Link>{" "}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export interface PriceRangeProps {
  /** The applied filters: the shortcuts and the hidden fields follow them. */
  query: CatalogueQuery;
  /** The number of products behind each price shortcut. */
  counts: FilterCounts;
  /** The sliders' values, which run ahead of the URL while the shopper drags. */
  min: number;
  max: number;
  hydrated: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>, name: PriceName) => void;
}

/** The filter form's price controls: two sliders, and shortcut links for the common ranges. */
export function PriceRange({ query, counts, min, max, hydrated, onChange }: PriceRangeProps) {
  return (
    <div className="mt-2 space-y-3">
      <PriceSlider name="min" label="Minimum price" value={min} hydrated={hydrated} onChange={onChange} />
      <PriceSlider name="max" label="Maximum price" value={max} hydrated={hydrated} onChange={onChange} />
      <p className="text-xs text-slate-600">{`Whole dollars; $${PRICE_MAX}+ means no upper limit.`}</p>
      {/* Text browsers (lynx) neither show range inputs nor send them. These carry the price
          applied so far through an Apply from such a browser; elsewhere the sliders come first
          in the form, and the first value of a name is the one read. */}
      {query.min !== PRICE_MIN && <input type="hidden" name="min" value={query.min} />}
      {query.max !== PRICE_MAX && <input type="hidden" name="max" value={query.max} />}
      <PriceShortcuts query={query} counts={counts} />
    </div>
  );
}
