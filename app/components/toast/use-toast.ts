import { useSyncExternalStore } from "react";

import { completeToast, type Toast, type ToastInput } from "~/models/toast/toast";

/** A toast on screen (or closing), as the client keeps it. */
export interface ToastState extends Toast {
  open: boolean;
  /**
   * False for a toast the server-rendered region has already announced: Radix takes it over
   * silently, so a screen reader hears it once (see Toaster).
   */
  announce: boolean;
}

/** At most one toast is visible; a new one replaces the previous (docs/notices-and-toasts.md#behaviour). */
const TOAST_LIMIT = 1;

const NO_TOASTS: ToastState[] = [];
let toasts: ToastState[] = NO_TOASTS;
const listeners = new Set<() => void>();

function setToasts(next: ToastState[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows a toast and returns its id. A toast whose id is already showing is updated in place
 * instead of shown again, so feeding the same loader toast twice is harmless.
 */
export function showToast(input: ToastInput, { announce = true }: { announce?: boolean } = {}): string {
  const toast = completeToast(input);
  if (toasts.some((t) => t.id === toast.id)) {
    updateToast(toast.id, input);
    return toast.id;
  }
  setToasts([{ ...toast, open: true, announce }, ...toasts].slice(0, TOAST_LIMIT));
  return toast.id;
}

/** Changes a showing toast's text, variant, action or duration. */
export function updateToast(id: string, changes: Partial<Omit<ToastInput, "id">>) {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, ...completeToast({ ...t, ...changes, id }) } : t)));
}

/** Closes one toast (or all of them): Radix plays its exit animation, then it is gone. */
export function dismissToast(id?: string) {
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** The toasts right now, for code outside React (and tests). */
export function getToasts(): readonly ToastState[] {
  return toasts;
}

/**
 * The client's toasts, re-rendering when they change. The server renders none: a toast from the
 * server arrives through the root loader and the Toaster.
 */
export function useToasts(): readonly ToastState[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
}
