import { useLocation } from "@remix-run/react";
import { useEffect, type RefObject } from "react";

/** How long the pointer may be outside a hover-opened menu (e.g. crossing a gap) before it closes. */
const HOVER_CLOSE_DELAY_MS = 200;

/**
 * Enhances a `<details>` disclosure menu once JavaScript runs. Without script it is already a
 * keyboard-operable menu (Enter/Space on the summary); with script it also closes on Escape
 * (focus returns to the summary), on a click or focus outside, and after navigating; and with
 * `openOnHover` a mouse pointer opens it on hover (SPEC's "hover menu").
 */
export function useDetailsMenu(ref: RefObject<HTMLDetailsElement>, { openOnHover = false } = {}) {
  const location = useLocation();

  // A client-side navigation keeps the page (and the open menu) in place; close it.
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [ref, location.pathname, location.search]);

  useEffect(() => {
    const details = ref.current;
    const summary = details?.querySelector("summary");
    if (!details || !summary) return;

    let openedByHover = false;
    let closeTimer: ReturnType<typeof setTimeout> | undefined;

    const close = () => {
      clearTimeout(closeTimer);
      openedByHover = false;
      details.open = false;
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      const focusWasInside = details.contains(document.activeElement);
      close();
      if (focusWasInside) summary.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) close();
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (details.open && next instanceof Node && !details.contains(next)) close();
    };
    const onPointerEnter = (event: PointerEvent) => {
      if (event.pointerType !== "mouse") return;
      clearTimeout(closeTimer);
      if (!details.open) {
        details.open = true;
        openedByHover = true;
      }
    };
    const onPointerLeave = (event: PointerEvent) => {
      if (event.pointerType !== "mouse" || !openedByHover) return;
      closeTimer = setTimeout(close, HOVER_CLOSE_DELAY_MS);
    };
    // A click on a summary that hovering already opened would close the menu under the
    // pointer; keep it open instead, and stop closing it when the pointer leaves.
    const onSummaryClick = (event: MouseEvent) => {
      if (openedByHover && details.open) {
        event.preventDefault();
        openedByHover = false;
      }
    };

    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    details.addEventListener("focusout", onFocusOut);
    if (openOnHover) {
      details.addEventListener("pointerenter", onPointerEnter);
      details.addEventListener("pointerleave", onPointerLeave);
      summary.addEventListener("click", onSummaryClick);
    }
    return () => {
      clearTimeout(closeTimer);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      details.removeEventListener("focusout", onFocusOut);
      details.removeEventListener("pointerenter", onPointerEnter);
      details.removeEventListener("pointerleave", onPointerLeave);
      summary.removeEventListener("click", onSummaryClick);
    };
  }, [ref, openOnHover]);
}
