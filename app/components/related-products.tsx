import { ProductCard } from "~/components/product-card";
import type { Product } from "~/models/product";

/** Cards for other products of the category, or nothing when there are none. */
export function RelatedProducts({ products }: { products: Product[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12 border-t border-slate-200 pt-10">
      <h2 id="related-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
        Related Products
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id} className="flex">
            <div className="w-full">
              <ProductCard product={product} headingLevel={3} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
