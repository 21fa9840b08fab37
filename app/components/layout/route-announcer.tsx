import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

import { MAIN_CONTENT_ID } from "~/components/layout/skip-links";

/** How long the announcer stays empty before a repeated title is set again, so it is read again. */
const REANNOUNCE_DELAY_MS = 100;

interface FocusState {
  /** Focus this element (by id) instead of the page's h1. */
  focusTargetId?: string;
  /** Leave focus where it is: the shopper is still using the control that navigated. */
  keepFocus?: boolean;
}

/** Navigation state for a link within the page's content (pagination): focus goes to `targetId`, not the h1. */
export function focusAfterNavigation(targetId: string): FocusState {
  return { focusTargetId: targetId };
}

/** Navigation state for a control the shopper is still in (auto-submitting filters): focus stays on it. */
export const KEEP_FOCUS: FocusState = { keepFocus: true };

function focusState(state: unknown): FocusState {
  return typeof state === "object" && state !== null ? (state as FocusState) : {};
}

/** The new page's h1 (made focusable by script only), or main if a page has none. */
function pageHeading(): HTMLElement | null {
  const main = document.getElementById(MAIN_CONTENT_ID);
  const heading = main?.querySelector<HTMLElement>("h1") ?? null;
  if (heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  return heading ?? main;
}

/** A re-render removed the element that had focus (e.g. Logout took the account menu away). */
function focusWasLost() {
  return document.activeElement === null || document.activeElement === document.body;
}

/** The router has already scrolled; only a target off screen is revealed (ADR 009). */
function moveFocus(element: HTMLElement, { revealIfHidden = false } = {}) {
  element.focus({ preventScroll: true });
  if (!revealIfHidden) return;
  const { top } = element.getBoundingClientRect();
  if (top < 0 || top > window.innerHeight) element.scrollIntoView({ block: "start" });
}

/** After a client-side navigation, focus and a read-out title as a full page load gives (ADR 009). */
export function RouteAnnouncer() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const announcer = useRef<HTMLDivElement>(null);
  const previous = useRef<{ pathname: string; search: string } | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname: location.pathname, search: location.search };
    if (!before) return;

    const samePage = before.pathname === location.pathname && before.search === location.search;
    const backOrForward = navigationType === "POP";
    // State comes back with a history entry; on Back/Forward the entry is a page like any other.
    const { focusTargetId, keepFocus } = backOrForward ? {} : focusState(location.state);

    let target: HTMLElement | null = null;
    let announce = false;
    if (samePage || keepFocus) {
      if (focusWasLost()) target = pageHeading();
      // A filter that changed the category changed the heading too: say so without moving focus.
      if (keepFocus && before.pathname !== location.pathname) announce = true;
    } else if (focusTargetId) {
      target = document.getElementById(focusTargetId) ?? pageHeading();
      announce = true;
    } else if (before.pathname !== location.pathname || backOrForward) {
      target = pageHeading();
      announce = true;
    } else if (focusWasLost()) {
      target = pageHeading();
    }

    if (target) moveFocus(target, { revealIfHidden: Boolean(focusTargetId) });
    if (!announce || !announcer.current) return;
    const region = announcer.current;
    const title = document.title;
    if (region.textContent !== title) {
      region.textContent = title;
      return;
    }
    // The same words again would not be read: empty the region first.
    region.textContent = "";
    const timer = setTimeout(() => {
      region.textContent = title;
    }, REANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location, navigationType]);

  return <div ref={announcer} id="route-announcer" aria-live="polite" aria-atomic="true" className="sr-only" />;
}
