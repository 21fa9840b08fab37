import { gzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { attribute, firstVisitAssets, gzipBytes } from "../../scripts/bench/first-visit";

/** What a first visit loads, read from a page's HTML (scripts/bench/first-visit.ts). */

// The shape of a Remix page's head and the end of its body.
const PAGE = `<!DOCTYPE html><html><head>
<link rel="canonical" href="http://localhost/products"/>
<link rel="next" href="/products?page=2"/>
<link rel="stylesheet" href="/build/_assets/tailwind-A.css"/>
<link rel=stylesheet href='/build/_assets/toaster-B.css'>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
<link rel="preload stylesheet" as="style" href="/build/_assets/tailwind-A.css"/>
<link rel="modulepreload" href="/build/entry.client-C.js"/>
<link rel="modulepreload" href="/build/_shared/chunk-D.js"/>
<link data-rel="modulepreload" href="/not-a-preload.js"/>
</head><body>
<script type="application/ld+json">{"@context":"https://schema.org"}</script>
<script nonce="n">window.__remixContext = {"imports": ["/not/loaded.js"]};</script>
<script nonce="n" type="module" async="">;
import * as route0 from "/build/root-E.js";
import * as route1 from "/build/routes/products.($category)-F.js";
window.__remixManifest = {"entry":{"module":"/build/entry.client-C.js","imports":["/build/_shared/chunk-G.js"]},"url":"/build/manifest-H.js"};
import("/build/entry.client-C.js");
</script>
<script src="/build/extra-I.js" defer></script>
</body></html>`;

describe("firstVisitAssets", () => {
  const assets = firstVisitAssets(PAGE);

  it("lists script sources, module preloads and what inline module scripts import, once each", () => {
    expect(assets.scripts).toEqual([
      "/build/entry.client-C.js",
      "/build/_shared/chunk-D.js",
      "/build/extra-I.js",
      "/build/root-E.js",
      "/build/routes/products.($category)-F.js",
    ]);
  });

  it("lists stylesheets once each, whatever the quoting, and nothing else among the links", () => {
    expect(assets.stylesheets).toEqual(["/build/_assets/tailwind-A.css", "/build/_assets/toaster-B.css"]);
  });

  it("finds nothing in a page without assets", () => {
    expect(firstVisitAssets("<html><body><p>Hello</p></body></html>")).toEqual({ scripts: [], stylesheets: [] });
  });
});

describe("attribute", () => {
  it("reads double-quoted, single-quoted and bare values, and not a longer name ending the same", () => {
    expect(attribute(' rel="a b" href=/x', "href")).toBe("/x");
    expect(attribute(" href='/y?a=1&amp;b=2'", "href")).toBe("/y?a=1&b=2");
    expect(attribute(' data-src="/no"', "src")).toBeUndefined();
  });
});

describe("gzipBytes", () => {
  it("measures the gzip of the content at the default level", () => {
    const text = "<div class='card'>sensor</div>".repeat(200);
    expect(gzipBytes(text)).toBeLessThan(text.length / 10);
    expect(gzipBytes(Buffer.from(text))).toBe(gzipBytes(text));
    expect(gzipBytes(text)).toBe(gzipSync(text, { level: 6 }).length);
  });
});
