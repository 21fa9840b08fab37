import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";

import { LRUCache } from "lru-cache";

import { pageCacheLookups } from "./metrics";

// The server's own shared cache of shared pages, gzipped, for the `s-maxage` each states, as nginx would keep them
// (ADR 020); only where this process alone changes the catalogue, which then clears it (ADR 028).

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export interface CachedPage {
  status: number;
  /** Without Content-Length and Content-Encoding, set when it is sent. */
  headers: [string, string][];
  gzipped: Buffer;
  keptAt: number;
  expiresAt: number;
}

export interface PageCacheOptions {
  maxBytes?: number;
  now?: () => number;
}

/** About 500 pages at 5-10 KB gzipped (ADR 020). */
const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;

/** Longer URLs are never kept: junk query strings would push the pages shoppers visit out. */
export const MAX_CACHED_URL_LENGTH = 1024;

export function sharedLifetimeSeconds(response: Response): number | null {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return null;
  const directives = (response.headers.get("Cache-Control") ?? "")
    .toLowerCase()
    .split(",")
    .map((d) => d.trim());
  if (!directives.includes("public") || directives.some((d) => d === "private" || d === "no-store")) return null;
  const sMaxAge = directives.find((d) => /^s-maxage=\d+$/.test(d));
  const seconds = sMaxAge ? Number(sMaxAge.slice("s-maxage=".length)) : 0;
  return seconds > 0 ? seconds : null;
}

export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly now: () => number;

  constructor({ maxBytes = DEFAULT_MAX_BYTES, now = Date.now }: PageCacheOptions = {}) {
    this.now = now;
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: maxBytes,
      // The key is memory too: a URL's characters (two bytes each at worst) count as the body's bytes do.
      sizeCalculation: (page, url) =>
        page.gzipped.length +
        page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) +
        2 * url.length,
    });
  }

  /** The cached page for an anonymous read of `url` (whole: a page holds its origin, ADR 008) and its age, or null. */
  find(method: string, url: string, headers: Pick<Headers, "has">): { page: CachedPage; ageSeconds: number } | null {
    if (!isAnonymousRead(method, headers)) return null;
    const page = this.pages.get(url);
    const now = this.now();
    if (page && now >= page.expiresAt) this.pages.delete(url);
    if (!page || now >= page.expiresAt) {
      pageCacheLookups.inc({ outcome: "miss" });
      return null;
    }
    pageCacheLookups.inc({ outcome: "hit" });
    return { page, ageSeconds: Math.floor((now - page.keptAt) / 1000) };
  }

  /** Keeps the answer to an anonymous GET a shared cache may keep, and returns it as kept; else null. */
  async keep(method: string, url: string, requestHeaders: Headers, response: Response): Promise<CachedPage | null> {
    const seconds = sharedLifetimeSeconds(response);
    if (method !== "GET" || seconds === null || !isAnonymousRead(method, requestHeaders)) return null;
    if (url.length > MAX_CACHED_URL_LENGTH) return null;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers.entries()].filter(
      ([name]) => name !== "content-length" && name !== "content-encoding",
    );
    const keptAt = this.now();
    const page = {
      status: response.status,
      headers,
      gzipped: await gzipAsync(body),
      keptAt,
      expiresAt: keptAt + seconds * 1000,
    };
    this.pages.set(url, page);
    return page;
  }

  clear(): void {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}

export function plainBody(page: CachedPage): Promise<Buffer> {
  return gunzipAsync(page.gzipped);
}

function isAnonymousRead(method: string, headers: Pick<Headers, "has">): boolean {
  return (method === "GET" || method === "HEAD") && !headers.has("Cookie") && !headers.has("Authorization");
}
