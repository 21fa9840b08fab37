import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";

import { type IndexablePage, indexablePageMeta, noindexPageMeta, siteOriginFrom } from "~/models/seo/page-meta";
import { SITE_SHARE_IMAGE } from "~/models/seo/share-image";

/** The head tags every page type builds through page-meta.ts. */

const ORIGIN = "https://www.makervolt.com";

const page = (changes: Partial<IndexablePage> = {}): IndexablePage => ({
  origin: ORIGIN,
  path: "/products/sensors",
  title: "Sensors - MakerVolt",
  shareTitle: "Sensors",
  description: "Shop Sensors at MakerVolt.",
  image: SITE_SHARE_IMAGE,
  ...changes,
});

/** `content` of the meta tag with this property or name; undefined when there is none. */
function content(tags: MetaDescriptor[], key: string): string | undefined {
  const tag = tags.find((t) => ("property" in t && t.property === key) || ("name" in t && t.name === key));
  return tag && "content" in tag ? String(tag.content) : undefined;
}

const canonical = (tags: MetaDescriptor[]) =>
  tags.find((t) => "tagName" in t && t.tagName === "link" && t.rel === "canonical") as { href: string } | undefined;

describe("indexablePageMeta", () => {
  it("gives the title, description and the absolute canonical URL", () => {
    const tags = indexablePageMeta(page());
    expect(tags[0]).toEqual({ title: "Sensors - MakerVolt" });
    expect(content(tags, "description")).toBe("Shop Sensors at MakerVolt.");
    expect(canonical(tags)?.href).toBe(`${ORIGIN}/products/sensors`);
    expect(content(tags, "robots")).toBeUndefined();
  });

  it("gives Open Graph tags with og:url equal to the canonical URL and an absolute raster image", () => {
    const tags = indexablePageMeta(page());
    expect(content(tags, "og:site_name")).toBe("MakerVolt");
    expect(content(tags, "og:type")).toBe("website");
    expect(content(tags, "og:title")).toBe("Sensors");
    expect(content(tags, "og:description")).toBe("Shop Sensors at MakerVolt.");
    expect(content(tags, "og:url")).toBe(canonical(tags)?.href);
    expect(content(tags, "og:image")).toBe(`${ORIGIN}/images/share/site.png`);
    expect(content(tags, "og:image:width")).toBe("1200");
    expect(content(tags, "og:image:height")).toBe("630");
    expect(content(tags, "og:image:alt")).toBe(SITE_SHARE_IMAGE.alt);
  });

  it("gives a large-image Twitter card with the same title, description and image", () => {
    const tags = indexablePageMeta(page());
    expect(content(tags, "twitter:card")).toBe("summary_large_image");
    expect(content(tags, "twitter:title")).toBe(content(tags, "og:title"));
    expect(content(tags, "twitter:description")).toBe(content(tags, "og:description"));
    expect(content(tags, "twitter:image")).toBe(content(tags, "og:image"));
    expect(content(tags, "twitter:image:alt")).toBe(SITE_SHARE_IMAGE.alt);
  });

  it("adds the page type, extra Open Graph properties and one script per JSON-LD object", () => {
    const jsonLd = [{ "@context": "https://schema.org" as const, "@type": "Thing" }];
    const tags = indexablePageMeta(page({ type: "product", openGraph: { "product:price:amount": "5.95" }, jsonLd }));
    expect(content(tags, "og:type")).toBe("product");
    expect(content(tags, "product:price:amount")).toBe("5.95");
    expect(tags.filter((t) => "script:ld+json" in t)).toEqual([{ "script:ld+json": jsonLd[0] }]);
  });

  it("leaves out every absolute URL when the origin is unknown (the root loader failed)", () => {
    const tags = indexablePageMeta(
      page({ origin: null, jsonLd: [{ "@context": "https://schema.org", "@type": "Thing" }] }),
    );
    expect(tags).toEqual([
      { title: "Sensors - MakerVolt" },
      { name: "description", content: "Shop Sensors at MakerVolt." },
    ]);
  });
});

describe("noindexPageMeta", () => {
  it("says noindex, follow by default, with no canonical URL or preview tags", () => {
    const tags = noindexPageMeta({ title: "Sign In - MakerVolt", description: "d" });
    expect(tags).toEqual([
      { title: "Sign In - MakerVolt" },
      { name: "description", content: "d" },
      { name: "robots", content: "noindex, follow" },
    ]);
  });

  it("can say noindex alone (error pages)", () => {
    expect(noindexPageMeta({ title: "Error - MakerVolt", follow: false })).toEqual([
      { title: "Error - MakerVolt" },
      { name: "robots", content: "noindex" },
    ]);
  });
});

describe("siteOriginFrom", () => {
  it("reads the root loader's shop.siteOrigin from a meta function's matches", () => {
    expect(
      siteOriginFrom([
        { id: "root", data: { shop: { siteOrigin: ORIGIN }, visitor: null } },
        { id: "routes/about", data: null },
      ]),
    ).toBe(ORIGIN);
  });

  it("is null without root data (the root loader failed) or without a string origin", () => {
    expect(siteOriginFrom([{ id: "root", data: undefined }])).toBeNull();
    expect(siteOriginFrom([{ id: "root", data: { shop: { siteOrigin: 42 } } }])).toBeNull();
    expect(siteOriginFrom([{ id: "root", data: { shop: null } }])).toBeNull();
    expect(siteOriginFrom([{ id: "root", data: { siteOrigin: ORIGIN } }])).toBeNull();
    expect(siteOriginFrom([{ id: "routes/about", data: { shop: { siteOrigin: ORIGIN } } }])).toBeNull();
  });
});
