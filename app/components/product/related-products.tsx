import { ProductGrid } from "~/components/catalogue/product-grid";
import type { ProductSummary } from "~/models/product/product-summary";

/** Cards for other products of the category, or nothing when there are none. */
export function RelatedProducts({ products }: { products: readonly ProductSummary[] }) {
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
