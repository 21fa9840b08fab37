import { type RefObject, useEffect } from "react";
import { useLocation } from "react-router";

/** How long the pointer may be outside a hover-opened menu (e.g. crossing a gap) before it closes. */
const HOVER_CLOSE_DELAY_MS = 200;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open menu's focusable items in document order, without the summary and hidden ones. */
function menuItems(details: HTMLDetailsElement, summary: HTMLElement): HTMLElement[] {
  return [...details.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (item) => item !== summary && !summary.contains(item) && item.getClientRects().length > 0,
  );
}

/** Single-line text fields: Up and Down mean nothing there, so the menu may use them. */
const SINGLE_LINE_TEXT = new Set(["text", "search", "email", "url", "tel", "password"]);

/** Whether the focused field needs `key` for itself (the caret, an option, a value). */
function fieldOwnsKey(element: EventTarget | null, key: string) {
  if (element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) return true;
  if (!(element instanceof HTMLInputElement)) return false;
  return key === "Home" || key === "End" || !SINGLE_LINE_TEXT.has(element.type);
}

/** Which item a key moves focus to: the WAI-ARIA disclosure navigation menu pattern's optional keys. */
function itemForKey(key: string, items: HTMLElement[], current: Element | null, summary: HTMLElement) {
  if (current === summary) {
    if (key === "ArrowDown") return items[0];
    if (key === "ArrowUp") return items[items.length - 1];
    return undefined;
  }
  const index = items.indexOf(current as HTMLElement);
  if (index < 0) return undefined;
  switch (key) {
    case "ArrowDown":
      return items[Math.min(index + 1, items.length - 1)];
    case "ArrowUp":
      return items[Math.max(index - 1, 0)];
    case "Home":
      return items[0];
    case "End":
      return items[items.length - 1];
    default:
      return undefined;
  }
}

/** What script adds to a `<details>` menu that works without it (docs/pages.md#header, ADR 003). */
export function useDetailsMenu(ref: RefObject<HTMLDetailsElement | null>, { openOnHover = false } = {}) {
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

    // Ahead of Radix Toast's Escape, which leaves a prevented one alone: one press closes only the menu.
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      event.preventDefault();
      const focusWasInside = details.contains(document.activeElement);
      close();
      if (focusWasInside) summary.focus();
    };
    const onArrowKey = (event: KeyboardEvent) => {
      if (!details.open || event.altKey || event.ctrlKey || event.metaKey || fieldOwnsKey(event.target, event.key))
        return;
      const next = itemForKey(event.key, menuItems(details, summary), document.activeElement, summary);
      if (!next) return;
      event.preventDefault();
      next.focus();
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
    // A click on a summary that hovering opened would close the menu under the pointer: keep it open.
    const onSummaryClick = (event: MouseEvent) => {
      if (openedByHover && details.open) {
        event.preventDefault();
        openedByHover = false;
      }
    };

    window.addEventListener("keydown", onEscape, { capture: true });
    details.addEventListener("keydown", onArrowKey);
    document.addEventListener("pointerdown", onPointerDown);
    details.addEventListener("focusout", onFocusOut);
    if (openOnHover) {
      details.addEventListener("pointerenter", onPointerEnter);
      details.addEventListener("pointerleave", onPointerLeave);
      summary.addEventListener("click", onSummaryClick);
    }
    return () => {
      clearTimeout(closeTimer);
      window.removeEventListener("keydown", onEscape, { capture: true });
      details.removeEventListener("keydown", onArrowKey);
      document.removeEventListener("pointerdown", onPointerDown);
      details.removeEventListener("focusout", onFocusOut);
      details.removeEventListener("pointerenter", onPointerEnter);
      details.removeEventListener("pointerleave", onPointerLeave);
      summary.removeEventListener("click", onSummaryClick);
    };
  }, [ref, openOnHover]);
}
