import { ProductCard } from "~/components/product-card";
import type { Product } from "~/models/product";

/**
 * Product cards in a list, four to a row on wide screens, each card stretched to its row's height
 * so the buttons line up. Cards sit under a section's h2, so their names are h3.
 */
export function ProductGrid({ products, className }: { products: readonly Product[]; className: string }) {
  return (
    <ul className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4 ${className}`}>
      {products.map((product) => (
        <li key={product.id} className="flex">
          <div className="flex w-full flex-col [&>article]:flex-1">
            <ProductCard product={product} headingLevel={3} />
          </div>
        </li>
      ))}
    </ul>
  );
}
