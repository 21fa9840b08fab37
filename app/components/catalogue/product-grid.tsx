import { ProductCard } from "~/components/catalogue/product-card";
import { NoticeForm } from "~/components/forms/notice-form";
import type { ProductSummary } from "~/models/product/product-summary";

export interface ProductGridProps {
  products: readonly ProductSummary[];
  layout?: string;
  className?: string;
  /** The target of "Skip to results" and of pagination's focus. */
  id?: string;
  view?: "grid" | "list";
  headingLevel?: 2 | 3;
  /** How many cards, from the first, are above the fold. */
  priorityImages?: number;
}

/** Product cards in a list, their Add to Cart buttons in one notice form (ADR 013). */
export function ProductGrid({
  products,
  layout = "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4",
  className = "",
  id,
  view = "grid",
  headingLevel = 3,
  priorityImages = 0,
}: ProductGridProps) {
  return (
    <NoticeForm feature="add-to-cart">
      <ul id={id} tabIndex={id ? -1 : undefined} className={`${layout} ${className}`}>
        {products.map((product, i) => (
          // The card fills its grid cell (h-full), so the buttons of a row line up.
          <li key={product.id}>
            <ProductCard
              product={product}
              view={view}
              headingLevel={headingLevel}
              priority={i < priorityImages}
              discoverRoute={i === 0}
            />
          </li>
        ))}
      </ul>
    </NoticeForm>
  );
}
