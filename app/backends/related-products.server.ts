import type { ProductRepository } from "~/backends/types.server";
import type { Product } from "~/models/product/product";

/** How many related products a product page shows. */
export const RELATED_LIMIT = 4;

/**
 * The products a product page shows beside `product`: the best rated of its category, ties by id,
 * the product itself left out. One more than shown is asked for, so the question is the same for
 * every product of a category whether it is among the best or not; on the embedded catalogue one
 * cached answer per category then serves every product page (ADR 031), where asking "the best
 * but this one" would cost a query for each product the first time it is visited.
 */
export async function relatedProducts(
  repository: ProductRepository,
  product: Pick<Product, "id" | "category">,
): Promise<Product[]> {
  const best = await repository.bestRatedInCategory(product.category, RELATED_LIMIT + 1);
  return best.filter((other) => other.id !== product.id).slice(0, RELATED_LIMIT);
}
