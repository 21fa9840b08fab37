import { queryParam } from "../forms/request-text";
import { PRODUCT_PATH_PREFIX, productPath } from "../seo/canonical";

/** A product page's URL and display state: any value parses, an invalid one as the default (docs/product-page.md). */

export const PRODUCT_TABS = ["description", "specifications", "reviews"] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

/** Parameters that only change what the page shows, never what the loader reads. */
const DISPLAY_PARAMS = ["image", "tab", "quantity"] as const;
type DisplayParam = (typeof DISPLAY_PARAMS)[number];

export interface ProductDisplay {
  image: number;
  tab: ProductTab;
  quantity: number;
}

export const DEFAULT_DISPLAY: ProductDisplay = { image: 0, tab: "description", quantity: 1 };

/** A product id is a positive whole number; anything else cannot exist. */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

/** `?image=` as an index into `count` gallery images; out of range or junk is the first image. */
export function parseImageIndex(raw: string | null, count: number): number {
  if (raw == null || !/^\d{1,3}$/.test(raw)) return DEFAULT_DISPLAY.image;
  const i = Number(raw);
  return i < count ? i : DEFAULT_DISPLAY.image;
}

/** `?tab=` to a tab; anything else is the default, Description. */
export function parseTab(raw: string | null): ProductTab {
  return PRODUCT_TABS.find((t) => t === raw) ?? DEFAULT_DISPLAY.tab;
}

/** `?quantity=` or a typed value to a quantity: whole numbers from 1; anything else is 1. */
export function parseQuantity(raw: string | null | undefined): number {
  if (raw == null || !/^\s*\d{1,9}\s*$/.test(raw)) return DEFAULT_DISPLAY.quantity;
  return Math.max(1, Number(raw));
}

/** The display state in URL parameters, for a product whose gallery has `imageCount` images. */
export function parseProductDisplay(params: URLSearchParams, imageCount: number): ProductDisplay {
  // Nothing valid is longer than 16 characters.
  const param = (name: DisplayParam) => queryParam(params, name, { maxLength: 16 });
  return {
    image: parseImageIndex(param("image"), imageCount),
    tab: parseTab(param("tab")),
    quantity: parseQuantity(param("quantity")),
  };
}

/** A link to product `id` with some display values changed, defaults left out. */
export function productDisplayHref(id: number, params: URLSearchParams, changes: Partial<ProductDisplay>): string {
  const next = new URLSearchParams(params);
  for (const name of DISPLAY_PARAMS) {
    const value = changes[name];
    if (value === undefined) continue;
    if (value === DEFAULT_DISPLAY[name]) next.delete(name);
    else next.set(name, String(value));
  }
  const qs = next.toString();
  return qs ? `${productPath(id)}?${qs}` : productPath(id);
}

/** The image and tab a quantity step keeps: those the URL names, as the page shows them. */
export function displayFieldsBesideQuantity(params: URLSearchParams, display: ProductDisplay): [string, string][] {
  return [
    ...(params.has("image") ? [["image", String(display.image)] as [string, string]] : []),
    ...(params.has("tab") ? [["tab", display.tab] as [string, string]] : []),
  ];
}

/** Whether two URLs are the same page with at most its display state changed: no need to load it again. */
export function onlyDisplayChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const withoutDisplayParams = (url: URL) => {
    const params = new URLSearchParams(url.search);
    DISPLAY_PARAMS.forEach((name) => params.delete(name));
    params.sort();
    return params.toString();
  };
  return withoutDisplayParams(current) === withoutDisplayParams(next);
}

/** Whether `pathname` is another product's page than product `id`'s. */
export function isOtherProductPath(pathname: string, id: number): boolean {
  return pathname.startsWith(PRODUCT_PATH_PREFIX) && pathname !== productPath(id);
}
