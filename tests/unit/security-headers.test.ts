import { describe, expect, it } from "vitest";

import { createNonce, nonceSource, setSecurityHeaders } from "~/services/security-headers.server";
import { inlineScriptHashes } from "~/services/shared-pages.server";

const scriptSrc = (headers: Headers) =>
  headers
    .get("Content-Security-Policy")
    ?.split("; ")
    .find((directive) => directive.startsWith("script-src "));

describe("setSecurityHeaders", () => {
  it("allows scripts only from our origin or with this response's nonce (a personal page)", () => {
    const headers = new Headers();
    const nonce = createNonce();
    setSecurityHeaders(headers, [nonceSource(nonce)]);
    expect(scriptSrc(headers)).toBe(`script-src 'self' 'nonce-${nonce}'`);
  });

  it("allows a shared page's inline scripts by their hashes, never 'unsafe-inline'", () => {
    const headers = new Headers();
    setSecurityHeaders(headers, inlineScriptHashes("<script>a()</script><script type=module>b()</script>"));
    // sha256 of "a()" and "b()", base64, as `printf 'a()' | openssl dgst -sha256 -binary | base64` gives.
    expect(scriptSrc(headers)).toBe(
      "script-src 'self' 'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=' 'sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc='",
    );
    expect(headers.get("Content-Security-Policy")).not.toContain("unsafe-inline'; script");
  });

  it("gives every response a fresh nonce", () => {
    expect(createNonce()).not.toBe(createNonce());
  });

  it("isolates our windows from other sites' (Lighthouse origin-isolation) and refuses framing", () => {
    const headers = new Headers();
    setSecurityHeaders(headers, [nonceSource(createNonce())]);
    expect(headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });
});

describe("inlineScriptHashes", () => {
  it("hashes each inline script once, skips scripts with a src and empty ones", () => {
    const html =
      '<head><script src="/build/a.js"></script><script type="module" src="/b.js"></script></head>' +
      '<body><script>x()</script><script>x()</script><script></script><script nonce="n">\ny()\n</script></body>';
    expect(inlineScriptHashes(html)).toHaveLength(2);
  });
});
