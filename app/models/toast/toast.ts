/** How long a toast shows unless it says otherwise (docs/notices-and-toasts.md#kinds). */
export const TOAST_DURATION_MS = 5000;

/** What every placeholder answers (docs/notices-and-toasts.md#coming-soon-notices). */
export const NOT_IMPLEMENTED_MESSAGE =
  "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!";

/** What a failure toast says: the failure's own words, or a generic line when it brought none. */
export function errorMessage(message?: string): string {
  return message || "Something went wrong";
}

/** A toast as the flash cookie and the root loader's JSON carry it (docs/notices-and-toasts.md#kinds). */
export interface Toast {
  id: string;
  title?: string;
  description: string;
  /** A link, not a callback, so it works from server HTML; `href` is a path on this site. */
  action?: { label: string; href: string };
  variant: "default" | "destructive";
  /** Milliseconds, TOAST_DURATION_MS when absent; `null` is never (Radix's `Infinity`, which JSON cannot carry). */
  duration?: number | null;
}

export type ToastInput = Omit<Toast, "id" | "variant"> & { id?: string; variant?: Toast["variant"] };

/** A short random id: enough to tell one toast from the next one, not a secret. */
function createToastId(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
}

export function completeToast(input: ToastInput): Toast {
  return { ...input, id: input.id ?? createToastId(), variant: input.variant ?? "default" };
}

export function toRadixDuration(duration: Toast["duration"]): number {
  if (duration === null) return Infinity;
  return duration ?? TOAST_DURATION_MS;
}

/** A form posted to another URL's action and sent back without JavaScript (the newsletter box): values and errors. */
export interface FlashForm {
  form: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

export interface Flash {
  toast?: Toast;
  form?: FlashForm;
}
