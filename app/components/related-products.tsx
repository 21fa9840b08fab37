import { ProductGrid } from "~/components/product-grid";
import type { Product } from "~/models/product";

/** Cards for other products of the category, or nothing when there are none. */
export function RelatedProducts({ products }: { products: Product[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12 border-t border-slate-200 pt-10">
      <h2 id="related-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
        Related Products
      </h2>
      <ProductGrid products={products} className="mt-6" />
    </section>
  );
}
