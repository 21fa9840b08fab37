import type { CategorySlug } from "../catalogue/categories";

/**
 * A product as the pages see it. The backends read it from the products table's columns
 * (`toProduct` in ~/backends/product-row.server), with numbers as numbers and names in camelCase.
 */
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
  /** 0 to 5; missing ratings read as 0. */
  rating: number;
  /** Review count; missing counts read as 0. */
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

/**
 * What the page of a product no longer sold shows (410 Gone, docs/catalogue.md#withdrawing-a-product):
 * its name and a link to its category.
 */
export interface WithdrawnProduct {
  id: number;
  name: string;
  category: CategorySlug;
}
