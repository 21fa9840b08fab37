import { describe, expect, it } from "vitest";

import {
  isSharedAnswer,
  PERSONAL_CACHE_CONTROL,
  rootHeaders,
  rootLoaderData,
  setCacheHeaders,
  SHARED_CACHE_CONTROL,
  SHARED_DATA_CACHE_CONTROL,
  sharedPageHeaders,
} from "~/services/shared-pages.server";

/**
 * The rule that decides which answers a shared cache may keep (ADR 026), part by part: the route's
 * `headers`, the root loader's answer, and the request and answer as a whole. Through a real
 * server and a real nginx: tests/server/shared-pages.test.ts and tests/server/proxy.test.ts.
 */

const SHOP = { siteOrigin: "https://shop.example" };
const NOBODY = { user: null, toast: null, csrf: null };

/** What React Router hands a route's `headers`: its loader's headers and the root's (parentHeaders). */
function routeHeaders(root: HeadersInit, loader: HeadersInit = {}): Headers {
  const args = {
    loaderHeaders: new Headers(loader),
    parentHeaders: new Headers(root),
    actionHeaders: new Headers(),
    errorHeaders: undefined,
  };
  return new Headers(sharedPageHeaders(args));
}

/** The root's `headers` for its loader's answer, as React Router would take them from `data()`. */
function rootVerdict(visitor: Record<string, unknown>): Headers {
  const answer = rootLoaderData(SHOP, visitor, new Headers());
  const args = {
    loaderHeaders: new Headers(answer.init?.headers),
    parentHeaders: new Headers(),
    actionHeaders: new Headers(),
    errorHeaders: undefined,
  };
  return new Headers(rootHeaders(args));
}

describe("rootLoaderData", () => {
  it("leaves the visitor out, and says nothing of caching, when every field of theirs is empty", () => {
    const answer = rootLoaderData(SHOP, NOBODY, new Headers());
    expect(answer.data).toEqual({ shop: SHOP, visitor: null });
    expect(new Headers(answer.init?.headers).has("Cache-Control")).toBe(false);
  });

  it.each([
    ["signed in", { ...NOBODY, user: { email: "a@example.com" }, csrf: "token" }],
    ["a toast", { ...NOBODY, toast: { id: "t", description: "Hi" } }],
    ["any field not empty, one added later too", { ...NOBODY, cart: 0 }],
  ])("makes the answer private for a visitor with %s", (_, visitor) => {
    const answer = rootLoaderData(SHOP, visitor, new Headers());
    expect(answer.data.visitor).toEqual(visitor);
    expect(new Headers(answer.init?.headers).get("Cache-Control")).toBe(PERSONAL_CACHE_CONTROL);
  });

  it("keeps the cookies it was given", () => {
    const headers = new Headers({ "Set-Cookie": "toast=; Max-Age=0" });
    const answer = rootLoaderData(SHOP, NOBODY, headers);
    expect(new Headers(answer.init?.headers).get("Set-Cookie")).toBe("toast=; Max-Age=0");
  });
});

describe("a shareable route's headers", () => {
  it("say shared when the root knows nothing of the visitor", () => {
    expect(routeHeaders(rootVerdict(NOBODY)).get("Cache-Control")).toBe(SHARED_CACHE_CONTROL);
  });

  it("stay private when the root knows the visitor", () => {
    const root = rootVerdict({ ...NOBODY, user: { email: "a@example.com" } });
    expect(routeHeaders(root).get("Cache-Control")).toBe(PERSONAL_CACHE_CONTROL);
  });

  it("keep what the route's loader said during an outage, with its Retry-After", () => {
    const headers = routeHeaders(rootVerdict(NOBODY), { "Cache-Control": "no-store", "Retry-After": "60" });
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(headers.get("Retry-After")).toBe("60");
  });
});

describe("isSharedAnswer", () => {
  const shared = () => new Headers({ "Cache-Control": SHARED_CACHE_CONTROL });
  const get = (path: string) => new Request(`https://shop.example${path}`);

  it("shares a GET or HEAD of a page or its data, answered 200, that its routes said is shared", () => {
    expect(isSharedAnswer(get("/products"), 200, shared())).toBe(true);
    expect(isSharedAnswer(get("/products/sensors.data?sort=price-low"), 200, shared())).toBe(true);
    expect(isSharedAnswer(new Request("https://shop.example/_.data", { method: "HEAD" }), 200, shared())).toBe(true);
  });

  it("refuses what its routes did not say is shared", () => {
    expect(isSharedAnswer(get("/search"), 200, new Headers())).toBe(false);
    expect(isSharedAnswer(get("/about"), 200, new Headers({ "Cache-Control": PERSONAL_CACHE_CONTROL }))).toBe(false);
  });

  it("refuses another status, another method, a cookie set, and a revalidation naming its loaders", () => {
    expect(isSharedAnswer(get("/product/999"), 404, shared())).toBe(false);
    expect(isSharedAnswer(new Request("https://shop.example/contact", { method: "POST" }), 200, shared())).toBe(false);
    const withCookie = shared();
    withCookie.append("Set-Cookie", "toast=; Max-Age=0");
    expect(isSharedAnswer(get("/about"), 200, withCookie)).toBe(false);
    expect(isSharedAnswer(get("/product/1.data?_routes=root"), 200, shared())).toBe(false);
  });
});

describe("setCacheHeaders", () => {
  it("leaves a shared page's Cache-Control and adds Vary: Cookie", () => {
    const headers = new Headers({ "Cache-Control": SHARED_CACHE_CONTROL, Vary: "Accept-Encoding" });
    setCacheHeaders(headers, true, "page");
    expect(headers.get("Cache-Control")).toBe(SHARED_CACHE_CONTROL);
    expect(headers.get("Vary")).toBe("Accept-Encoding, Cookie");
  });

  it("lets the browser keep a shared page's data for a few seconds too (ADR 026)", () => {
    const headers = new Headers({ "Cache-Control": SHARED_CACHE_CONTROL });
    setCacheHeaders(headers, true, "page data");
    expect(headers.get("Cache-Control")).toBe(SHARED_DATA_CACHE_CONTROL);
    expect(headers.get("Vary")).toBe("Cookie");
  });

  it("makes any other answer private, one its routes said was shared and an outage's no-store too", () => {
    const refused = new Headers({ "Cache-Control": SHARED_CACHE_CONTROL });
    setCacheHeaders(refused, false, "page");
    expect(refused.get("Cache-Control")).toBe(PERSONAL_CACHE_CONTROL);
    const silent = new Headers();
    setCacheHeaders(silent, false, "page data");
    expect(silent.get("Cache-Control")).toBe(PERSONAL_CACHE_CONTROL);
    const outage = new Headers({ "Cache-Control": "no-store" });
    setCacheHeaders(outage, false, "page data");
    expect(outage.get("Cache-Control")).toBe(PERSONAL_CACHE_CONTROL);
    expect(outage.get("Vary")).toBe("Cookie");
  });
});
