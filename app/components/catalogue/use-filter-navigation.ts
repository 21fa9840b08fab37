import { useCallback, useEffect, useRef } from "react";
import { useNavigate, useNavigation } from "react-router";

import { KEEP_FOCUS } from "~/components/layout/route-announcer";
import { filterFormHref } from "~/models/catalogue/catalogue-query";

/** The id of the one GET form that holds every filter and the sort (the sort select joins by `form=`). */
export const FILTER_FORM_ID = "catalogue-filters";
/** Range inputs fire on every step while dragging; wait for the shopper to settle. */
const RANGE_DEBOUNCE_MS = 400;

function formHref(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
  return filterFormHref(params);
}

/** Submits the filter form as a navigation that replaces history; `onNavigate` hears where each leads. */
export function useFilterNavigation(onNavigate?: (href: string) => void) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const started = useRef<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Another navigation (Clear filters, Back) cancels a change still waiting for its debounce, which would
  // otherwise take the shopper back to the filters they had just left.
  const pending = navigation.state === "idle" ? null : `${navigation.location.pathname}${navigation.location.search}`;
  useEffect(() => {
    if (pending !== null && pending !== started.current) clearTimeout(timer.current);
  }, [pending]);
  // And at the click or Back itself, before the router's state renders: the debounce could fire in between.
  useEffect(() => {
    const cancel = (event: Event) => {
      if (event.type === "popstate" || (event.target instanceof Element && event.target.closest("a[href]")))
        clearTimeout(timer.current);
    };
    document.addEventListener("click", cancel, true);
    window.addEventListener("popstate", cancel);
    return () => {
      document.removeEventListener("click", cancel, true);
      window.removeEventListener("popstate", cancel);
    };
  }, []);
  return useCallback(
    (form: HTMLFormElement | null, debounce = false) => {
      clearTimeout(timer.current);
      if (!form) return;
      const go = () => {
        const href = formHref(form);
        started.current = href;
        onNavigate?.(href);
        // The shopper is still in the form: focus stays on the control (ADR 009).
        navigate(href, { replace: true, preventScrollReset: true, state: KEEP_FOCUS });
      };
      if (debounce) timer.current = setTimeout(go, RANGE_DEBOUNCE_MS);
      else go();
    },
    [navigate, onNavigate],
  );
}
