import { describe, expect, it } from "vitest";

import { parseConfig } from "~/config.server";
import { siteOrigin } from "~/services/site-origin.server";

import { readOrigin } from "../../server/request-guards";

/**
 * The origin in canonical links, previews, JSON-LD and the sitemap: SITE_URL when set, else the
 * request's own, which the server reads once (readOrigin), with forwarded headers believed only
 * behind a trusted proxy (TRUST_PROXY=1), and the page cache keys on the same URL.
 */

describe("SITE_URL", () => {
  it("wins over anything the request says, as a bare origin", () => {
    const config = parseConfig({ SITE_URL: "https://www.makervolt.com/", TRUST_PROXY: "1" });
    expect(siteOrigin(new Request("http://evil.example:3000/products"), config)).toBe("https://www.makervolt.com");
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

describe("without SITE_URL", () => {
  it("is the origin of the request's URL, whatever its headers say", () => {
    const request = new Request("http://shop.example:8080/about", {
      headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
    });
    expect(siteOrigin(request, parseConfig({ TRUST_PROXY: "1" }))).toBe("http://shop.example:8080");
  });
});

describe("readOrigin: the request's origin, read once by the server", () => {
  const direct = { encrypted: false };

  it("is the Host header on the connection's protocol, in URL form", () => {
    expect(readOrigin({ ...direct, host: "localhost:3000" }, false)).toBe("http://localhost:3000");
    expect(readOrigin({ ...direct, host: "Shop.Example:80" }, false)).toBe("http://shop.example");
    expect(readOrigin({ host: "shop.example:443", encrypted: true }, false)).toBe("https://shop.example");
    expect(readOrigin({ ...direct, host: "[::1]:6666" }, false)).toBe("http://[::1]:6666");
    expect(readOrigin({ ...direct, host: "[0:0::1]" }, false)).toBe("http://[::1]");
  });

  it("ignores forwarded headers without a trusted proxy (anyone can send them)", () => {
    const spoofed = { ...direct, host: "shop.example", forwardedHost: "evil.example:1234", forwardedProto: "https" };
    expect(readOrigin(spoofed, false)).toBe("http://shop.example");
  });

  it.each([
    ["missing", undefined],
    ["port 0", "127.0.0.1:0"],
    ["port 0 written long", "shop.example:00"],
    ["a port out of range", "shop.example:65536"],
    ["userinfo", "user@shop.example"],
    ["a path", "shop.example/path"],
    ["an unclosed IPv6 bracket", "[::1"],
    ["spaces", "a b"],
  ])("is null for a Host with %s", (_case, host) => {
    expect(readOrigin({ ...direct, host }, false)).toBeNull();
  });

  describe("behind a trusted proxy", () => {
    it("takes the protocol and host the proxy wrote: the last entry of each, as for X-Forwarded-For", () => {
      const proxied = { ...direct, host: "10.0.0.5:3000", forwardedProto: "https", forwardedHost: "www.makervolt.com" };
      expect(readOrigin(proxied, true)).toBe("https://www.makervolt.com");
      const chained = {
        ...direct,
        host: "10.0.0.5:3000",
        forwardedProto: "http, https",
        forwardedHost: "evil.example, www.makervolt.com",
      };
      expect(readOrigin(chained, true)).toBe("https://www.makervolt.com");
      expect(readOrigin({ ...chained, forwardedHost: ["evil.example", "www.makervolt.com"] }, true)).toBe(
        "https://www.makervolt.com",
      );
    });

    it("keeps the Host header when the proxy forwards only the protocol", () => {
      expect(readOrigin({ ...direct, host: "www.makervolt.com", forwardedProto: "https" }, true)).toBe(
        "https://www.makervolt.com",
      );
    });

    it("is null for forwarded values that are not a protocol or a host", () => {
      expect(readOrigin({ ...direct, host: "shop.example", forwardedProto: "javascript" }, true)).toBeNull();
      expect(readOrigin({ ...direct, host: "shop.example", forwardedHost: "evil.example/path" }, true)).toBeNull();
      expect(readOrigin({ ...direct, host: "shop.example", forwardedHost: "shop.example:0" }, true)).toBeNull();
    });
  });
});
