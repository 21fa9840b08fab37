import * as ToastPrimitive from "@radix-ui/react-toast";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";

import { MAIN_CONTENT_ID } from "~/components/layout/skip-links";
import {
  actionClass,
  cardClass,
  CLOSE_LABEL,
  closeClass,
  descriptionClass,
  regionClass,
} from "~/components/toast/toast-styles";
import { dismissToast, type ToastState, useToasts } from "~/components/toast/use-toast";
import { CloseIcon } from "~/components/ui/icons";
import { TOAST_DURATION_MS, toRadixDuration } from "~/models/toast/toast";

/**
 * Radix Toast's rendering of the notification region. The Toaster (toaster.tsx) loads this module
 * with `import()` the first time a toast has to appear or F8 is pressed, so Radix stays out of
 * every page's first-load JavaScript (ADR 015).
 */

/** The notification region: Radix wraps its viewport (the list) in it, with its focus guards. */
function regionOf(viewport: HTMLElement | null): HTMLElement | null {
  return viewport?.closest<HTMLElement>('[role="region"]') ?? null;
}

/**
 * Remembers where focus was before it entered the notification region (by F8 or Tab), and
 * returns a function that sends it back there once the shopper is done with the region: Radix
 * would leave it on the emptied list. If there is nowhere to go back to (F8 pressed with nothing
 * focused, or that element is gone), focus goes to main.
 */
function useFocusReturn(viewport: RefObject<HTMLOListElement | null>) {
  const cameFrom = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const region = regionOf(viewport.current);
      if (!region || !(event.target instanceof Node) || !region.contains(event.target)) return;
      const from = event.relatedTarget;
      if (from instanceof Node && region.contains(from)) return;
      cameFrom.current = from instanceof HTMLElement ? from : null;
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [viewport]);

  return useCallback(() => {
    const region = regionOf(viewport.current);
    if (!region?.contains(document.activeElement)) return;
    const target = cameFrom.current;
    cameFrom.current = null;
    if (target?.isConnected) target.focus({ preventScroll: true });
    if (region.contains(document.activeElement))
      document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [viewport]);
}

/**
 * Radix Toast (docs/notices-and-toasts.md#behaviour): limit 1 (the store keeps one), 5000 ms, swipe right 50 px,
 * Escape and the close button dismiss, F8 focuses the region. Radix announces a toast through
 * a visually hidden live region it renders into `announcer`; hiding that container silences
 * the announcement for a toast the plain markup already announced. Dismissing a toast (or
 * Escape in the empty region) returns focus to where it was before the shopper went in.
 *
 * `focusRegion`: F8 was pressed before this module had loaded, so Radix's own hotkey listener
 * missed it; the region takes focus as soon as it exists.
 */
export function RadixToaster({ focusRegion }: { focusRegion: boolean }) {
  const toasts = useToasts();
  const [announcer, setAnnouncer] = useState<HTMLDivElement | null>(null);
  const viewport = useRef<HTMLOListElement>(null);
  const returnFocus = useFocusReturn(viewport);
  const silenced = toasts.some((t) => t.open && !t.announce);
  // After useFocusReturn's listener is in place, so that it records where focus came from.
  useEffect(() => {
    if (focusRegion) viewport.current?.focus();
  }, [focusRegion]);
  return (
    <ToastPrimitive.Provider
      swipeDirection="right"
      swipeThreshold={50}
      duration={TOAST_DURATION_MS}
      label="Notification"
      announcerContainer={announcer ?? undefined}
    >
      {toasts.map((toast) => (
        <RadixToast key={toast.id} toast={toast} onDismissed={returnFocus} />
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        hotkey={["F8"]}
        label="Notifications ({hotkey})"
        onKeyDown={(event) => {
          // With a toast open, Radix dismisses it first and onDismissed has already run.
          if (event.key === "Escape") returnFocus();
        }}
        // F8 focuses this list: it shows the focus ring like any control (WCAG 2.4.7), drawn inside
        // because the list sits against the window's bottom and right edges.
        className={`${regionClass} [outline-offset:-3px]`}
      />
      <div ref={setAnnouncer} hidden={silenced} />
    </ToastPrimitive.Provider>
  );
}

function RadixToast({ toast, onDismissed }: { toast: ToastState; onDismissed: () => void }) {
  return (
    <ToastPrimitive.Root
      open={toast.open}
      onOpenChange={(open) => {
        if (open) return;
        dismissToast(toast.id);
        onDismissed();
      }}
      duration={toRadixDuration(toast.duration)}
      // Radix announces "foreground" toasts assertively, "background" ones politely: the same
      // urgency as role="alert" and role="status" in the plain rendering.
      type={toast.variant === "destructive" ? "foreground" : "background"}
      className={`toast-radix ${cardClass(toast.variant)}`}
    >
      {toast.title && <ToastPrimitive.Title className="text-sm font-semibold">{toast.title}</ToastPrimitive.Title>}
      <ToastPrimitive.Description className={descriptionClass(toast)}>{toast.description}</ToastPrimitive.Description>
      {toast.action && (
        <ToastPrimitive.Action altText={toast.action.label} asChild>
          <Link to={toast.action.href} className={actionClass(toast.variant)}>
            {toast.action.label}
          </Link>
        </ToastPrimitive.Action>
      )}
      <ToastPrimitive.Close aria-label={CLOSE_LABEL} className={closeClass(toast.variant)}>
        <CloseIcon className="h-5 w-5" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
