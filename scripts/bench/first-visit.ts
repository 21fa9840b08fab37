/**
 * What a browser downloads on a first visit to a page, read from the page's HTML, and how much it
 * weighs gzipped (scripts/bench.ts measures `/products` against docs/budgets.md#page-weight).
 */
import { gzipSync } from "node:zlib";

export interface FirstVisitAssets {
  /** Same-order, de-duplicated: `<script src>`, `<link rel="modulepreload">`, and what inline module scripts import. */
  scripts: string[];
  /** `<link rel="stylesheet">`. */
  stylesheets: string[];
}

const TAG = /<(script|link)\b([^>]*)>/gi;
const INLINE_MODULE = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** `import … from "x"`, `import "x"` and `import("x")` in an inline module script. */
const MODULE_SPECIFIER = /\bimport\s*(?:[\w*{}\s,]+\s*from\s*)?\(?\s*(["'])([^"']+)\1/g;

/** An attribute's value, unquoted or in either quotes; undefined when absent. */
export function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i").exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3])!.replace(/&amp;/g, "&") : undefined;
}

function relTokens(attributes: string): string[] {
  return (attribute(attributes, "rel") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
}

/** The scripts and stylesheets a first visit to this HTML loads, as the URLs written in it. */
export function firstVisitAssets(html: string): FirstVisitAssets {
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  for (const [, tag, attributes = ""] of html.matchAll(TAG)) {
    if (tag!.toLowerCase() === "script") {
      const src = attribute(attributes, "src");
      if (src) scripts.add(src);
      continue;
    }
    const href = attribute(attributes, "href");
    if (!href) continue;
    const rel = relTokens(attributes);
    if (rel.includes("modulepreload")) scripts.add(href);
    if (rel.includes("stylesheet")) stylesheets.add(href);
  }
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_MODULE)) {
    if (attribute(attributes, "type")?.toLowerCase() !== "module" || attribute(attributes, "src")) continue;
    for (const [, , specifier] of body.matchAll(MODULE_SPECIFIER)) scripts.add(specifier!);
  }
  return { scripts: [...scripts], stylesheets: [...stylesheets] };
}

/** Bytes once gzipped at zlib's default level, as a server or CDN would send it. */
export function gzipBytes(content: Uint8Array | string): number {
  return gzipSync(content).length;
}
