import { cataloguePath } from "../catalogue/catalogue-query";
import { CATEGORIES } from "../catalogue/categories";

/**
 * The one list of the shop's pages: every URL the shop answers, what it is, and which module
 * answers it. Everything that needs to know the pages reads it: the route config (app/routes.ts),
 * the sitemap (models/seo/sitemap.ts), the Lighthouse audit (scripts/audit.ts), the axe audit
 * (tests/e2e/a11y-audit.spec.ts), the bench (scripts/bench.ts, scripts/bench/proxy.ts) and the soak
 * (scripts/soak.ts); and docs/routes.md describes every entry.
 *
 * Adding a page is one entry here plus its module in app/routes/ (docs/routes.md#adding-a-page).
 * tests/unit/pages.test.ts fails when a module has no entry or an entry no module, when the route
 * config is not this list, when a module's `headers` disagree with the entry's `shared`, and when
 * docs/routes.md leaves an entry out.
 *
 * Plain data: React Router's Vite plugin evaluates the route config, and so this, in Node before
 * anything is built, so it imports nothing but models.
 */

/**
 * What a route is, which decides what else its entry says:
 *
 * - `page`: a page a person opens in a browser. Its entry says whether it is shared, what it puts in
 *   the sitemap, and which URLs of it the audits open.
 * - `not-found`: the catch-all `*`, the 404 page for every URL nothing else answers. The axe audit
 *   opens it (Lighthouse does not: a 404 fails its SEO category by design); never shared, never in
 *   the sitemap.
 * - `form`: a form endpoint. It takes a POST; its GET only redirects (robots.txt disallows it).
 * - `machine`: answers programs (load balancers, crawlers), not people.
 */
export type RouteKind = "page" | "not-found" | "form" | "machine";

/** One URL that shows a page, as the audits, the bench and the soak open it. */
export interface ExampleUrl {
  /**
   * Unique in the list, and safe in a file name: the Lighthouse report is
   * `lighthouse-reports/<name>.report.html`, so renaming one starts its history afresh.
   */
  name: string;
  /** Path and query, e.g. `/product/21`. The seed's products have fixed ids (supabase/seed.sql). */
  url: string;
  /** Its page says noindex on purpose (search results, sign-in); the Lighthouse SEO check expects that. */
  noindex?: true;
  /**
   * It answers this 4xx on purpose (a mailed link that no longer works, ADR 035): axe audits it,
   * Lighthouse does not (its status-code audit would fail it for the status alone). Absent: 200.
   */
  status?: 403;
}

/** What every entry says. */
interface RouteEntry {
  /** A short name, unique in the list: the soak's mix and the tests' messages use it. */
  name: string;
  /** React Router's path pattern without the leading slash (`product/:id`), or null for `/` (the index route). */
  path: string | null;
  /** Its route module, relative to app/ as the route config names it. */
  module: `routes/${string}`;
  kind: RouteKind;
}

/** A page a person opens. */
export interface PageRoute extends RouteEntry {
  kind: "page";
  /**
   * Its answer is the same for every visitor without a cookie, so a shared cache (nginx, a CDN, the
   * server's own page cache) may keep it and its page data (ADR 018, ADR 020, ADR 026). Its module
   * then says `export const headers = sharedPageHeaders` (app/services/shared-pages.server.ts), and
   * only such a module does: tests/unit/pages.test.ts holds the two together.
   */
  shared: boolean;
  /**
   * Its paths in /sitemap.xml; empty for a page that is not indexed. Product pages are the
   * sitemap's own to add, one per product in the database (models/seo/sitemap.ts).
   */
  sitemap: readonly string[];
  /**
   * The URLs that show it, at least one: each is audited by Lighthouse (its `name` names the report)
   * and by axe, and the bench and the soak ask for them.
   */
  examples: readonly [ExampleUrl, ...ExampleUrl[]];
}

/** The not-found page, for every URL nothing else answers. */
export interface NotFoundRoute extends RouteEntry {
  kind: "not-found";
  path: "*";
  /** URLs that nothing answers: the axe audit opens each. */
  examples: readonly [ExampleUrl, ...ExampleUrl[]];
}

/** A form endpoint or a machine route: never shared, never in the sitemap, never audited. */
export interface EndpointRoute extends RouteEntry {
  kind: "form" | "machine";
}

export type ShopRoute = PageRoute | NotFoundRoute | EndpointRoute;

