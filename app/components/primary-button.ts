/**
 * The look of the page's main action, for a `<button>` or a link alike: brand fill, white bold
 * text, darker on hover. The caller adds its size (height, padding, text size, width) and, where
 * it can be disabled, how that looks.
 */
export const primaryButtonClass =
  "inline-flex items-center justify-center rounded-lg bg-brand-600 font-semibold text-white hover:bg-brand-700";
