import { PRODUCT_IMAGES_WITH_SHARE_CARDS } from "~/generated/share-image-manifest.server";
import type { Product } from "~/models/product/product";
import {
  productShareImagePath,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  type ShareImage,
  SITE_SHARE_IMAGE,
} from "~/models/seo/share-image";
import { SHOP_NAME } from "~/models/site/shop";

/**
 * The link-preview image for a product page: its drawn card when scripts/draw-share-images.ts
 * made one (the generated manifest says so, without a file-system call per request), else the
 * shop's card. A product added to a hosted database later has no card until the script runs.
 */
export function productShareImage(
  product: Pick<Product, "name" | "image">,
  withCards: ReadonlySet<string> = PRODUCT_IMAGES_WITH_SHARE_CARDS,
): ShareImage {
  const path = withCards.has(product.image) ? productShareImagePath(product.image) : null;
  if (!path) return SITE_SHARE_IMAGE;
  return {
    path,
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    alt: `${product.name} with the ${SHOP_NAME} logo`,
  };
}
