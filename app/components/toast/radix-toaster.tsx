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

/** Radix Toast's notification region, loaded with `import()` when first needed (ADR 015). */

/** The region Radix wraps its viewport (the list) in. */
function regionOf(viewport: HTMLElement | null): HTMLElement | null {
  return viewport?.closest<HTMLElement>('[role="region"]') ?? null;
}

/** Sends focus back to where it was before the region (else main): Radix would leave it on the emptied list. */
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
 * docs/notices-and-toasts.md#behaviour. A hidden `announcer` silences a toast the plain markup already announced
 * (ADR 005); `focusRegion` is an F8 pressed before this module loaded.
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
        // F8 focuses it: a visible ring (WCAG 2.4.7), inside, as the list touches the window's edges.
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
      // The same urgency as role="alert" and role="status" in the plain rendering.
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
