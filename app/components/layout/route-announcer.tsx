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

/**
 * Navigation state (a `<Link state>` or `navigate(to, { state })`) for a link that moves within
 * the same page's content, such as pagination: after it, focus goes to `targetId` rather than the
 * h1, and the page does not scroll past what is needed to show it.
 */
export function focusAfterNavigation(targetId: string): FocusState {
  return { focusTargetId: targetId };
}

/**
 * Navigation state for a navigation driven by a control the shopper is still in (the catalogue's
 * auto-submitting filters and sort): focus stays on the control, even when the path changes (a
 * category), and the page's own status message says what changed.
 */
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

/**
 * Moves focus without the browser's own scroll: the router has already put the page where it
 * belongs (top for a new page, the remembered position on Back). `revealIfHidden` scrolls a
 * target that is off screen into view, below the sticky header (html's scroll-padding-top).
 */
function moveFocus(element: HTMLElement, { revealIfHidden = false } = {}) {
  element.focus({ preventScroll: true });
  if (!revealIfHidden) return;
  const { top } = element.getBoundingClientRect();
  if (top < 0 || top > window.innerHeight) element.scrollIntoView({ block: "start" });
}

/**
 * What a screen-reader or keyboard user needs after a client-side navigation, which the browser
 * gives them on a full page load: the new page's title read out, and focus at the start of the
 * new content (the h1) instead of on a link that no longer exists.
 *
 * - A new path, or Back/Forward: focus the h1 and announce the title.
 * - Same path, with `focusAfterNavigation(id)` state (pagination): focus that element, announce.
 * - Same path otherwise (filters, sort, view, product tabs and images), or `KEEP_FOCUS`: focus
 *   stays where it is, nothing is announced. If the focused element disappeared, the h1 gets it.
 * - The first load, a fragment (skip link) and revalidation (after a fetcher): nothing.
 *
 * The announcer is a polite live region in the server HTML from the start (screen readers only
 * watch regions that existed before they changed), visually hidden, and empty until a navigation.
 */
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
      // A filter that changed the path (a category) changed the page's heading too: say so
      // without moving focus. The count's own status message follows if it changed.
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
