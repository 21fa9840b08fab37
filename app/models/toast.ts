import { z } from "zod";

import { safeRedirectPath } from "~/models/safe-redirect";

/** SPEC §2 Notifications: a toast disappears after 5000 ms unless it says otherwise. */
export const TOAST_DURATION_MS = 5000;

/** SPEC §1 and §8: what every placeholder (Add to Cart, Wishlist, footer items ...) answers. */
export const NOT_IMPLEMENTED_MESSAGE =
  "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!";

/**
 * A toast as it travels in the flash cookie and the root loader's JSON.
 *
 * - `duration`: milliseconds before it closes by itself; absent means the default 5000 ms, and
 *   `null` means "never" (SPEC's `Infinity`, which JSON cannot carry). `toRadixDuration` turns it
 *   back into `Infinity` for Radix.
 * - `action`: an optional link shown in the toast, e.g. `{ label: "View cart", href: "/cart" }`.
 *   It is a link (not a callback) so it works from server HTML; `href` must be a path on this site.
 *
 * Every string is bounded so a cookie stays well under the browser's 4 KB limit and a tampered
 * or oversized value is rejected instead of rendered.
 */
export const ToastSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().max(120).optional(),
  description: z.string().min(1).max(600),
  action: z
    .object({
      label: z.string().min(1).max(40),
      href: z
        .string()
        .max(512)
        .refine((href) => safeRedirectPath(href, "") === href, "must be a path on this site"),
    })
    .optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
  duration: z.number().int().positive().max(600_000).nullable().optional(),
});

export type Toast = z.infer<typeof ToastSchema>;

/** What code asks for: everything but the description is optional; the id is made up if absent. */
export type ToastInput = Omit<z.input<typeof ToastSchema>, "id"> & { id?: string };

/** A short random id: enough to tell one toast from the next one, not a secret. */
export function createToastId(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
}

/** A toast with its id and defaults filled in; throws (a programming error) if the input is invalid. */
export function toToast(input: ToastInput): Toast {
  return ToastSchema.parse({ ...input, id: input.id ?? createToastId() });
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
export const FlashFormSchema = z.object({
  form: z.string().min(1).max(40),
  values: z.record(z.string().max(40), z.string().max(400)),
  errors: z.record(z.string().max(40), z.string().max(200)),
});

export type FlashForm = z.infer<typeof FlashFormSchema>;

/** Everything the flash cookie carries; both parts are optional. */
export const FlashSchema = z.object({
  toast: ToastSchema.optional(),
  form: FlashFormSchema.optional(),
});

export type Flash = z.infer<typeof FlashSchema>;
