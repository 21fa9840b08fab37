import { Link } from "react-router";

import type { SearchReading } from "~/models/catalogue/catalogue-facets";
import { catalogueHref, cataloguePath, type CatalogueQuery } from "~/models/catalogue/catalogue-query";
import { CATEGORIES } from "~/models/catalogue/categories";
import { exactSearchLabel, searchNoticeText, suggestionLabel } from "~/models/catalogue/search-notice";

const linkClass =
  "inline-flex min-h-6 items-center rounded-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

/**
 * Right after the catalogue's heading: how the search was read when the results are not simply
 * what was typed, a corrected typo (with a link to search exactly as typed) or only some of the
 * words (docs/catalogue.md#search). In the server HTML, so it reads in order after
 * the heading without JavaScript and in a text browser.
 *
 * The wrapper is always there, empty when there is nothing to say: a polite live region, so that
 * with JavaScript a filter or a search that changes the notice in place has it read out, as the
 * "N products found" status is (screen readers only watch regions that existed before).
 */
export function SearchNotice({ query, reading }: { query: CatalogueQuery; reading: SearchReading | null }) {
  const text = searchNoticeText(query.search, reading);
  return (
    <div aria-live="polite">
      {text && (
        <div className="mt-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800">
          <p className="[overflow-wrap:anywhere]">{text}</p>
          {reading?.kind === "corrected" && (
            <p className="mt-1 [overflow-wrap:anywhere]">
              {/* A new search, not a filter: focus goes to the heading, as after any search. */}
              <Link to={catalogueHref(query, { exact: true })} discover="none" className={linkClass}>
                {exactSearchLabel(query.search)}
              </Link>
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Under "No products found matching your criteria." when the search found nothing: the term it
 * would have corrected to, when there is one (the shopper had asked for the exact term), and the
 * eight categories to browse instead.
 */
export function NoSearchResults({ query, suggestion }: { query: CatalogueQuery; suggestion: string | null }) {
  return (
    <>
      {suggestion && (
        <p className="mt-4 [overflow-wrap:anywhere]">
          <Link to={catalogueHref(query, { search: suggestion })} discover="none" className={linkClass}>
            {suggestionLabel(suggestion)}
          </Link>
        </p>
      )}
      <p id="browse-categories" className="mt-6 text-sm font-semibold text-slate-900">
        Browse a category instead:
      </p>
      <ul aria-labelledby="browse-categories" className="mt-2 flex flex-wrap justify-center gap-2">
        {CATEGORIES.map(({ slug, title }) => (
          <li key={slug}>
            <Link
              to={cataloguePath(slug)}
              discover="none"
              // `pill` is in tailwind.css; hover stays here, where the contrast audit looks for it.
              className="pill bg-white hover:border-brand-600 hover:text-brand-700"
            >
              {title}
            </Link>{" "}
          </li>
        ))}
      </ul>
    </>
  );
}
