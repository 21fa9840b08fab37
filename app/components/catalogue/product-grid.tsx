import { ProductCard } from "~/components/catalogue/product-card";
import { NoticeForm } from "~/components/forms/notice-form";
import type { ProductSummary } from "~/models/product/product-summary";

export interface ProductGridProps {
  products: readonly ProductSummary[];
  /** The list's layout; the default is four cards to a row on wide screens. */
  layout?: string;
  /** Added to the layout, e.g. a margin. */
  className?: string;
  /** For the catalogue: the list is the target of "Skip to results" and of pagination's focus. */
  id?: string;
  view?: "grid" | "list";
  /** 2 when the cards sit directly under the page's h1 (the catalogue), else 3 (under a section's h2). */
  headingLevel?: 2 | 3;
  /** How many cards, from the first, are above the fold and load their images at once. */
  priorityImages?: number;
}

/**
 * Product cards in a list, each card stretched to its row's height so the buttons line up.
 *
 * Every card's Add to Cart is a button of one form around the whole list, not a form of its own
 * (ADR 013): one CSRF token and two hidden fields a page instead of one set per card. The
 * buttons carry no name or value, because lynx prints a button's value as its label.
 */
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
