import { describe, expect, it } from "vitest";

import { parseConfig } from "~/config.server";
import { siteOrigin } from "~/services/site-origin.server";

/**
 * The origin in canonical links, previews, JSON-LD and the sitemap: SITE_URL when set, else the
 * request's own, with forwarded headers believed only behind a trusted proxy (TRUST_PROXY=1).
 */

/** A request as remix-serve builds it: request.url from the socket's protocol, headers as sent. */
function request(url: string, headers: Record<string, string> = {}) {
  return new Request(url, { headers });
}

describe("SITE_URL", () => {
  it("wins over anything the request says, as a bare origin", () => {
    const config = parseConfig({ SITE_URL: "https://www.makervolt.com/", TRUST_PROXY: "1" });
    const forwarded = request("http://10.0.0.5:3000/products", {
      host: "10.0.0.5:3000",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "http",
    });
    expect(siteOrigin(forwarded, config)).toBe("https://www.makervolt.com");
    expect(parseConfig({ SITE_URL: " https://Shop.Example:8443 " }).siteOrigin).toBe("https://shop.example:8443");
  });

  it("is unset when empty", () => {
    expect(parseConfig({}).siteOrigin).toBeNull();
    expect(parseConfig({ SITE_URL: "  " }).siteOrigin).toBeNull();
  });

  it.each([
    ["not a URL", "www.makervolt.com"],
    ["not http(s)", "ftp://www.makervolt.com"],
    ["with a path", "https://www.makervolt.com/shop"],
    ["with a query", "https://www.makervolt.com/?a=1"],
    ["with credentials", "https://user:secret@www.makervolt.com"],
  ])("refuses a value %s, loudly", (_case, value) => {
    expect(() => parseConfig({ SITE_URL: value })).toThrow(/SITE_URL/);
  });
});

describe("the request's own origin", () => {
  const direct = parseConfig({});

  it("is the Host header on the request's protocol", () => {
    expect(siteOrigin(request("http://localhost:3000/about", { host: "localhost:3000" }), direct)).toBe(
      "http://localhost:3000",
    );
    expect(siteOrigin(request("http://shop.example/about", { host: "Shop.Example" }), direct)).toBe(
      "http://shop.example",
    );
  });

  it("ignores forwarded headers without TRUST_PROXY (anyone can send them)", () => {
    // remix-serve puts X-Forwarded-Host's port into request.url even untrusted: Host decides.
    const spoofed = request("http://shop.example:1234/", {
      host: "shop.example",
      "x-forwarded-host": "evil.example:1234",
      "x-forwarded-proto": "https",
    });
    expect(siteOrigin(spoofed, direct)).toBe("http://shop.example");
    expect(siteOrigin(spoofed, parseConfig({ TRUST_PROXY: "0" }))).toBe("http://shop.example");
  });

  it("falls back to request.url when the Host header is missing or not a host", () => {
    expect(siteOrigin(request("http://localhost:3000/"), direct)).toBe("http://localhost:3000");
    expect(siteOrigin(request("http://localhost:3000/", { host: "evil.example/path" }), direct)).toBe(
      "http://localhost:3000",
    );
    expect(siteOrigin(request("http://localhost:3000/", { host: "a@evil.example" }), direct)).toBe(
      "http://localhost:3000",
    );
  });
});

describe("behind a trusted proxy (TRUST_PROXY=1)", () => {
  const proxy = parseConfig({ TRUST_PROXY: "1" });

  it("takes the protocol and host the proxy forwarded (its own entry, the last)", () => {
    const proxied = request("http://10.0.0.5:3000/", {
      host: "10.0.0.5:3000",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "www.makervolt.com",
    });
    expect(siteOrigin(proxied, proxy)).toBe("https://www.makervolt.com");
    const chained = request("http://10.0.0.5:3000/", {
      host: "10.0.0.5:3000",
      "x-forwarded-proto": "http, https",
      "x-forwarded-host": "evil.example, www.makervolt.com",
    });
    expect(siteOrigin(chained, proxy)).toBe("https://www.makervolt.com");
  });

  it("keeps the Host header when the proxy forwards only the protocol", () => {
    const proxied = request("http://www.makervolt.com/", { host: "www.makervolt.com", "x-forwarded-proto": "https" });
    expect(siteOrigin(proxied, proxy)).toBe("https://www.makervolt.com");
  });

  it("ignores forwarded values that are not a protocol or a host", () => {
    const odd = request("http://www.makervolt.com/", {
      host: "www.makervolt.com",
      "x-forwarded-proto": "javascript",
      "x-forwarded-host": "evil.example/path",
    });
    expect(siteOrigin(odd, proxy)).toBe("http://www.makervolt.com");
  });
});
