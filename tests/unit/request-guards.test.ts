import { describe, expect, it } from "vitest";

import { canonicalHost, crossSiteReason } from "../../server/request-guards";

describe("canonicalHost", () => {
  it("accepts names, addresses and ports a browser or proxy sends", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "www.makervolt.com",
      "127.0.0.1:80",
      "[::1]",
      "[::1]:3000",
      "shop.example.",
      "app_1:8080",
    ]) {
      expect(canonicalHost(host), host).not.toBeNull();
    }
  });

  it("writes a host as URL parsing does: lower case, no default port, IPv6 compressed", () => {
    expect(canonicalHost("Shop.Example:80")).toBe("shop.example");
    expect(canonicalHost("[0:0:0:0:0:0:0:1]:3000")).toBe("[::1]:3000");
    expect(canonicalHost("127.0.0.1:0080")).toBe("127.0.0.1");
  });

  it("refuses what would make URL parsing throw or mean something else", () => {
    for (const host of [
      undefined,
      "",
      "a b",
      "[::1",
      "::1",
      "a:b",
      "a:99999",
      "127.0.0.1:0",
      "a:00",
      "a/b",
      "a@b",
      "a?b",
      "a#b",
      "-a.com",
      "a..b",
      "x".repeat(300),
    ]) {
      expect(canonicalHost(host), String(host)).toBeNull();
    }
  });
});

describe("crossSiteReason", () => {
  const host = "shop.example:3000";

  it("lets reads through whatever they say", () => {
    expect(crossSiteReason("GET", { host, origin: "https://evil.example", secFetchSite: "cross-site" })).toBeNull();
    expect(crossSiteReason("HEAD", { host, origin: "https://evil.example" })).toBeNull();
  });

  it("lets through a post from this origin, or one that says nothing (text browsers, scripts)", () => {
    expect(
      crossSiteReason("POST", { host, origin: "http://shop.example:3000", secFetchSite: "same-origin" }),
    ).toBeNull();
    expect(crossSiteReason("POST", { host, origin: "https://shop.example:3000" })).toBeNull();
    expect(crossSiteReason("POST", { host })).toBeNull();
    expect(crossSiteReason("POST", { host: "shop.example", origin: "http://shop.example:80" })).toBeNull();
    expect(crossSiteReason("POST", { host, secFetchSite: "none" })).toBeNull();
    // A page of ours with Referrer-Policy: no-referrer (the reset page) posts with Origin: null.
    expect(crossSiteReason("POST", { host, origin: "null", secFetchSite: "same-origin" })).toBeNull();
  });

  it("refuses a post from another site, however it is marked", () => {
    expect(crossSiteReason("POST", { host, origin: "https://evil.example" })).not.toBeNull();
    expect(crossSiteReason("POST", { host, origin: "http://shop.example:3001" })).not.toBeNull();
    expect(crossSiteReason("POST", { host, secFetchSite: "cross-site" })).not.toBeNull();
    expect(crossSiteReason("POST", { host, secFetchSite: "same-site" })).not.toBeNull();
    expect(crossSiteReason("DELETE", { host, origin: "null" })).not.toBeNull();
    expect(crossSiteReason("POST", { host, origin: "null", secFetchSite: "cross-site" })).not.toBeNull();
    expect(crossSiteReason("PUT", { host, origin: "not a url" })).not.toBeNull();
  });
});
