import { createHash } from "node:crypto";

import { data, type HeadersFunction } from "react-router";

import { withFailureHeaders } from "~/services/backend-failure.server";

// What a shared cache may keep, documents and `.data` alike (ADR 018, ADR 026): a route says so, the root's `visitor`
// vetoes it, and isSharedAnswer judges the answer as a whole.

/** How long a shared cache may serve a shared page; then stale, while it fetches a new one, for STALE_SECONDS. */
export const SHARED_PAGE_SECONDS = 60;
const STALE_SECONDS = 600;
/** A shared page's data may stay in the browser this long, so a hover's prefetch serves the click (ADR 026). */
const BROWSER_DATA_SECONDS = 10;

function publicCacheControl(browserSeconds: number): string {
  return `public, max-age=${browserSeconds}, s-maxage=${SHARED_PAGE_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;
}

export const SHARED_CACHE_CONTROL = publicCacheControl(0);
export const SHARED_DATA_CACHE_CONTROL = publicCacheControl(BROWSER_DATA_SECONDS);
export const PERSONAL_CACHE_CONTROL = "private, no-store";

/** A shared page's `headers` export: shared unless the root (`parentHeaders`) or an outage (`loaderHeaders`) says not. */
export const sharedPageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = withFailureHeaders({ loaderHeaders, parentHeaders });
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", SHARED_CACHE_CONTROL);
  return headers;
};

/** What the root loader knows that is the same for every visitor: nothing from a cookie or a session belongs here. */
export interface ShopData {
  /** The public origin for absolute URLs (ADR 008); the cache key holds the Host it may come from. */
  siteOrigin: string;
}

/** The root loader's answer: `visitor`, null when every field is, makes it personal for every route below. */
export function rootLoaderData<Visitor extends Record<string, unknown>>(
  shop: ShopData,
  visitorFields: Visitor,
  headers: Headers,
) {
  const visitor = Object.values(visitorFields).some((value) => value != null) ? visitorFields : null;
  if (visitor !== null) headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
  return data({ shop, visitor }, { headers });
}

export const rootHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

/** A GET or HEAD answered 200, setting no cookie, that its routes said is shared; never a partial revalidation. */
export function isSharedAnswer(request: Request, status: number, headers: Headers): boolean {
  if ((request.method !== "GET" && request.method !== "HEAD") || status !== 200) return false;
  if (headers.has("Set-Cookie")) return false;
  if (new URL(request.url).searchParams.has("_routes")) return false;
  return headers.get("Cache-Control") === SHARED_CACHE_CONTROL;
}

/**
 * What caches are told of a page or its data once isSharedAnswer has judged it: shared, the Cache-Control of its
 * kind; any other answer `private, no-store` (an outage's and an error page's too). `Vary: Cookie` either way.
 */
export function setCacheHeaders(headers: Headers, shared: boolean, answer: "page" | "page data"): void {
  const sharedCacheControl = answer === "page" ? SHARED_CACHE_CONTROL : SHARED_DATA_CACHE_CONTROL;
  headers.set("Cache-Control", shared ? sharedCacheControl : PERSONAL_CACHE_CONTROL);
  headers.append("Vary", "Cookie");
}

/** Inline `<script>` elements (no src) and their text, as a browser hashes it for CSP. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** CSP hashes for a shared page's inline scripts, which cannot carry a nonce (ADR 018). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT)) {
    if (!text) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
