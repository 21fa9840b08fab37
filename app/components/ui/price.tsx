import { formatPrice, isOnSale } from "~/models/product/product";

export interface PriceProps {
  price: number;
  /** Shown struck out after the price when it is higher (the product is on sale). */
  originalPrice: number | null;
  size?: "md" | "lg";
}

/**
 * The current price, and the struck-out original when on sale. Strike-through is invisible to
 * screen readers, so visually hidden words make it read "Now $12.95, was $15.95".
 */
export function Price({ price, originalPrice, size = "md" }: PriceProps) {
  const big = size === "lg";
  // `price` (and `price-lg`) are in tailwind.css: every product card shows one.
  const currentClass = big ? "price price-lg" : "price";
  if (originalPrice == null || !isOnSale({ price, originalPrice })) {
    return <p className={currentClass}>{formatPrice(price)}</p>;
  }
  const current = <span className={currentClass}>{formatPrice(price)}</span>;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="sr-only">Now </span>
      {current}
      <span className="sr-only">, was </span>
      <s className={`text-slate-600 ${big ? "text-lg" : "text-sm"}`}>{formatPrice(originalPrice)}</s>
    </p>
  );
}
