import type { MetaDescriptor } from "react-router";

import { SHOP_NAME } from "../site/shop";
import { absoluteUrl } from "./canonical";
import type { ShareImage } from "./share-image";
import type { JsonLd } from "./structured-data";

/**
 * The head tags of a page, built the same way on every route: what search engines index
 * (canonical URL, robots) and what link previews show (Open Graph and Twitter cards).
 */

export interface IndexablePage {
  /** The site origin from the root loader; null (its loader failed) leaves out every absolute URL. */
  origin: string | null;
  /** The canonical path (see canonical.ts). */
  path: string;
  /** The document title, "{heading} - MakerVolt". */
  title: string;
  /** The heading alone, for previews, which show og:site_name beside it. */
  shareTitle: string;
  description: string;
  type?: "website" | "product";
  image: ShareImage;
  /** Extra Open Graph properties (e.g. product:price:amount). */
  openGraph?: Record<string, string>;
  jsonLd?: readonly JsonLd[];
}

/** Every tag an indexable page carries. */
export function indexablePageMeta(page: IndexablePage): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: page.title }, { name: "description", content: page.description }];
  const { origin } = page;
  if (!origin) return tags;
  const url = absoluteUrl(origin, page.path);
  const image = absoluteUrl(origin, page.image.path);
  tags.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:locale", content: "en_US" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.shareTitle },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(page.image.width) },
    { property: "og:image:height", content: String(page.image.height) },
    { property: "og:image:alt", content: page.image.alt },
    ...Object.entries(page.openGraph ?? {}).map(([property, content]) => ({ property, content })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.shareTitle },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: page.image.alt },
    ...(page.jsonLd ?? []).map((data) => ({ "script:ld+json": data })),
  );
  return tags;
}

/**
 * A page search engines must not index (search results, sign-in, not found, errors). No
 * canonical URL or preview tags: they would send the opposite signal. `follow` lets crawlers
 * still walk its links (header, footer, results).
 */
export function noindexPageMeta(page: { title: string; description?: string; follow?: boolean }): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: page.title }];
  if (page.description) tags.push({ name: "description", content: page.description });
  tags.push({ name: "robots", content: page.follow === false ? "noindex" : "noindex, follow" });
  return tags;
}

/**
 * The site origin the root loader found (`shop.siteOrigin`), from a meta function's `matches`
 * (`Route.MetaArgs["matches"]`, whose type lets entries past the known routes be undefined).
 */
export function siteOriginFrom(matches: readonly ({ id: string; data: unknown } | undefined)[]): string | null {
  const data = matches.find((match) => match?.id === "root")?.data;
  const shop = typeof data === "object" && data !== null && "shop" in data ? data.shop : null;
  const origin = typeof shop === "object" && shop !== null && "siteOrigin" in shop ? shop.siteOrigin : null;
  return typeof origin === "string" ? origin : null;
}
