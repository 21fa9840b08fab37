import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";

import { CATEGORIES } from "~/models/catalogue/categories";
import {
  escapeXml,
  robotsTxt,
  SITEMAP_PRODUCT_LIMIT,
  SITEMAP_URL_LIMIT,
  sitemapUrls,
  sitemapXml,
} from "~/models/seo/sitemap";
import { SITEMAP_PATHS } from "~/models/site/pages";

/**
 * The sitemap builder against the sitemaps.org 0.9 protocol: tests/fixtures/sitemap.xsd is our
 * own schema written from the protocol's text, checked here first against documents it must
 * refuse, so a schema that accepted anything could not pass these tests.
 */

const XSD = readFileSync(path.resolve("tests/fixtures/sitemap.xsd"), "utf8");
const ORIGIN = "https://www.makervolt.com";

async function validate(xml: string) {
  const result = await validateXML({
    xml: [{ fileName: "sitemap.xml", contents: xml }],
    schema: [{ fileName: "sitemap.xsd", contents: XSD }],
  });
  return { valid: result.valid, errors: result.errors.map((error) => error.message) };
}

const urlset = (entries: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>`;

describe("the sitemap schema (tests/fixtures/sitemap.xsd)", () => {
  it("accepts every element the protocol defines", async () => {
    const entry =
      "<url><loc>https://a.example/x</loc><lastmod>2024-01-02T10:30+01:00</lastmod>" +
      "<changefreq>daily</changefreq><priority>0.5</priority></url>" +
      "<url><loc>https://a.example/y</loc><lastmod>2024-01-02</lastmod></url>";
    expect(await validate(urlset(entry))).toEqual({ valid: true, errors: [] });
  });

  it.each([
    ["a relative location", "<url><loc>/products/sensors-and-more</loc></url>"],
    ["a URL without its location", "<url><changefreq>daily</changefreq></url>"],
    ["an unknown change frequency", "<url><loc>https://a.example/x</loc><changefreq>sometimes</changefreq></url>"],
    ["a priority above 1", "<url><loc>https://a.example/x</loc><priority>1.5</priority></url>"],
    ["a date that is not W3C Datetime", "<url><loc>https://a.example/x</loc><lastmod>02/01/2024</lastmod></url>"],
    ["an empty urlset", ""],
  ])("refuses %s", async (_case, entries) => {
    expect((await validate(urlset(entries))).valid).toBe(false);
  });

  it("refuses a urlset outside the 0.9 namespace, and more than 50,000 URLs", async () => {
    expect((await validate("<urlset><url><loc>https://a.example/x</loc></url></urlset>")).valid).toBe(false);
    const tooMany = Array.from({ length: SITEMAP_URL_LIMIT + 1 }, (_, i) => `https://a.example/product/${i}`);
    expect((await validate(sitemapXml(tooMany))).valid).toBe(false);
  });
});

describe("sitemapUrls", () => {
  it("lists home, about, contact, the catalogue, its eight categories, then every product, all absolute", () => {
    const urls = sitemapUrls(ORIGIN, [1, 2, 10_000]);
    expect(urls).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/about`,
      `${ORIGIN}/contact`,
      `${ORIGIN}/products`,
      ...CATEGORIES.map((category) => `${ORIGIN}/products/${category.slug}`),
      `${ORIGIN}/product/1`,
      `${ORIGIN}/product/2`,
      `${ORIGIN}/product/10000`,
    ]);
    expect(CATEGORIES).toHaveLength(8);
  });

  it("stops at the protocol's 50,000 URLs for one file", () => {
    const ids = Array.from({ length: SITEMAP_URL_LIMIT }, (_, i) => i + 1);
    const urls = sitemapUrls(ORIGIN, ids);
    expect(urls).toHaveLength(SITEMAP_URL_LIMIT);
    expect(SITEMAP_PRODUCT_LIMIT).toBe(SITEMAP_URL_LIMIT - SITEMAP_PATHS.length);
    expect(urls.at(-1)).toBe(`${ORIGIN}/product/${SITEMAP_PRODUCT_LIMIT}`);
  });
});

describe("sitemapXml", () => {
  it("validates against the schema at the 10,000-product scale", async () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const xml = sitemapXml(sitemapUrls(ORIGIN, ids));
    expect(await validate(xml)).toEqual({ valid: true, errors: [] });
    expect(xml.match(/<url>/g)).toHaveLength(10_000 + SITEMAP_PATHS.length);
  });

  it("escapes the five XML characters in every location", async () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
    const xml = sitemapXml([`${ORIGIN}/products?page=2&sort='x'`]);
    expect(xml).toContain(`<loc>${ORIGIN}/products?page=2&amp;sort=&apos;x&apos;</loc>`);
    expect(await validate(xml)).toEqual({ valid: true, errors: [] });
  });
});

describe("robotsTxt", () => {
  it("names the absolute sitemap and disallows only the POST-only endpoints", () => {
    const lines = robotsTxt(ORIGIN).trim().split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines.filter((line) => line.startsWith("Disallow:"))).toEqual([
      "Disallow: /search",
      "Disallow: /notice",
      "Disallow: /logout",
    ]);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // /auth must stay crawlable, or crawlers never see its noindex.
    expect(robotsTxt(ORIGIN)).not.toMatch(/auth|products/);
  });
});
