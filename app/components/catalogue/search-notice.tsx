import { Link } from "react-router";

import type { SearchReading } from "~/models/catalogue/catalogue-facets";
import { catalogueHref, cataloguePath, type CatalogueQuery } from "~/models/catalogue/catalogue-query";
import { CATEGORIES } from "~/models/catalogue/categories";
import { exactSearchLabel, searchNoticeText, suggestionLabel } from "~/models/catalogue/search-notice";

const linkClass =
  "inline-flex min-h-6 items-center rounded-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

/** How the search was read, after the heading, in a live region always in the page (docs/catalogue.md#search). */
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

/** When a search found nothing: the corrected term, if any, and the categories to browse instead. */
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
