/**
 * The look of the page's main action, for a `<button>` or a link alike: brand fill, white bold
 * text (`btn-primary` in tailwind.css), darker on hover. The caller adds its size (height,
 * padding, text size, width) and, where it can be disabled, how that looks.
 */
export const primaryButtonClass = "btn-primary hover:bg-brand-700";