/** The list: the pages people open, then form endpoints, machine routes and the not-found page. */
const ROUTES = [
  {
    name: "home",
    path: null,
    module: "routes/_index.tsx",
    kind: "page",
    shared: true,
    sitemap: ["/"],
    examples: [{ name: "home", url: "/" }],
  },
  {
    name: "about",
    path: "about",
    module: "routes/about.tsx",
    kind: "page",
    shared: true,
    sitemap: ["/about"],
    examples: [{ name: "about", url: "/about" }],
  },
  {
    name: "contact",
    path: "contact",
    module: "routes/contact.tsx",
    kind: "page",
    shared: true,
    sitemap: ["/contact"],
    examples: [{ name: "contact", url: "/contact" }],
  },
  {
    name: "catalogue",
    path: "products/:category?",
    module: "routes/products.($category).tsx",
    kind: "page",
    shared: true,
    // The catalogue and each category's first page; sorts, filters and later pages point to these.
    sitemap: [cataloguePath(null), ...CATEGORIES.map((category) => cataloguePath(category.slug))],
    examples: [
      { name: "catalogue", url: "/products" },
      { name: "category", url: "/products/sensors" },
      { name: "search", url: "/products?search=arduino", noindex: true },
    ],
  },
  {
    name: "product",
    path: "product/:id",
    module: "routes/product.$id.tsx",
    kind: "page",
    shared: true,
    sitemap: [],
    // 1 is in stock at full price, 21 is on sale.
    examples: [
      { name: "product-in-stock", url: "/product/1" },
      { name: "product-on-sale", url: "/product/21" },
    ],
  },
  {
    name: "auth",
    path: "auth",
    module: "routes/auth.tsx",
    kind: "page",
    // The form carries this visitor's CSRF token.
    shared: false,
    sitemap: [],
    examples: [
      { name: "sign-in", url: "/auth", noindex: true },
      { name: "sign-up", url: "/auth?mode=sign-up", noindex: true },
    ],
  },
  {
    name: "send-link",
    path: "auth/forgot",
    module: "routes/auth.forgot.tsx",
    kind: "page",
    // Not shared: its answer to a post carries the visitor's email back.
    shared: false,
    sitemap: [],
    examples: [
      { name: "forgot-password", url: "/auth/forgot", noindex: true },
      { name: "resend-confirmation", url: "/auth/forgot?link=signup", noindex: true },
    ],
  },
  {
    name: "confirm",
    path: "auth/confirm",
    module: "routes/auth.confirm.tsx",
    kind: "page",
    // Where mailed links lead: personal, and a link that works answers a redirect.
    shared: false,
    sitemap: [],
    examples: [
      { name: "link-invalid", url: "/auth/confirm?token_hash=not-a-token&type=signup", noindex: true, status: 403 },
    ],
  },
  {
    name: "reset",
    path: "auth/reset",
    module: "routes/auth.reset.tsx",
    kind: "page",
    // Its form carries this visitor's CSRF token.
    shared: false,
    sitemap: [],
    examples: [{ name: "reset-without-link", url: "/auth/reset", noindex: true, status: 403 }],
  },
  { name: "search-box", path: "search", module: "routes/search.tsx", kind: "form" },
  { name: "logout", path: "logout", module: "routes/logout.tsx", kind: "form" },
  { name: "notice", path: "notice", module: "routes/notice.tsx", kind: "form" },
  { name: "healthz", path: "healthz", module: "routes/healthz.ts", kind: "machine" },
  { name: "robots", path: "robots.txt", module: "routes/robots[.]txt.ts", kind: "machine" },
  { name: "sitemap", path: "sitemap.xml", module: "routes/sitemap[.]xml.ts", kind: "machine" },
  {
    name: "not-found",
    path: "*",
    module: "routes/$.tsx",
    kind: "not-found",
    examples: [{ name: "not-found", url: "/no-such-page" }],
  },
] as const satisfies readonly ShopRoute[];

export const SHOP_ROUTES: readonly ShopRoute[] = ROUTES;

type Listed = (typeof ROUTES)[number];
/** An entry's name, checked by the compiler where a script picks an entry. */
export type RouteName = Listed["name"];
/** An example URL's name, checked by the compiler where a script picks one. */
export type ExampleName = Extract<Listed, { examples: unknown }>["examples"][number]["name"];

/* What the places that use the list read of it. */

/** The pages a person opens. */
export const PAGE_ROUTES: readonly PageRoute[] = SHOP_ROUTES.filter((route) => route.kind === "page");

/** What the audits open: the pages, and the not-found page (axe only). */
export const AUDITED_ROUTES: readonly (PageRoute | NotFoundRoute)[] = SHOP_ROUTES.filter(
  (route) => route.kind === "page" || route.kind === "not-found",
);

/** Whether the route's answer may be shared (PageRoute's `shared`); any other kind never is. */
export const isShared = (route: ShopRoute): boolean => route.kind === "page" && route.shared;

/** The sitemap's paths that are not products, in the list's order. */
export const SITEMAP_PATHS: readonly string[] = PAGE_ROUTES.flatMap((route) => route.sitemap);

/** Every page's example URLs: what Lighthouse audits (scripts/audit.ts), named as its reports are. */
export const PAGE_EXAMPLES: readonly ExampleUrl[] = PAGE_ROUTES.flatMap((route) => route.examples);

/**
 * The example URLs of the shared pages, but for the noindex ones (a search is one of many): where
 * the bench and the server tests start a shopper's visit.
 */
export const SHARED_PAGE_URLS: readonly string[] = PAGE_ROUTES.filter((route) => route.shared).flatMap((route) =>
  route.examples.filter((example) => !example.noindex).map((example) => example.url),
);

/** The URL of the example of this name, e.g. exampleUrl("category") is "/products/sensors". */
export function exampleUrl(name: ExampleName): string {
  for (const route of AUDITED_ROUTES) {
    const example = route.examples.find((candidate) => candidate.name === name);
    if (example) return example.url;
  }
  throw new Error(`no example URL named ${name} in app/models/site/pages.ts`);
}
