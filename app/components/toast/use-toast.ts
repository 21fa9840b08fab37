import { useSyncExternalStore } from "react";

import { completeToast, type Toast, type ToastInput } from "~/models/toast/toast";

/** A toast on screen (or closing), as the client keeps it. */
export interface ToastState extends Toast {
  open: boolean;
  /** False for a toast the plain region already announced (ADR 005). */
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

/** Shows a toast and returns its id; one whose id is showing is updated in place, not shown twice. */
export function showToast(input: ToastInput, { announce = true }: { announce?: boolean } = {}): string {
  const toast = completeToast(input);
  if (toasts.some((t) => t.id === toast.id)) {
    updateToast(toast.id, input);
    return toast.id;
  }
  setToasts([{ ...toast, open: true, announce }, ...toasts].slice(0, TOAST_LIMIT));
  return toast.id;
}

export function updateToast(id: string, changes: Partial<Omit<ToastInput, "id">>) {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, ...completeToast({ ...t, ...changes, id }) } : t)));
}

/** Closes one toast, or all of them. */
export function dismissToast(id?: string) {
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** The toasts right now, for code outside React (and tests). */
export function getToasts(): readonly ToastState[] {
  return toasts;
}

/** The client's toasts; none on the server, whose toast comes through the root loader. */
export function useToasts(): readonly ToastState[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
}
