import { SHOP_NAME } from "../site/shop";

/** PNG images for link previews and structured data, which do not accept SVG (ADR 008). */
export interface ShareImage {
  /** Site-relative path, e.g. "/images/share/site.png". */
  path: string;
  width: number;
  height: number;
  /** What the image shows, for og:image:alt and twitter:image:alt. */
  alt: string;
}

/** The link-preview size Open Graph consumers ask for (1.91:1). */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** The shop's card: every page without an image of its own, and products without a share image. */
export const SITE_SHARE_IMAGE: ShareImage = {
  path: "/images/share/site.png",
  width: SHARE_IMAGE_WIDTH,
  height: SHARE_IMAGE_HEIGHT,
  alt: `${SHOP_NAME} logo, a yellow lightning bolt, with the words "Electronic Components & Maker Supplies"`,
};

/** A square raster logo (Organization.logo: Google asks for at least 112 x 112 pixels). */
export const LOGO_IMAGE: ShareImage = {
  path: "/images/share/logo.png",
  width: 512,
  height: 512,
  alt: `${SHOP_NAME} logo`,
};

const PRODUCT_IMAGE = /^\/images\/products\/([a-z0-9][a-z0-9-]*)\.svg$/;

/**
 * Where the share image drawn from a product illustration lives: /images/products/x-1.svg ->
 * /images/share/products/x-1.png. null for a path the drawing script does not handle.
 */
export function productShareImagePath(imagePath: string): string | null {
  const match = PRODUCT_IMAGE.exec(imagePath);
  return match ? `/images/share/products/${match[1]}.png` : null;
}
