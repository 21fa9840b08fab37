import type { Product } from "./product";

/** A product as its card shows it, and nothing more: loader data travels with every page (ADR 015). */
export type ProductSummary = Pick<
  Product,
  "id" | "name" | "category" | "price" | "originalPrice" | "inStock" | "image" | "rating" | "reviews"
> & {
  /** Only in the catalogue's list view, the one place a card shows it. */
  description?: string;
};

/** A card's data from a product; `withDescription` for the list view. */
export function toProductSummary(product: Product, { withDescription = false } = {}): ProductSummary {
  const summary: ProductSummary = {
    id: product.id,
    name: product.name,
    category: product.category,
    price: product.price,
    originalPrice: product.originalPrice,
    inStock: product.inStock,
    image: product.image,
    rating: product.rating,
    reviews: product.reviews,
  };
  if (withDescription) summary.description = product.description;
  return summary;
}

/** Cards' data for a list of products, in the same order. */
export function toProductSummaries(
  products: readonly Product[],
  options?: { withDescription?: boolean },
): ProductSummary[] {
  return products.map((product) => toProductSummary(product, options));
}
