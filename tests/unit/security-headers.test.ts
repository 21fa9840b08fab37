import { describe, expect, it } from "vitest";

import { createNonce, setSecurityHeaders } from "~/services/security-headers.server";

describe("setSecurityHeaders", () => {
  it("allows scripts only from our origin or with this response's nonce", () => {
    const headers = new Headers();
    const nonce = createNonce();
    setSecurityHeaders(headers, nonce);
    const scriptSrc = headers
      .get("Content-Security-Policy")
      ?.split("; ")
      .find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc).toBe(`script-src 'self' 'nonce-${nonce}'`);
  });

  it("gives every response a fresh nonce", () => {
    expect(createNonce()).not.toBe(createNonce());
  });

  it("isolates our windows from other sites' (Lighthouse origin-isolation) and refuses framing", () => {
    const headers = new Headers();
    setSecurityHeaders(headers, createNonce());
    expect(headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });
});
