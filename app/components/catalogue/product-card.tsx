import { Link } from "react-router";

import { CartIcon } from "~/components/ui/icons";
import { Price } from "~/components/ui/price";
import { Stars } from "~/components/ui/stars";
import { categoryTitle } from "~/models/catalogue/categories";
import { isOnSale, PRODUCT_IMAGE_SIZE } from "~/models/product/product";
import type { ProductSummary } from "~/models/product/product-summary";
import { productPath } from "~/models/seo/canonical";

export interface ProductCardProps {
  product: ProductSummary;
  view?: "grid" | "list";
  /** 2 when cards sit directly under the page's h1. */
  headingLevel?: 2 | 3;
  /** For the first cards, above the fold: the image loads at once and first. */
  priority?: boolean;
  /** Only the first card of a list tells React Router of the product route (ADR 013). */
  discoverRoute?: boolean;
}

/** Above the fold it may be the largest paint, so no `decoding="async"` there. */
const PRIORITY_IMAGE = { loading: "eager", fetchpriority: "high" } as const;
const LAZY_IMAGE = { loading: "lazy", decoding: "async" } as const;

/**
 * A product card (docs/catalogue.md#product-cards): the name's link is stretched over it, so Add to Cart is not inside
 * a link; that button submits the list's one notice form, so a card never stands outside one (ADR 013).
 */
export function ProductCard({
  product,
  view = "grid",
  headingLevel = 3,
  priority = false,
  discoverRoute = true,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const list = view === "list";
  const href = productPath(product.id);
  const nameId = `card-${product.id}`;
  return (
    // Its parts are styled by their place in it, by the `card` rules in tailwind.css (ADR 013).
    <article aria-labelledby={nameId} className={list ? "card card-list" : "card"}>
      <div>
        {/* The name is said once, by the link (docs/accessibility.md#screen-readers). */}
        <img
          src={product.image}
          alt=""
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          {...(priority ? PRIORITY_IMAGE : LAZY_IMAGE)}
        />
        {isOnSale(product) && <span className="card-sale">SALE</span>}
        {!product.inStock && (
          <div aria-hidden="true" className="card-out">
            <span>Out of Stock</span>
          </div>
        )}
      </div>
      <div>
        <Heading id={nameId}>
          <Link
            to={href}
            prefetch="intent"
            discover={discoverRoute ? "render" : "none"}
            // The visible name first (WCAG 2.5.3), then what the hidden overlay says.
            aria-label={product.inStock ? undefined : `${product.name}, Out of Stock`}
            className="card-link hover:text-brand-700"
          >
            {product.name}
          </Link>
        </Heading>
        <p className="meta">{categoryTitle(product.category) ?? product.category}</p>
        <Stars rating={product.rating} reviews={product.reviews} />
        {list && product.description && (
          <p className="hidden text-sm text-slate-700 sm:line-clamp-2">{product.description}</p>
        )}
        <div>
          <Price price={product.price} originalPrice={product.originalPrice} />
          <button
            type="submit"
            // WCAG 2.5.3: the visible label first.
            aria-label={`Add to Cart, ${product.name}`}
            disabled={!product.inStock}
            className="card-button hover:bg-brand-700"
          >
            <CartIcon />
            Add to Cart
          </button>
        </div>
      </div>
    </article>
  );
}
