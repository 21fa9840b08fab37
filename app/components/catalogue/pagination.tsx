import { Link } from "react-router";

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  hrefForPage: (n: number) => string;
  /** E.g. `focusAfterNavigation(resultsId)`, focus on the new results (ADR 009). */
  navigationState?: unknown;
}

/** Pages to show: the first, the last, and the current one with its neighbours; null is a gap. */
function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const pages = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  pages.forEach((n, i) => {
    const prev = pages[i - 1];
    if (prev != null && n - prev === 2) out.push(prev + 1);
    else if (prev != null && n - prev > 2) out.push(null);
    out.push(n);
  });
  return out;
}

const itemClass = "page-link";
const linkClass = `${itemClass} border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-700`;

/** Numbered pages with Previous and Next, plain links to the page's own route (`discover="none"`, ADR 013). */
export function Pagination({ page, pageCount, hrefForPage, navigationState }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={hrefForPage(page - 1)} state={navigationState} rel="prev" discover="none" className={linkClass}>
              <span aria-hidden="true">←&nbsp;</span>Previous
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((n, i) =>
          n == null ? (
            <li key={`gap-${i}`} className="px-1 text-slate-600" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefForPage(n)}
                state={navigationState}
                discover="none"
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
                className={n === page ? `${itemClass} border-brand-600 bg-brand-600 text-white` : linkClass}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={hrefForPage(page + 1)} state={navigationState} rel="next" discover="none" className={linkClass}>
              Next<span aria-hidden="true">&nbsp;→</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
