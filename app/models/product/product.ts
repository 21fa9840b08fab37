import type { CategorySlug } from "../catalogue/categories";

/** A product as the pages see it, read from the products table by `toProduct`. */
export interface Product {
  id: number;
  name: string;
  description: string;
  category: CategorySlug;
  price: number;
  /** The pre-sale price; a product is on sale when this is above `price`. */
  originalPrice: number | null;
  inStock: boolean;
  stockCount: number;
  /** 0 to 5. */
  rating: number;
  reviews: number;
  image: string;
  images: string[];
  features: string[];
  specifications: Record<string, string>;
}

/** Every product image is drawn on the same square canvas, so markup can always set width and height. */
export const PRODUCT_IMAGE_SIZE = 800;

export function isOnSale(product: Pick<Product, "price" | "originalPrice">): boolean {
  return product.originalPrice != null && product.originalPrice > product.price;
}

/** Whole stars to fill: the rating rounded down, clamped to 0..5 (docs/catalogue.md#product-cards). */
export function filledStars(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(5, Math.max(0, Math.floor(rating)));
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatPrice(amount: number): string {
  return usd.format(amount);
}

/** What the 410 page of a product no longer sold shows (docs/catalogue.md#withdrawing-a-product). */
export interface WithdrawnProduct {
  id: number;
  name: string;
  category: CategorySlug;
}
