import { createHash } from "node:crypto";

import { data, type HeadersFunction } from "react-router";

import { withFailureHeaders } from "~/services/backend-failure.server";

/**
 * Which answers a shared cache (nginx, a CDN, the server's own page cache) may keep and hand to
 * other visitors: documents and the page data of client navigations (`.data`) alike, by one rule
 * (ADR 018, ADR 026; docs/scaling.md). Three parts decide, each where it is known:
 *
 * - A route module whose page is the same for every visitor the server knows nothing of says so
 *   with `export const headers = sharedPageHeaders`, exactly when its entry in the list of the
 *   shop's pages says `shared: true` (app/models/site/pages.ts; tests/unit/pages.test.ts holds the two
 *   together). React Router asks a route's `headers` for documents and `.data` answers alike, so
 *   one line covers both.
 * - The root loader answers through `rootLoaderData`: what it knows of the visitor (a session, a
 *   toast, a form sent back) is `visitor`, and a `visitor` that is not null makes the whole answer
 *   private, whichever page it is part of.
 * - isSharedAnswer: the request and the answer as a whole (a GET for the whole page, answered 200,
 *   no cookie set).
 */

/**
 * A shared cache may serve the page for a minute, then serve it stale for ten more while it
 * fetches a new one in the background; browsers (max-age=0) ask again each time. `Vary: Cookie`
 * keeps a visitor with any cookie (a session, a toast) from ever being handed this copy.
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
export const PERSONAL_CACHE_CONTROL = "private, no-store";

/**
 * A shared page's data for client navigations (`.data`): the same for shared caches, and the
 * browser itself may keep it for ten seconds. That is what makes `prefetch="intent"` help: the
 * data a hover fetched is what the click uses. With max-age=0 Chromium fetched it again on the
 * click (ADR 026 has the measurement). `Vary: Cookie` keeps the browser from using the copy once
 * a cookie changes (signing in, a toast); anything personal is `no-store`, never kept at all.
 */
export const SHARED_DATA_CACHE_CONTROL = "public, max-age=10, s-maxage=60, stale-while-revalidate=600";

/**
 * The `headers` export of a route whose page is the same for every anonymous visitor: shared,
 * unless the root said the visitor is known (its Cache-Control comes down as `parentHeaders`) or
 * this route's loader said otherwise (`no-store` for a page degraded by an outage, with its
 * Retry-After: backend-failure.server.ts).
 */
export const sharedPageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = withFailureHeaders({ loaderHeaders, parentHeaders });
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", SHARED_CACHE_CONTROL);
  return headers;
};

/**
 * What the root loader knows that is the same for every visitor. Every field here is in every
 * shared page and its data, handed to everyone: nothing read from a cookie or a session belongs
 * here (that is `visitor`'s).
 */
export interface ShopData {
  /** The public origin for absolute URLs (ADR 008); the cache key holds the Host it may come from. */
  siteOrigin: string;
}

/**
 * The root loader's answer, in the two parts that decide whether a page may be shared: `shop`, the
 * same for everyone, and `visitor`, everything that is this visitor's own (each field null when
 * there is nothing), or null as a whole when every field is. A visitor who is not null makes the
 * answer `private, no-store`; the root's `headers` export (rootHeaders) passes that down to the
 * page, so no route below can make it shared.
 */
export function rootLoaderData<Visitor extends Record<string, unknown>>(
  shop: ShopData,
  visitorFields: Visitor,
  headers: Headers,
) {
  const visitor = Object.values(visitorFields).some((value) => value != null) ? visitorFields : null;
  if (visitor !== null) headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
  return data({ shop, visitor }, { headers });
}

/** The root's `headers` export: its loader's verdict on the visitor, for the routes below (`parentHeaders`). */
export const rootHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

/**
 * Whether this answer (a document or `.data`) may be kept by a shared cache: a GET or HEAD for the
 * whole page, answered 200, setting no cookie, that its route modules said is shared (the
 * Cache-Control set above). A `.data` request naming the loaders it wants (`_routes=`, a
 * revalidation that leaves some out, as after a failed form) is the client's own bookkeeping,
 * never shared.
 */
export function isSharedAnswer(request: Request, status: number, headers: Headers): boolean {
  if ((request.method !== "GET" && request.method !== "HEAD") || status !== 200) return false;
  if (headers.has("Set-Cookie")) return false;
  if (new URL(request.url).searchParams.has("_routes")) return false;
  return headers.get("Cache-Control") === SHARED_CACHE_CONTROL;
}

/**
 * What caches are told of an answer isSharedAnswer has judged: a shared one keeps the
 * Cache-Control its routes set, any other is `private, no-store` (an outage's `no-store` and an
 * error page included). `Vary: Cookie` either way: who is asking may change the answer.
 */
export function setCacheHeaders(headers: Headers, shared: boolean): void {
  if (!shared) headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
  headers.append("Vary", "Cookie");
}

/** Inline `<script>` elements (no src) and their text, as a browser hashes it for CSP. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * CSP sources ('sha256-...') for every inline script of a page: a shared page cannot carry a
 * nonce (every visitor would see the same one), so the policy lists the hashes of exactly the
 * scripts this page holds instead. The page is whole (rendered to the end) before its headers go.
 *
 * Reading the scripts off the HTML is sound because of how it is made: React escapes `<` in every
 * text and attribute value, and React Router escapes it inside its script data, so `<script` appears only
 * where a script element starts; text a visitor sent can never put a script of its own in the
 * list (tests/server/shared-pages.test.ts checks it).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT)) {
    if (!text) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
