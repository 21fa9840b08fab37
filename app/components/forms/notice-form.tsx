import { type FormHTMLAttributes, type ReactNode, useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import { FETCHER_FIELD, NOTICE_ACTION } from "~/models/toast/notice";
import type { action as noticeAction } from "~/routes/notice";

/** The fetcher a NoticeForm submits through; its `data` holds the action's answer (e.g. errors). */
export type NoticeFetcher = ReturnType<typeof useFetcher<typeof noticeAction>>;

export interface NoticeFormProps {
  /** What the shopper asked for, e.g. "newsletter". */
  feature: string;
  /** At least one submit button; a function receives the fetcher, to show the action's answer. */
  children: ReactNode | ((fetcher: NoticeFetcher) => ReactNode);
  className?: string;
  /** For fields outside the form that belong to it (`form=`), e.g. the product page's quantity. */
  id?: string;
  "aria-label"?: string;
  /** Lets the server's messages show instead of the browser's. */
  noValidate?: FormHTMLAttributes<HTMLFormElement>["noValidate"];
}

/**
 * A form to `/notice` for a feature not built yet: a native POST without JavaScript, a fetcher once hydrated; one
 * around all the buttons of a list (docs/notices-and-toasts.md#coming-soon-notices, ADR 013).
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
    // Should the toast's revalidation replace the focused control, go on from this form, not the top.
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
  feature: string;
  children: ReactNode;
  className?: string;
  /** An accessible name when the visible content is only an icon or is ambiguous ("Add Wireless Mic to cart"). */
  "aria-label"?: string;
  disabled?: boolean;
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
