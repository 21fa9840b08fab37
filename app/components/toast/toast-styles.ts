import type { Toast } from "~/models/toast/toast";

/**
 * What the two renderings of the notification region share (ADR 005): the plain HTML one in
 * toaster.tsx and Radix Toast's in radix-toaster.tsx look and read the same.
 */

export const REGION_LABEL = "Notifications (F8)";
export const CLOSE_LABEL = "Close notification";

/** Bottom right, full width on phones, at most 420 px from `md` (docs/notices-and-toasts.md#behaviour). */
export const regionClass =
  "pointer-events-none fixed bottom-0 right-0 z-[100] flex w-full flex-col gap-2 p-4 md:max-w-[420px]";

// A focused Radix toast draws its ring inside the card: outside, it would fall on whatever the
// toast covers (the dark footer, say) and could vanish there.
export const cardClass = (variant: Toast["variant"]) =>
  `pointer-events-auto relative w-full rounded-xl border p-4 pr-14 shadow-lg focus-visible:[outline-offset:-4px] ${
    variant === "destructive"
      ? "border-red-800 bg-red-700 text-white focus-visible:outline-white"
      : "border-slate-200 bg-white text-slate-900"
  }`;

export const descriptionClass = (toast: Toast) =>
  `text-sm ${toast.title ? "mt-1" : ""} ${toast.variant === "destructive" ? "" : "text-slate-700"}`;

// On the red card the page's blue focus ring would not show (WCAG 2.4.7): its controls get a white one.
export const closeClass = (variant: Toast["variant"]) =>
  `absolute right-2 top-2 inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg ${
    variant === "destructive"
      ? "text-red-50 hover:bg-red-800 focus-visible:outline-white"
      : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
  }`;

export const actionClass = (variant: Toast["variant"]) =>
  `mt-3 inline-flex min-h-10 items-center rounded-lg border px-3 text-sm font-semibold ${
    variant === "destructive"
      ? "border-red-200 text-white hover:bg-red-800 focus-visible:outline-white"
      : "border-slate-300 text-brand-700 hover:bg-slate-50"
  }`;
