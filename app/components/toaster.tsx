import * as ToastPrimitive from "@radix-ui/react-toast";
import { Link } from "@remix-run/react";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

import { CloseIcon } from "~/components/icons";
import { MAIN_CONTENT_ID } from "~/components/skip-links";
import { dismissToast, showToast, type ToastState, useToasts } from "~/components/use-toast";
import { type Toast, toRadixDuration, TOAST_DURATION_MS } from "~/models/toast";

const REGION_LABEL = "Notifications (F8)";
const CLOSE_LABEL = "Close notification";

/** Bottom right, full width on phones, at most 420 px from `md` (docs/notices-and-toasts.md#behaviour). */
const regionClass =
  "pointer-events-none fixed bottom-0 right-0 z-[100] flex w-full flex-col gap-2 p-4 md:max-w-[420px]";
// A focused Radix toast draws its ring inside the card: outside, it would fall on whatever the
// toast covers (the dark footer, say) and could vanish there.
const cardClass = (variant: Toast["variant"]) =>
  `pointer-events-auto relative w-full rounded-xl border p-4 pr-14 shadow-lg focus-visible:[outline-offset:-4px] ${
    variant === "destructive"
      ? "border-red-800 bg-red-700 text-white focus-visible:outline-white"
      : "border-slate-200 bg-white text-slate-900"
  }`;
// On the red card the page's blue focus ring would not show (WCAG 2.4.7): its controls get a white one.
const closeClass = (variant: Toast["variant"]) =>
  `absolute right-2 top-2 inline-flex h-10 w-10 items-center justify-center rounded-lg ${
    variant === "destructive"
      ? "text-red-50 hover:bg-red-800 focus-visible:outline-white"
      : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
  }`;
const actionClass = (variant: Toast["variant"]) =>
  `mt-3 inline-flex min-h-10 items-center rounded-lg border px-3 text-sm font-semibold ${
    variant === "destructive"
      ? "border-red-200 text-white hover:bg-red-800 focus-visible:outline-white"
      : "border-slate-300 text-brand-700 hover:bg-slate-50"
  }`;

/**
 * The notification region (ADR 005). `toast` is the one the root loader read from the flash
 * cookie for this page.
 *
 * - Server HTML and the hydration pass render it as plain markup (StaticToastRegion): a live
 *   region that works, closes and hides itself with no JavaScript at all.
 * - After hydration Radix Toast takes over the same toast (and every later one): swipe, Escape,
 *   F8, per-toast durations, updates by id. Only one of the two renderings exists at a time, so
 *   only one live region ever carries a toast. If the plain one was already revealed (and so
 *   announced) when script took over, Radix shows the toast without announcing it again.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [hydrated, setHydrated] = useState(false);
  // Loader toasts already handed to the client store: a re-render never shows one twice.
  const handedOver = useRef(new Set<string>());

  useEffect(() => {
    // Runs once, after hydration and while the plain markup is still on the page.
    if (toast && !handedOver.current.has(toast.id)) {
      handedOver.current.add(toast.id);
      const closedWithoutScript = window.location.hash === `#${staticToastId(toast.id)}`;
      const card = document.getElementById(staticToastId(toast.id))?.querySelector(".toast-static-reveal");
      const revealed = card ? getComputedStyle(card).visibility === "visible" : false;
      if (!closedWithoutScript) showToast(toast, { announce: !revealed });
    }
    setHydrated(true);
    // Only the first render's toast is the server-rendered one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!hydrated || !toast || handedOver.current.has(toast.id)) return;
    handedOver.current.add(toast.id);
    showToast(toast);
  }, [hydrated, toast]);

  return hydrated ? <RadixToaster /> : <StaticToastRegion toast={toast} />;
}

function staticToastId(id: string) {
  return `toast-${id}`;
}

/**
 * The toast as plain HTML. `role="status"` (`alert` when destructive) sits on a wrapper that is
 * in the page from the start; the card inside appears after a short CSS delay, so screen readers
 * announce it as new content (a live region's initial content is not announced). The close
 * control is a link to the toast's own id: `:target` hides it, with no script, no reload and no
 * scroll (the toast is position: fixed). It sits outside the live region so it is not read out
 * with the message. See toaster.css for the reveal and the 5000 ms auto-hide.
 */
function StaticToastRegion({ toast }: { toast: Toast | null }) {
  return (
    <div role="region" aria-label={REGION_LABEL} tabIndex={-1} className={regionClass}>
      {toast && (
        <div id={staticToastId(toast.id)} className="toast-static pointer-events-auto relative">
          <div role={toast.variant === "destructive" ? "alert" : "status"} aria-atomic="true">
            <div className={`toast-static-reveal ${cardClass(toast.variant)}`}>
              <ToastText toast={toast} />
              {toast.action && (
                <a href={toast.action.href} className={actionClass(toast.variant)}>
                  {toast.action.label}
                </a>
              )}
            </div>
          </div>
          <a href={`#${staticToastId(toast.id)}`} className={`toast-static-reveal ${closeClass(toast.variant)}`}>
            <CloseIcon className="h-5 w-5" />
            <span className="sr-only">{CLOSE_LABEL}</span>
          </a>
        </div>
      )}
    </div>
  );
}

function ToastText({ toast }: { toast: Toast }) {
  return (
    <>
      {toast.title && <p className="text-sm font-semibold">{toast.title}</p>}
      <p className={`text-sm ${toast.title ? "mt-1" : ""} ${toast.variant === "destructive" ? "" : "text-slate-700"}`}>
        {toast.description}
      </p>
    </>
  );
}

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
function useFocusReturn(viewport: RefObject<HTMLOListElement>) {
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
 */
function RadixToaster() {
  const toasts = useToasts();
  const [announcer, setAnnouncer] = useState<HTMLDivElement | null>(null);
  const viewport = useRef<HTMLOListElement>(null);
  const returnFocus = useFocusReturn(viewport);
  const silenced = toasts.some((t) => t.open && !t.announce);
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
      <ToastPrimitive.Description
        className={`text-sm ${toast.title ? "mt-1" : ""} ${toast.variant === "destructive" ? "" : "text-slate-700"}`}
      >
        {toast.description}
      </ToastPrimitive.Description>
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
