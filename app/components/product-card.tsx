import { Link } from "@remix-run/react";

import { CartIcon } from "~/components/icons";
import { NoticeButton } from "~/components/notice-button";
import { Price } from "~/components/price";
import { primaryButtonClass } from "~/components/primary-button";
import { Stars } from "~/components/stars";
import { productPath } from "~/models/canonical";
import { categoryTitle } from "~/models/categories";
import { isOnSale, PRODUCT_IMAGE_SIZE, type Product } from "~/models/product";

export interface ProductCardProps {
  product: Product;
  /** "grid" (default): image on top. "list": one card per row, image on the left. */
  view?: "grid" | "list";
  /** The product name's heading level: 2 when cards sit directly under the page's h1, else 3 (default). */
  headingLevel?: 2 | 3;
  /** Load the image at once instead of lazily: pass true for the first few cards above the fold. */
  priority?: boolean;
}

/**
 * One product in a catalogue grid or list (also used by the home page and related products).
 * The name is the card's only link; a stretched pseudo-element makes the whole card clickable
 * without nesting the Add to Cart button inside the link.
 */
export function ProductCard({ product, view = "grid", headingLevel = 3, priority = false }: ProductCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const list = view === "list";
  const href = productPath(product.id);
  const nameId = `product-card-${product.id}-name`;
  return (
    // Named by its heading, so "Arduino Uno, Out of Stock" is what a screen reader announces
    // when it lands on the card as well as on its link.
    <article
      aria-labelledby={nameId}
      className={`group relative flex h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md ${
        list ? "flex-row" : "flex-col"
      }`}
    >
      <div className={`relative shrink-0 overflow-hidden ${list ? "w-28 self-start sm:w-44" : "w-full"}`}>
        {/* The heading's link names the product; an alt repeating it made screen readers and
            text browsers (lynx) read every card's name twice. */}
        <img
          src={product.image}
          alt=""
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
          className="aspect-square h-auto w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transform-none"
        />
        {isOnSale(product) && (
          <span className="absolute left-2 top-2 rounded-md bg-red-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white">
            SALE
          </span>
        )}
        {!product.inStock && (
          // The overlay is what sighted shoppers see; the name below carries the same words for
          // everyone else, so the overlay is hidden from assistive technology to avoid reading it twice.
          <div aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-white/70">
            <span className="rounded-md bg-slate-900 px-3 py-1 text-sm font-semibold text-white">Out of Stock</span>
          </div>
        )}
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-1.5 ${list ? "p-3 sm:p-5" : "p-4"}`}>
        <Heading id={nameId} className="text-base font-semibold leading-snug text-slate-900">
          <Link
            to={href}
            prefetch="intent"
            // The visible name comes first (WCAG 2.5.3); the stock state follows for those who cannot see the overlay.
            aria-label={product.inStock ? undefined : `${product.name}, Out of Stock`}
            className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-brand-700"
          >
            {product.name}
          </Link>
        </Heading>
        <p className="text-sm text-slate-600">{categoryTitle(product.category) ?? product.category}</p>
        <Stars rating={product.rating} reviews={product.reviews} />
        {list && <p className="hidden text-sm text-slate-700 sm:line-clamp-2">{product.description}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <Price price={product.price} originalPrice={product.originalPrice} />
          <NoticeButton
            feature="add-to-cart"
            // The visible label comes first in the accessible name (WCAG 2.5.3 Label in Name).
            aria-label={`Add to Cart, ${product.name}`}
            disabled={!product.inStock}
            formClassName="relative z-10"
            className={`${primaryButtonClass} min-h-10 gap-1.5 px-3 text-sm disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600`}
          >
            <CartIcon className="h-4 w-4" />
            Add to Cart
          </NoticeButton>
        </div>
      </div>
    </article>
  );
}
