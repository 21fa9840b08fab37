import { Link } from "react-router";

export interface BreadcrumbItem {
  label: string;
  /** Omitted for the current page, the last item. */
  href?: string;
}

/** A trail of links, the current page last and marked aria-current="page" (WAI-ARIA breadcrumb pattern). */
export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-sm text-slate-600">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${item.label}`} className="flex min-w-0 items-center gap-x-1">
              {item.href && !last ? (
                <Link
                  to={item.href}
                  className="inline-flex min-h-6 items-center rounded-sm font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className="truncate font-medium text-slate-900">
                  {item.label}
                </span>
              )}
              {!last && (
                <svg
                  viewBox="0 0 20 20"
                  fill="currentColor"
                  aria-hidden="true"
                  className="h-4 w-4 shrink-0 text-slate-400"
                >
                  <path
                    fillRule="evenodd"
                    d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0Z"
                    clipRule="evenodd"
                  />
                </svg>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
