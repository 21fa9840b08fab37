import { cataloguePath } from "../catalogue/catalogue-query";
import { CATEGORIES } from "../catalogue/categories";

/**
 * The one list of the shop's pages, read by the route config, the sitemap, the audits, the bench and the soak; plain
 * data importing only models (docs/routes.md#adding-a-page).
 */

/** What a route is, which decides what else its entry says (docs/routes.md#adding-a-page). */
export type RouteKind = "page" | "not-found" | "form" | "machine";

/** One URL that shows a page, as the audits, the bench and the soak open it. */
export interface ExampleUrl {
  /** Unique, and the Lighthouse report's file name. */
  name: string;
  /** Path and query; the seed's products have fixed ids. */
  url: string;
  noindex?: true;
  /** Answered on purpose (a mailed link that no longer works); absent: 200. */
  status?: 403;
}

interface RouteEntry {
  /** Unique in the list. */
  name: string;
  /** React Router's path pattern without the leading slash, or null for the index route. */
  path: string | null;
  module: `routes/${string}`;
  kind: RouteKind;
}

/** A page a person opens. */
export interface PageRoute extends RouteEntry {
  kind: "page";
  /** The same answer for every visitor without a cookie; its module says `headers = sharedPageHeaders` (ADR 018). */
  shared: boolean;
  sitemap: readonly string[];
  examples: readonly [ExampleUrl, ...ExampleUrl[]];
}

/** The not-found page, for every URL nothing else answers. */
export interface NotFoundRoute extends RouteEntry {
  kind: "not-found";
  path: "*";
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

/** Where the bench and the server tests start a visit: the shared pages' indexed examples. */
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
