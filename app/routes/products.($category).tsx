import { data, type MetaDescriptor, redirect } from "react-router";
import { useNavigation } from "react-router";

import { ActiveFilters } from "~/components/catalogue/active-filters";
import { CatalogueToolbar } from "~/components/catalogue/catalogue-toolbar";
import { FilterPanel } from "~/components/catalogue/filter-panel";
import { Pagination } from "~/components/catalogue/pagination";
import { ProductGrid } from "~/components/catalogue/product-grid";
import { NoSearchResults, SearchNotice } from "~/components/catalogue/search-notice";
import { focusAfterNavigation } from "~/components/layout/route-announcer";
import type { SkipLinksHandle } from "~/components/layout/skip-links";
import { logger } from "~/lib/log.server";
import type { SearchReading } from "~/models/catalogue/catalogue-facets";
import {
  catalogueHref,
  cataloguePath,
  type CatalogueQuery,
  filterFormHref,
  pageCount,
  parseCatalogueQuery,
} from "~/models/catalogue/catalogue-query";
import { categoryTitle } from "~/models/catalogue/categories";
import { type ProductSummary, toProductSummaries } from "~/models/product/product-summary";
import { breadcrumbJsonLd } from "~/models/seo/breadcrumb-list";
import { catalogueCanonicalPath } from "~/models/seo/canonical";
import { indexablePageMeta, noindexPageMeta, siteOriginFrom } from "~/models/seo/page-meta";
import { SITE_SHARE_IMAGE } from "~/models/seo/share-image";
import { pageTitle, SHOP_NAME } from "~/models/site/shop";
import { backendFailureInit } from "~/services/backend-failure.server";
import { readCataloguePage } from "~/services/catalogue-page.server";
import { sharedPageHeaders } from "~/services/shared-pages.server";

import type { Route } from "./+types/products.($category)";

/** Shown as "Error: {message}" whatever went wrong; the cause goes to the server log only. */
export const CATALOGUE_UNAVAILABLE = "The catalogue is unavailable right now. Please try again in a minute.";

/** Cards above the fold load their images at once, ahead of other requests; the rest lazily. */
const EAGER_IMAGES = 3;
/** The results (the list, the empty message or the error): target of "Skip to results" and of pagination's focus. */
const RESULTS_ID = "results";

export async function loader({ url, params }: Route.LoaderArgs) {
  // The filter form's category select submits /products?category=x; the category belongs in the path.
  if (url.searchParams.has("category")) throw redirect(filterFormHref(url.searchParams), 303);
  const asked = parseCatalogueQuery(url.searchParams, params.category);
  const unknownCategory = params.category != null && asked.category === null;
  try {
    const { query, products, total, facets } = await readCataloguePage(asked);
    // Only what the cards show; the description only in the list view (docs/catalogue.md#product-cards).
    const cards = toProductSummaries(products, { withDescription: query.view === "list" });
    return data({ query, unknownCategory, products: cards, total, facets, error: null });
  } catch (error) {
    logger().error({ err: error }, "catalogue: listing products failed");
    const failed = {
      query: asked,
      unknownCategory,
      products: [],
      total: 0,
      facets: null,
      error: CATALOGUE_UNAVAILABLE,
    };
    return data(failed, backendFailureInit(error));
  }
}

