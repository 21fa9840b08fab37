import type { ProductRepository } from "~/backends/types.server";
import type { Product } from "~/models/product/product";

/** How many related products a product page shows. */
export const RELATED_LIMIT = 4;

/**
 * The best rated of `product`'s category but itself. One more than shown is asked for, so the question is the same for
 * the whole category and one cached answer serves every product page (ADR 031).
 */
export async function relatedProducts(
  repository: ProductRepository,
  product: Pick<Product, "id" | "category">,
): Promise<Product[]> {
  const best = await repository.bestRatedInCategory(product.category, RELATED_LIMIT + 1);
  return best.filter((other) => other.id !== product.id).slice(0, RELATED_LIMIT);
}
