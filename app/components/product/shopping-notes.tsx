/** The shop's promises, the same on every product page. */
export function ShoppingNotes() {
  return (
    <ul
      aria-label="Shopping notes"
      className="mt-8 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700 sm:grid-cols-3"
    >
      <li>
        <strong className="block text-slate-900">Free shipping</strong> on orders over $50
      </li>
      <li>
        <strong className="block text-slate-900">1-year warranty</strong> on every product
      </li>
      <li>
        <strong className="block text-slate-900">30-day return policy</strong> no questions asked
      </li>
    </ul>
  );
}
