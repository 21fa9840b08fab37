import { useCallback, useEffect, useRef, useState } from "react";

import type { RadixToaster } from "~/components/toast/radix-toaster";
import {
  actionClass,
  cardClass,
  CLOSE_LABEL,
  closeClass,
  descriptionClass,
  REGION_LABEL,
  regionClass,
} from "~/components/toast/toast-styles";
import { getToasts, showToast, useToasts } from "~/components/toast/use-toast";
import { CloseIcon } from "~/components/ui/icons";
import type { Toast } from "~/models/toast/toast";

type RadixToasterComponent = typeof RadixToaster;

let radixToaster: Promise<RadixToasterComponent> | null = null;

/** Radix Toast's chunk, fetched when first needed (ADR 015); a failed fetch is tried again next time. */
function loadRadixToaster(): Promise<RadixToasterComponent> {
  radixToaster ??= import("./radix-toaster").then(
    (module) => module.RadixToaster,
    (error: unknown) => {
      radixToaster = null;
      throw error;
    },
  );
  return radixToaster;
}

/**
 * The notification region: plain markup until a toast or F8 needs Radix, then Radix; one of the two at a time, so
 * each toast is announced once (ADR 005, ADR 015). `toast` is the flash cookie's, for this page.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  // What the plain region shows: the server HTML's toast, or the latest one if Radix could not be fetched.
  const [plainToast, setPlainToast] = useState(toast);
  const [radix, setRadix] = useState<{ Toaster: RadixToasterComponent } | null>(null);
  const [focusRegion, setFocusRegion] = useState(false);
  // Loader toasts already handed to the client store: a re-render never shows one twice.
  const handedOver = useRef(new Set<string>());
  const clientToastOpen = useToasts().some((t) => t.open);

  /** Swaps in Radix after `beforeSwap`, which still sees the plain region; else shows `fallback` plainly. */
  const takeOver = useCallback((beforeSwap: () => void, fallback: Toast | null) => {
    loadRadixToaster().then(
      (component) => {
        beforeSwap();
        setRadix({ Toaster: component });
      },
      () => {
        if (fallback) setPlainToast(fallback);
      },
    );
  }, []);

  useEffect(() => {
    // Runs once, after hydration; the plain markup stays until Radix has arrived.
    if (!toast) return;
    handedOver.current.add(toast.id);
    if (window.location.hash === `#${staticToastId(toast.id)}`) return; // closed before script ran
    takeOver(() => {
      const card = document.getElementById(staticToastId(toast.id))?.querySelector(".toast-static-reveal");
      const revealed = card ? getComputedStyle(card).visibility === "visible" : false;
      showToast(toast, { announce: !revealed });
    }, toast);
    // Only the first render's toast is the server-rendered one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!toast || handedOver.current.has(toast.id)) return;
    handedOver.current.add(toast.id);
    takeOver(() => showToast(toast), toast);
  }, [toast, takeOver]);

  useEffect(() => {
    // A toast shown from code (the sign-in form's, say) while the plain region is still up.
    if (clientToastOpen && !radix) takeOver(() => {}, getToasts()[0] ?? null);
  }, [clientToastOpen, radix, takeOver]);

  useEffect(() => {
    if (radix) return; // Radix listens for F8 itself.
    const onKeyDown = (event: KeyboardEvent) => {
      // Radix's test for its hotkey.
      if (event.code === "F8") takeOver(() => setFocusRegion(true), null);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [radix, takeOver]);

  return radix ? <radix.Toaster focusRegion={focusRegion} /> : <StaticToastRegion toast={plainToast} />;
}

function staticToastId(id: string) {
  return `toast-${id}`;
}

/**
 * The toast as plain HTML (ADR 005): revealed late by CSS, as a live region's first content is not announced; the
 * close link, outside the live region so it is not read with the message, hides it by `:target`.
 */
function StaticToastRegion({ toast }: { toast: Toast | null }) {
  return (
    <div role="region" aria-label={REGION_LABEL} tabIndex={-1} className={regionClass}>
      {toast && (
        <div key={toast.id} id={staticToastId(toast.id)} className="toast-static pointer-events-auto relative">
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
            <span className="icon-label">{CLOSE_LABEL}</span>
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
      <p className={descriptionClass(toast)}>{toast.description}</p>
    </>
  );
}
