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
  /** "grid" (default): image on top. "list": one card per row, image on the left. */
  view?: "grid" | "list";
  /** The product name's heading level: 2 when cards sit directly under the page's h1, else 3 (default). */
  headingLevel?: 2 | 3;
  /**
   * Load the image at once and ahead of others (fetchpriority="high") instead of lazily: pass
   * true for the first few cards above the fold.
   */
  priority?: boolean;
  /**
   * Whether React Router should learn the product page's route from this card's link
   * (`data-discover`). Every card links to that one route, so the first card of a list is enough:
   * the rest leave the attribute out, about 20 bytes each.
   */
  discoverRoute?: boolean;
}

/**
 * Image loading for a card above the fold: at once and first (`fetchpriority` as in gallery.tsx),
 * decoded as the browser sees fit, since it may be the largest thing on the screen; below it:
 * lazily, decoded off the critical path.
 */
const PRIORITY_IMAGE = { loading: "eager", fetchpriority: "high" } as const;
const LAZY_IMAGE = { loading: "lazy", decoding: "async" } as const;

/**
 * One product in a catalogue grid or list (also used by the home page and related products).
 * The name is the card's only link; a stretched pseudo-element makes the whole card clickable
 * without nesting the Add to Cart button inside the link.
 *
 * Its Add to Cart button submits the form the cards sit in, one for the whole list
 * (ProductGrid, ADR 013): a card never stands outside one.
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
    // Named by its heading, so "Arduino Uno, Out of Stock" is what a screen reader announces
    // when it lands on the card as well as on its link. There are 24 cards on a catalogue page,
    // so their parts take their looks from the `card` rules in tailwind.css: the picture (the
    // first child), the text (the last), its heading (first) and its price row (last).
    <article aria-labelledby={nameId} className={list ? "card card-list" : "card"}>
      <div>
        {/* The heading's link names the product; an alt repeating it made screen readers and
            text browsers (lynx) read every card's name twice. */}
        <img
          src={product.image}
          alt=""
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          {...(priority ? PRIORITY_IMAGE : LAZY_IMAGE)}
        />
        {isOnSale(product) && <span className="card-sale">SALE</span>}
        {!product.inStock && (
          // The overlay is what sighted shoppers see; the name below carries the same words for
          // everyone else, so the overlay is hidden from assistive technology to avoid reading it twice.
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
            // The visible name comes first (WCAG 2.5.3); the stock state follows for those who cannot see the overlay.
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
            // The visible label comes first in the accessible name (WCAG 2.5.3 Label in Name).
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
