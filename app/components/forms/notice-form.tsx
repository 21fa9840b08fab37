import { type FormHTMLAttributes, type ReactNode, useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import { FETCHER_FIELD, NOTICE_ACTION } from "~/models/toast/notice";
import type { action as noticeAction } from "~/routes/notice";

/** The fetcher a NoticeForm submits through; its `data` holds the action's answer (e.g. errors). */
export type NoticeFetcher = ReturnType<typeof useFetcher<typeof noticeAction>>;

export interface NoticeFormProps {
  /** What the shopper asked for, e.g. "newsletter"; the notice action may log or count it. */
  feature: string;
  /**
   * The form's visible controls: at least one submit button. A function receives the fetcher,
   * for forms that show the action's answer (the newsletter box's field error).
   */
  children: ReactNode | ((fetcher: NoticeFetcher) => ReactNode);
  className?: string;
  /** For fields outside the form that belong to it (`form=`), e.g. the product page's quantity. */
  id?: string;
  /** Names the form when it is a landmark-worthy group, e.g. "Newsletter". */
  "aria-label"?: string;
  /** For forms with fields: let the server's messages show instead of the browser's. */
  noValidate?: FormHTMLAttributes<HTMLFormElement>["noValidate"];
}

/**
 * A form to `/notice` for a feature the shop has not built yet; every placeholder goes through
 * here, so the toast pipeline is wired in one place. Buttons that ask for the same thing share
 * one form (a list of product cards, the tutorials, the footer's links): its hidden fields and
 * CSRF token are sent once a page, not once a button (ADR 013).
 *
 * Without JavaScript it is a native POST form: `/notice` redirects back to this page (same path
 * and query) and the page shows the notice. Once hydrated it submits through a fetcher and says
 * so in a hidden field: `/notice` answers with data, nothing navigates, the page keeps its
 * scroll position and focus stays on the button, and the root loader's revalidation brings the
 * toast.
 */
export function NoticeForm({ feature, children, className, id, noValidate, "aria-label": ariaLabel }: NoticeFormProps) {
  const location = useLocation();
  const fetcher = useFetcher<typeof noticeAction>();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const focusedAtSubmit = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle") return;
    const element = focusedAtSubmit.current;
    focusedAtSubmit.current = null;
    if (!element) return;
    // The revalidation that brings the toast re-renders the page; should it have replaced the
    // focused control, the shopper goes on from this form rather than from the top of the document.
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    const target = element.isConnected
      ? element
      : form.current?.querySelector<HTMLElement>('[type="submit"]:not(:disabled)');
    if (focusLost) target?.focus({ preventScroll: true });
  }, [fetcher.state]);
  return (
    <fetcher.Form
      ref={form}
      id={id}
      method="post"
      action={NOTICE_ACTION}
      className={className}
      aria-label={ariaLabel}
      noValidate={noValidate}
      preventScrollReset
      onSubmit={(event) => {
        const active = document.activeElement;
        // A mouse click in some browsers (Safari) does not focus the button: fall back to it.
        focusedAtSubmit.current =
          active instanceof HTMLElement && active !== document.body
            ? active
            : ((event.nativeEvent as SubmitEvent).submitter ?? null);
      }}
    >
      <input type="hidden" name="feature" value={feature} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated && <input type="hidden" name={FETCHER_FIELD} value="1" />}
      {typeof children === "function" ? children(fetcher) : children}
    </fetcher.Form>
  );
}

export interface NoticeButtonProps {
  /** What the shopper asked for, e.g. "add-to-cart"; the notice action may log or count it. */
  feature: string;
  children: ReactNode;
  className?: string;
  /** An accessible name when the visible content is only an icon or is ambiguous ("Add Wireless Mic to cart"). */
  "aria-label"?: string;
  disabled?: boolean;
  /** Class names for the wrapping form, e.g. to place it in a flex row. */
  formClassName?: string;
}

/** A single button for a feature the shop has not built yet (see NoticeForm). */
export function NoticeButton({
  feature,
  children,
  className,
  disabled,
  formClassName,
  "aria-label": ariaLabel,
}: NoticeButtonProps) {
  return (
    <NoticeForm feature={feature} className={formClassName}>
      <button type="submit" className={className} disabled={disabled} aria-label={ariaLabel}>
        {children}
      </button>
    </NoticeForm>
  );
}
