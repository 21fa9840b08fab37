import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";

import { parseCatalogueQuery, parseSearchTerm, SEARCH_MAX_LENGTH } from "~/models/catalogue/catalogue-query";
import { cleanText, queryParam } from "~/models/forms/request-text";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("cleanText", () => {
  it("removes NUL and other control characters", () => {
    expect(cleanText("se\u0000n\u0007sor\u007f\u0085")).toBe("sensor");
    expect(cleanText("\u0000\ufffd\ufffd")).toBe("\ufffd\ufffd");
  });

  it("turns tabs and line breaks into spaces on one line, and keeps them in a message", () => {
    expect(cleanText("a\tb\r\nc\nd")).toBe("a b  c d");
    expect(cleanText("a\tb\r\nc\rd\u0000", { multiline: true })).toBe("a\tb\nc\nd");
  });

  it("replaces lone surrogates and keeps pairs", () => {
    expect(cleanText("a\ud800b\udc00c")).toBe("a\ufffdb\ufffdc");
    expect(cleanText("🔌\ud83d")).toBe("🔌\ufffd");
  });

  it("cuts a huge field to its limit without splitting all of it into code points", () => {
    const huge = "🔋".repeat(512 * 1024);
    // Splitting a 1 MB field into code points held the main thread for about 10 ms; only as much as
    // the limit can need is split (a timed check failed on a busy machine: this one cannot).
    const split = vi.spyOn(Array, "from");
    try {
      expect(cleanText(huge, { maxLength: 1000 })).toBe("🔋".repeat(1000));
      expect(cleanText(`a${huge}`, { maxLength: 3 })).toBe("a🔋🔋");
      const lengths = split.mock.calls.map(([value]) => (typeof value === "string" ? value.length : 0));
      expect(Math.max(...lengths)).toBeLessThanOrEqual(2 * 1000);
    } finally {
      split.mockRestore();
    }
  });

  it("bounds the length in characters, never cutting an emoji in half", () => {
    const term = `a${"🔋".repeat(60)}`;
    const cut = cleanText(term, { maxLength: 40 });
    expect(Array.from(cut)).toHaveLength(40);
    expect(cut).toBe(`a${"🔋".repeat(39)}`);
    expect(LONE_SURROGATE.test(cut)).toBe(false);
  });

  it("always gives well-formed text without controls, within the limit (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.integer({ min: 1, max: 200 }),
        fc.boolean(),
        (raw, maxLength, multiline) => {
          const text = cleanText(raw, { maxLength, multiline });
          expect(CONTROL.test(text)).toBe(false);
          expect(LONE_SURROGATE.test(text)).toBe(false);
          expect(Array.from(text).length).toBeLessThanOrEqual(maxLength);
          if (!multiline) expect(/[\t\n\r]/.test(text)).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads a query parameter cleaned, or null when absent", () => {
    const params = new URLSearchParams("search=%00%FF%FEsensor&search=second");
    expect(queryParam(params, "search")).toBe("\ufffd\ufffdsensor");
    expect(queryParam(params, "missing")).toBeNull();
  });
});

describe("the catalogue's search term", () => {
  it("drops NUL bytes, so the database never sees one", () => {
    expect(parseCatalogueQuery(new URLSearchParams("search=%00")).search).toBe("");
    expect(parseCatalogueQuery(new URLSearchParams("search=%00%FF%FE")).search).toBe("\ufffd\ufffd");
    expect(parseCatalogueQuery(new URLSearchParams("search=ard%00uino")).search).toBe("arduino");
  });

  it("is at most 100 characters, counted as characters", () => {
    const term = parseSearchTerm(`a${"😀".repeat(120)}`);
    expect(Array.from(term)).toHaveLength(SEARCH_MAX_LENGTH);
    expect(term.endsWith("😀")).toBe(true);
    expect(parseSearchTerm(`   ${"x".repeat(99)}   y`)).toBe("x".repeat(99));
  });
});
