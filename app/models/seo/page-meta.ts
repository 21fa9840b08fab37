import type { MetaDescriptor } from "react-router";

import { SHOP_NAME } from "../site/shop";
import { absoluteUrl } from "./canonical";
import type { ShareImage } from "./share-image";
import type { JsonLd } from "./structured-data";

export interface IndexablePage {
  /** Null when the root loader failed: no absolute URLs then. */
  origin: string | null;
  /** The canonical path. */
  path: string;
  title: string;
  /** The heading alone: previews show og:site_name beside it. */
  shareTitle: string;
  description: string;
  type?: "website" | "product";
  image: ShareImage;
  openGraph?: Record<string, string>;
  jsonLd?: readonly JsonLd[];
}

/** Every tag an indexable page carries (docs/seo.md). */
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

/** No canonical or preview tags, which would say the opposite (docs/seo.md#what-is-not-indexed). */
export function noindexPageMeta(page: { title: string; description?: string; follow?: boolean }): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: page.title }];
  if (page.description) tags.push({ name: "description", content: page.description });
  tags.push({ name: "robots", content: page.follow === false ? "noindex" : "noindex, follow" });
  return tags;
}

/** The site origin the root loader found, from a meta function's `matches`. */
export function siteOriginFrom(matches: readonly ({ id: string; data: unknown } | undefined)[]): string | null {
  const data = matches.find((match) => match?.id === "root")?.data;
  const shop = typeof data === "object" && data !== null && "shop" in data ? data.shop : null;
  const origin = typeof shop === "object" && shop !== null && "siteOrigin" in shop ? shop.siteOrigin : null;
  return typeof origin === "string" ? origin : null;
}
