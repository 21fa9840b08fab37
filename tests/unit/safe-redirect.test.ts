import { describe, expect, it } from "vitest";

import { safeRedirectPath } from "~/models/forms/safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirectPath("/")).toBe("/");
    expect(safeRedirectPath("/products/sensors?sort=price-low&page=2")).toBe("/products/sensors?sort=price-low&page=2");
    expect(safeRedirectPath("/about#team")).toBe("/about#team");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeRedirectPath("/products/../about")).toBe("/about");
    expect(safeRedirectPath("/../../etc/passwd")).toBe("/etc/passwd");
  });

  it.each([
    ["protocol-relative", "//evil.example"],
    ["protocol-relative with path", "//evil.example/products"],
    ["absolute http", "https://evil.example"],
    ["absolute without slashes", "https:evil.example"],
    ["backslash", "/\\evil.example"],
    ["backslashes", "\\\\evil.example"],
    ["backslash later in the path", "/products\\..\\\\evil.example"],
    ["javascript URL", "javascript:alert(1)"],
    ["data URL", "data:text/html,<script>alert(1)</script>"],
    ["relative path", "products"],
    ["tab the browser would strip", "/\t/evil.example"],
    ["newline the browser would strip", "/\n/evil.example"],
    ["empty", ""],
    ["dot segment that resolves to protocol-relative", "/.//evil.example"],
    ["encoded dot segment that resolves to protocol-relative", "/%2e//evil.example"],
    ["encoded dot-dot segment", "/%2E%2E//evil.example"],
    ["parent segment that resolves to protocol-relative", "/a/..//evil.example"],
    ["parent segments past the root", "/../..//evil.example/x?y"],
  ])("falls back for %s", (_name, value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("keeps encoded slashes encoded, so they stay part of a local path", () => {
    expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeRedirectPath("/%5Cevil.example")).toBe("/%5Cevil.example");
  });

  it("falls back for values that are not strings", () => {
    for (const value of [null, undefined, 42, {}, ["/about"], new Blob(["/about"])]) {
      expect(safeRedirectPath(value)).toBe("/");
    }
  });

  it("falls back for absurdly long targets", () => {
    expect(safeRedirectPath("/" + "a".repeat(5000))).toBe("/");
  });

  it("uses the fallback it is given", () => {
    expect(safeRedirectPath("//evil.example", "/products")).toBe("/products");
  });
});