export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Products") }];
  const { query, unknownCategory, total, error } = loaderData;
  const heading = catalogueHeading(query, unknownCategory);
  const title = pageTitle(heading);
  const description = query.search
    ? `${total} ${total === 1 ? "product matches" : "products match"} "${query.search}" at ${SHOP_NAME}.`
    : `Shop ${query.category ? heading : "electronic components, development boards, sensors and maker supplies"} at ${SHOP_NAME}: filter by price and stock, sort by name, price or rating.`;
  // Search results and a failed listing are not worth indexing; filters and sorts point to the plain listing.
  const canonicalPath = error ? null : catalogueCanonicalPath(query);
  const origin = siteOriginFrom(matches);
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Products", path: cataloguePath(null) },
    ...(query.category ? [{ name: heading, path: cataloguePath(query.category) }] : []),
  ];
  const tags: MetaDescriptor[] = canonicalPath
    ? indexablePageMeta({
        origin,
        path: canonicalPath,
        title,
        shareTitle: heading,
        description,
        image: SITE_SHARE_IMAGE,
        jsonLd: origin ? [breadcrumbJsonLd(crumbs, origin)] : [],
      })
    : noindexPageMeta({ title, description, follow: !error });
  // rel=prev/next let crawlers and browsers walk the pages (docs/catalogue.md#paging).
  if (query.page > 1) tags.push({ tagName: "link", rel: "prev", href: catalogueHref(query, { page: query.page - 1 }) });
  if (query.page < pageCount(total))
    tags.push({ tagName: "link", rel: "next", href: catalogueHref(query, { page: query.page + 1 }) });
  return tags;
};

/** Past the filter panel straight to the products: the root Layout renders this after "Skip to main content". */
export const handle: SkipLinksHandle = { skipLinks: [{ targetId: RESULTS_ID, label: "Skip to results" }] };

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { query, unknownCategory, products, total, facets, error } = loaderData;
  const reading = facets?.search ?? null;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && /^\/products(\/|$)/.test(navigation.location.pathname);
  const heading = catalogueHeading(query, unknownCategory);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{heading}</h1>
      <SearchNotice query={query} reading={reading} />
      <p role="status" className="mt-1 text-slate-600">
        {error ? "" : `${total} ${total === 1 ? "product" : "products"} found`}
      </p>

      <div className="mt-6 md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:items-start md:gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <FilterPanel query={query} facets={facets} />

        <div className="mt-4 md:mt-0">
          <CatalogueToolbar query={query} />
          <ActiveFilters query={query} />

          <p
            role="status"
            aria-live="polite"
            className={loading ? "mt-4 text-sm font-medium text-brand-700" : "sr-only"}
          >
            {loading ? "Loading products..." : ""}
          </p>

          <div aria-busy={loading} className={`mt-6 transition-opacity ${loading ? "opacity-60" : ""}`}>
            <CatalogueResults error={error} products={products} query={query} reading={reading} />
          </div>

          <Pagination
            page={query.page}
            pageCount={pageCount(total)}
            hrefForPage={(n) => catalogueHref(query, { page: n })}
            navigationState={focusAfterNavigation(RESULTS_ID)}
          />
        </div>
      </div>
    </div>
  );
}

interface CatalogueResultsProps {
  error: string | null;
  products: ProductSummary[];
  query: CatalogueQuery;
  reading: SearchReading | null;
}

/** The products, or why there are none: the target of "Skip to results" either way. */
function CatalogueResults({ error, products, query, reading }: CatalogueResultsProps) {
  const { view } = query;
  if (error) {
    return (
      <p
        id={RESULTS_ID}
        tabIndex={-1}
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800"
      >
        Error: {error}
      </p>
    );
  }
  if (products.length === 0) {
    // After a search, its suggestion; after filters alone, the active filters above are the way back.
    return (
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-8 text-center text-slate-700">
        <p id={RESULTS_ID} tabIndex={-1}>
          No products found matching your criteria.
        </p>
        {reading?.kind === "nothing" && <NoSearchResults query={query} suggestion={reading.suggestion} />}
      </div>
    );
  }
  return (
    <ProductGrid
      products={products}
      id={RESULTS_ID}
      layout={view === "list" ? "flex flex-col gap-4" : "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"}
      view={view}
      headingLevel={2}
      priorityImages={EAGER_IMAGES}
    />
  );
}

/** The search wins, then the category; an unknown slug reads "Products" (docs/catalogue.md#headings-and-titles). */
function catalogueHeading(query: CatalogueQuery, unknownCategory: boolean): string {
  if (query.search) return `Search Results for "${query.search}"`;
  if (query.category) return categoryTitle(query.category) ?? "Products";
  return unknownCategory ? "Products" : "All Products";
}
