import { SITEMAP_PATHS } from "../site/pages";
import { absoluteUrl, productPath } from "./canonical";

/** /sitemap.xml (sitemaps.org protocol 0.9) and /robots.txt (RFC 9309): docs/seo.md#sitemap-and-robotstxt. */

/** The protocol's limit for one sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

/** How many product ids one sitemap file has room for beside the pages. */
export const SITEMAP_PRODUCT_LIMIT = SITEMAP_URL_LIMIT - SITEMAP_PATHS.length;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** The protocol asks for these five characters escaped as entities in every value. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** Absolute URLs for the sitemap: the pages, then each product, at most SITEMAP_URL_LIMIT. */
export function sitemapUrls(origin: string, productIds: readonly number[]): string[] {
  const paths = [...SITEMAP_PATHS, ...productIds.slice(0, SITEMAP_PRODUCT_LIMIT).map(productPath)];
  return paths.map((path) => absoluteUrl(origin, path));
}

/** A urlset document. Built as one string: 50,000 entries are about 3.5 MB, far under the 50 MB cap. */
export function sitemapXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

/** All but the POST-only endpoints; /auth stays crawlable, so its noindex is seen (docs/seo.md). */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Disallow: /search",
    "Disallow: /notice",
    "Disallow: /logout",
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
