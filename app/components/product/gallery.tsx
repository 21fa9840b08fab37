import { Link } from "react-router";

import { isOnSale, type Product, PRODUCT_IMAGE_SIZE } from "~/models/product/product";

export interface GalleryProps {
  product: Product;
  /** Index into the product's images (already clamped by the caller). */
  selected: number;
  /** The URL that selects image i: `?image=i` plus the page's other parameters. */
  hrefForImage: (i: number) => string;
}

/** Spelled as the HTML attribute, which React 18 passes on as it is (it does not know `fetchPriority`). */
const HIGH_PRIORITY = { fetchpriority: "high" } as const;

/** The product's images: its `images`, or the single `image` when the list is empty. */
export function galleryImages(product: Pick<Product, "image" | "images">): string[] {
  return product.images.length > 0 ? product.images : [product.image];
}

/** A main image and thumbnails, links to `?image=i`; with JavaScript they also answer Space, as a button would. */
export function Gallery({ product, selected, hrefForImage }: GalleryProps) {
  const images = galleryImages(product);
  const alt = (i: number) => `${product.name}, image ${i + 1} of ${images.length}`;
  return (
    <div className="mx-auto w-full max-w-lg md:max-w-none">
      <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-slate-50">
        {/* The page's largest image above the fold: fetched ahead of everything else it needs. */}
        <img
          src={images[selected]}
          alt={alt(selected)}
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          {...HIGH_PRIORITY}
          className="aspect-square h-auto w-full object-cover"
        />
        {isOnSale(product) && (
          <span className="absolute left-4 top-4 rounded-md bg-red-700 px-3 py-1 text-sm font-bold tracking-wide text-white">
            SALE
          </span>
        )}
      </div>
      {images.length > 1 && (
        <ul aria-label="Product images" className="mt-4 grid grid-cols-4 gap-3">
          {images.map((src, i) => (
            <li key={`${i}-${src}`}>
              <Link
                to={hrefForImage(i)}
                replace
                preventScrollReset
                onKeyDown={(event) => {
                  if (event.key !== " " || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
                  // Instead of scrolling the page.
                  event.preventDefault();
                  event.currentTarget.click();
                }}
                aria-current={i === selected ? "true" : undefined}
                className={`block overflow-hidden rounded-lg border-2 bg-slate-50 ${
                  i === selected ? "border-brand-600" : "border-slate-200 hover:border-slate-400"
                }`}
              >
                <img
                  src={src}
                  alt={alt(i)}
                  width={PRODUCT_IMAGE_SIZE}
                  height={PRODUCT_IMAGE_SIZE}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square h-auto w-full object-cover"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
