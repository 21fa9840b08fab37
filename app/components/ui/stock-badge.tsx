export interface StockBadgeProps {
  inStock: boolean;
}

/** "In Stock" or "Out of Stock", as a small pill. Colours pass 4.5:1 on their tints. */
export function StockBadge({ inStock }: StockBadgeProps) {
  return inStock ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-green-50 px-2.5 py-1 text-sm font-medium text-green-800 ring-1 ring-inset ring-green-600/30">
      <span className="h-2 w-2 rounded-full bg-green-600" aria-hidden="true" />
      In Stock
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-2.5 py-1 text-sm font-medium text-red-800 ring-1 ring-inset ring-red-600/30">
      <span className="h-2 w-2 rounded-full bg-red-600" aria-hidden="true" />
      Out of Stock
    </span>
  );
}
