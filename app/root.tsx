import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";

import { useNonce } from "~/components/layout/nonce";
import { RouteAnnouncer } from "~/components/layout/route-announcer";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { MAIN_CONTENT_ID, SkipLinks } from "~/components/layout/skip-links";
import { Toaster } from "~/components/toast/toaster";
import { IconSprite } from "~/components/ui/icons";
import { primaryButtonClass } from "~/components/ui/primary-button";
import { cataloguePath } from "~/models/catalogue/catalogue-query";
import { pageTitle, SHOP_NAME } from "~/models/site/shop";
import { NEWSLETTER_FORM } from "~/models/toast/newsletter";
import { commitCsrfToken } from "~/services/csrf.server";
import { getUser } from "~/services/session.server";
import { rootHeaders, rootLoaderData } from "~/services/shared-pages.server";
import { siteOrigin } from "~/services/site-origin.server";
import { flashForPage, readFlash, takeResponseToast } from "~/services/toast.server";
import stylesheet from "~/tailwind.css?url";

import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The flash cookie's toast and form, and who is signed in with their Logout token: the visitor's own, none for an
 * anonymous visitor with nothing pending, whose page may then be shared (ADR 017, ADR 026).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [cookieFlash, current] = await Promise.all([readFlash(request), getUser(request)]);
  const csrf = current.user ? await commitCsrfToken(request) : null;
  // A failed sign-in's toast shows now; a cookie's waits (docs/notices-and-toasts.md#flash-cookie).
  const flash = flashForPage(takeResponseToast(context), cookieFlash);
  const headers = new Headers(flash.headers);
  for (const cookie of current.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (csrf?.setCookie) headers.append("Set-Cookie", csrf.setCookie);
  // Only what the header shows: never ids or tokens in the page.
  const user = current.user ? { email: current.user.email } : null;
  return rootLoaderData(
    // The public origin for every page's absolute URLs (canonical, Open Graph, JSON-LD): ADR 008.
    { siteOrigin: siteOrigin(request) },
    { user, toast: flash.toast, flashForm: flash.form, csrf: csrf?.token ?? null },
    headers,
  );
}

/** Whether anything of the visitor's is on the page, for every route's headers (rootLoaderData). */
export const headers: Route.HeadersFunction = rootHeaders;

/** Any action or redirect may leave a toast that only the server can read (ADR 005). */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

/** The root loader's data where it exists (not on the error page when the loader failed). */
function useRootLoaderData() {
  return useRouteLoaderData<typeof loader>("root");
}

const ERROR_HEADING = "Unexpected Application Error!";

/** Used only when no route below sets its own meta, i.e. on the root error page. */
export const meta: Route.MetaFunction = ({ error }) =>
  error ? [{ title: pageTitle(ERROR_HEADING) }, { name: "robots", content: "noindex" }] : [{ title: SHOP_NAME }];

/** The document and site shell around every page, with the one `<main>`: routes render one h1 and no `<main>`. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const visitor = useRootLoaderData()?.visitor ?? null;
  const toast = visitor?.toast ?? null;
  const newsletter = visitor?.flashForm?.form === NEWSLETTER_FORM ? visitor.flashForm : null;
  const { pathname, search } = useLocation();
  useEffect(() => {
    // Tests and CSS tell the hydrated page from the server HTML by it (ADR 003), the error page too.
    document.documentElement.dataset.hydrated = "";
  }, []);
  useEffect(() => {
    // Set once the new page has rendered, which tests wait for (docs/testing.md#waiting-for-a-page).
    document.documentElement.dataset.location = pathname + search;
  }, [pathname, search]);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased">
        {/* First, so the icons it draws once show as soon as the markup that uses them streams in. */}
        <IconSprite />
        <SkipLinks />
        {/* Without a token (anonymous), a form that needs one fails its check with a 403, not a crash. */}
        <AuthenticityTokenProvider token={visitor?.csrf ?? "unavailable"}>
          <SiteHeader user={visitor?.user ?? null} />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus-visible:outline-none">
            {children}
          </main>
          <Toaster toast={toast} />
          <RouteAnnouncer />
          <SiteFooter newsletter={newsletter} />
        </AuthenticityTokenProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

const STATUS_TEXTS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Payload Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** The error page (docs/routes.md#error-page): a message, never a stack. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || STATUS_TEXTS[error.status] || ""}`.trim()
    : error instanceof Error && error.message
      ? error.message
      : "Something went wrong.";
  // A refused form (CSRF, 403) says what to do next; other statuses keep their data to themselves.
  const explanation =
    isRouteErrorResponse(error) && error.status === 403 && typeof error.data === "string" ? error.data : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p
        className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-2xl font-bold text-red-700"
        aria-hidden="true"
      >
        !
      </p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{ERROR_HEADING}</h1>
      <p className="mt-4 text-lg font-medium text-slate-700">{detail}</p>
      {explanation && <p className="mt-2 max-w-xl text-slate-700">{explanation}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className={`${primaryButtonClass} min-h-11 px-5`}>
          Go to the home page
        </a>
        <a
          href={cataloguePath(null)}
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Browse products
        </a>
      </div>
    </div>
  );
}
