import { createHash } from "node:crypto";

import type { EntryContext } from "react-router";

/**
 * Which pages a shared cache (nginx, a CDN) may keep and hand to other visitors, and how they say
 * so (ADR 018, README.md#running-at-scale). A page is shared when it is one of the catalogue's or the shop's
 * public pages, answered 200 to a GET, for a visitor the root loader found nobody for (no session,
 * no toast, no form sent back), sets no cookie, and no loader said `no-store` (a page degraded by
 * an outage). Everything else is personal.
 */

/** The route modules whose pages are the same for every anonymous visitor. */
const SHAREABLE_ROUTES = new Set([
  "routes/_index",
  "routes/products.($category)",
  "routes/product.$id",
  "routes/about",
  "routes/contact",
]);

/**
 * A shared cache may serve the page for a minute, then serve it stale for ten more while it
 * fetches a new one in the background; browsers (max-age=0) ask again each time. `Vary: Cookie`
 * keeps a visitor with any cookie (a session, a toast) from ever being handed this copy.
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
export const PERSONAL_CACHE_CONTROL = "private, no-store";

/** What the root loader says about the visitor (app/root.tsx). */
interface RootVisitor {
  user: unknown;
  toast: unknown;
  flashForm: unknown;
}

export function isSharedPage(
  request: Request,
  status: number,
  headers: Headers,
  { staticHandlerContext: context }: EntryContext,
): boolean {
  if ((request.method !== "GET" && request.method !== "HEAD") || status !== 200) return false;
  if (headers.has("Set-Cookie")) return false;
  const page = context.matches.at(-1)?.route.id;
  if (!page || !SHAREABLE_ROUTES.has(page)) return false;
  const loaderHeaders: Headers[] = Object.values(context.loaderHeaders);
  if (loaderHeaders.some((headers) => /no-store/.test(headers.get("Cache-Control") ?? ""))) return false;
  const root = context.loaderData.root as RootVisitor | undefined;
  return root != null && root.user === null && root.toast === null && root.flashForm === null;
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
