/** A toast disappears after 5000 ms unless it says otherwise (docs/notices-and-toasts.md#kinds). */
export const TOAST_DURATION_MS = 5000;

/** What every placeholder answers (docs/notices-and-toasts.md#coming-soon-notices). */
export const NOT_IMPLEMENTED_MESSAGE =
  "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!";

/** What a failure toast says: the failure's own words, or a generic line when it brought none. */
export function errorMessage(message?: string): string {
  return message || "Something went wrong";
}

/**
 * A toast as it travels in the flash cookie and the root loader's JSON. The server validates it
 * with a zod schema when it reads the cookie (app/services/toast.server.ts); these plain types
 * keep zod out of the browser bundle.
 *
 * - `duration`: milliseconds before it closes by itself; absent means the default 5000 ms, and
 *   `null` means "never" (Radix's `Infinity`, which JSON cannot carry). `toRadixDuration` turns it
 *   back into `Infinity` for Radix.
 * - `action`: an optional link shown in the toast, e.g. `{ label: "View cart", href: "/cart" }`.
 *   It is a link (not a callback) so it works from server HTML; `href` must be a path on this site.
 */
export interface Toast {
  id: string;
  title?: string;
  description: string;
  action?: { label: string; href: string };
  variant: "default" | "destructive";
  duration?: number | null;
}

/** What code asks for: everything but the description is optional; the id is made up if absent. */
export type ToastInput = Omit<Toast, "id" | "variant"> & { id?: string; variant?: Toast["variant"] };

/** A short random id: enough to tell one toast from the next one, not a secret. */
function createToastId(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
}

/** A toast with its id and variant filled in. */
export function completeToast(input: ToastInput): Toast {
  return { ...input, id: input.id ?? createToastId(), variant: input.variant ?? "default" };
}

/** `duration` in the form Radix Toast wants: `null` ("never") becomes `Infinity`. */
export function toRadixDuration(duration: Toast["duration"]): number {
  if (duration === null) return Infinity;
  return duration ?? TOAST_DURATION_MS;
}

/**
 * A form that posted to an action on another URL and was sent back (no JavaScript): what the
 * shopper typed and what was wrong, so the page it came from can show both. Used by the footer's
 * newsletter box, which appears on every page and so cannot post to the page's own action.
 */
export interface FlashForm {
  form: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** Everything the flash cookie carries; both parts are optional. */
export interface Flash {
  toast?: Toast;
  form?: FlashForm;
}
