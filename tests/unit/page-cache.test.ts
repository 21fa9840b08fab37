import { gunzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { SHARED_CACHE_CONTROL as SHARED, SHARED_PAGE_SECONDS } from "~/services/shared-pages.server";

import { MAX_CACHED_URL_LENGTH, PageCache, plainBody, sharedLifetimeSeconds } from "../../server/page-cache";

/**
 * The page cache: the server's own shared cache of shared pages (ADR 020): it keeps exactly what a shared
 * cache may keep, for as long as the page says, answers only visitors without a cookie or
 * credentials, and stays within its size.
 */

const URL_ABOUT = "http://shop.test/about";
const NOBODY = new Headers();

function page(body: string, init: { status?: number; cacheControl?: string; setCookie?: string } = {}) {
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": init.cacheControl ?? SHARED,
    "Content-Security-Policy": "script-src 'self' 'sha256-abc='",
    Vary: "Cookie",
  });
  if (init.setCookie) headers.set("Set-Cookie", init.setCookie);
  return new Response(body, { status: init.status ?? 200, headers });
}

/** A clock the test moves. */
function clock(start = 1_000_000) {
  const time = { now: start };
  return { now: () => time.now, advance: (ms: number) => (time.now += ms) };
}

describe("PageCache", () => {
  it("keeps a shared page gzipped with its headers, and hands it to the next anonymous visitor with its age", async () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    const kept = await cache.keep("GET", URL_ABOUT, NOBODY, page("<h1>About</h1>"));
    expect(kept).not.toBeNull();
    expect(gunzipSync(kept!.gzipped).toString()).toBe("<h1>About</h1>");
    expect((await plainBody(kept!)).toString()).toBe("<h1>About</h1>");
    expect(Object.fromEntries(kept!.headers)).toMatchObject({
      "cache-control": SHARED,
      "content-security-policy": "script-src 'self' 'sha256-abc='",
      vary: "Cookie",
    });

    time.advance(2_500);
    const found = cache.find("GET", URL_ABOUT, new Headers({ "Accept-Encoding": "gzip" }));
    expect(found?.page).toBe(kept);
    expect(found?.ageSeconds).toBe(2);
    expect(cache.find("HEAD", URL_ABOUT, NOBODY)?.page).toBe(kept);
  });

  it("lets a page go once its s-maxage has passed", async () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    await cache.keep("GET", URL_ABOUT, NOBODY, page("old", { cacheControl: "public, s-maxage=5" }));
    time.advance(4_999);
    expect(cache.find("GET", URL_ABOUT, NOBODY)).not.toBeNull();
    time.advance(1);
    expect(cache.find("GET", URL_ABOUT, NOBODY)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("never answers a visitor with a cookie or credentials, nor a request that is not a read", async () => {
    const cache = new PageCache();
    await cache.keep("GET", URL_ABOUT, NOBODY, page("shared"));
    expect(cache.find("GET", URL_ABOUT, new Headers({ Cookie: "__session=abc" }))).toBeNull();
    expect(cache.find("GET", URL_ABOUT, new Headers({ Cookie: "" }))).toBeNull();
    expect(cache.find("GET", URL_ABOUT, new Headers({ Authorization: "Bearer x" }))).toBeNull();
    expect(cache.find("POST", URL_ABOUT, NOBODY)).toBeNull();
    // Another URL is another page: the origin and the query string are part of it.
    expect(cache.find("GET", "http://other.test/about", NOBODY)).toBeNull();
    expect(cache.find("GET", `${URL_ABOUT}?x=1`, NOBODY)).toBeNull();
  });

  it.each([
    ["a private page", page("mine", { cacheControl: "private, no-store" })],
    ["a page without s-maxage", page("x", { cacheControl: "public, max-age=60" })],
    ["a page with s-maxage=0", page("x", { cacheControl: "public, s-maxage=0" })],
    ["a page that is not public", page("x", { cacheControl: "s-maxage=60" })],
    ["a public page that also says no-store", page("x", { cacheControl: "public, no-store, s-maxage=60" })],
    ["a page that sets a cookie", page("x", { setCookie: "toast=1" })],
    ["an error page", page("x", { status: 503 })],
  ])("does not keep %s, and leaves its body unread", async (_what, response) => {
    const cache = new PageCache();
    expect(await cache.keep("GET", URL_ABOUT, NOBODY, response)).toBeNull();
    expect(response.bodyUsed).toBe(false);
    expect(cache.size).toBe(0);
  });

  it("does not keep the answer to a HEAD or to a visitor with a cookie", async () => {
    const cache = new PageCache();
    expect(await cache.keep("HEAD", URL_ABOUT, NOBODY, page(""))).toBeNull();
    expect(await cache.keep("GET", URL_ABOUT, new Headers({ Cookie: "csrf=1" }), page("x"))).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("stays within its size, letting the least recently used pages go first", async () => {
    // Random text barely compresses, so each page is about 3 KB gzipped.
    const body = () => Array.from({ length: 4_000 }, () => Math.random().toString(36)[2]).join("");
    const cache = new PageCache({ maxBytes: 10_000 });
    for (const n of [1, 2, 3]) await cache.keep("GET", `${URL_ABOUT}?n=${n}`, NOBODY, page(body()));
    expect(cache.find("GET", `${URL_ABOUT}?n=1`, NOBODY)).not.toBeNull();
    await cache.keep("GET", `${URL_ABOUT}?n=4`, NOBODY, page(body()));
    expect(cache.find("GET", `${URL_ABOUT}?n=1`, NOBODY)).not.toBeNull();
    expect(cache.find("GET", `${URL_ABOUT}?n=2`, NOBODY)).toBeNull();
    expect(cache.size).toBe(3);
  });

  it("counts each page's URL against its size, so long junk query strings cannot hold more than the budget", async () => {
    const cache = new PageCache({ maxBytes: 20_000 });
    // Tiny pages, each under a URL of about 1 KB: the URLs are what fills the budget.
    for (let n = 0; n < 100; n++) {
      const url = `${URL_ABOUT}?n=${n}&x=${"j".repeat(MAX_CACHED_URL_LENGTH - 40)}`;
      expect(await cache.keep("GET", url, NOBODY, page("x"))).not.toBeNull();
    }
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(20);
  });

  it("never keeps a page whose URL is longer than the bound (it is rendered and sent as usual)", async () => {
    const cache = new PageCache();
    const url = `${URL_ABOUT}?x=${"j".repeat(16 * 1024)}`;
    expect(await cache.keep("GET", url, NOBODY, page("<h1>About</h1>"))).toBeNull();
    expect(cache.find("GET", url, NOBODY)).toBeNull();
    expect(cache.size).toBe(0);
  });
});

describe("sharedLifetimeSeconds", () => {
  it.each([
    [SHARED, SHARED_PAGE_SECONDS],
    ["PUBLIC, S-MAXAGE=30", 30],
    ["s-maxage=60, public", 60],
    ["public, max-age=600", null],
    ["public, s-maxage=abc", null],
    ["private, s-maxage=60, public", null],
  ])("%s: %s", (cacheControl, seconds) => {
    expect(sharedLifetimeSeconds(page("x", { cacheControl }))).toBe(seconds);
  });
});
