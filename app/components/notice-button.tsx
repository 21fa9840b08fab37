import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

export interface NoticeFormProps {
  /** What the shopper asked for, e.g. "newsletter"; the notice action may log or count it. */
  feature: string;
  /** The form's visible controls: at least one submit button. */
  children: ReactNode;
  className?: string;
  /** Names the form when it is a landmark-worthy group, e.g. "Newsletter". */
  "aria-label"?: string;
}

/**
 * A native POST form to `/notice` for a feature the shop has not built yet. It works without
 * JavaScript: `/notice` answers with a redirect back to this page (same path and query).
 * Every placeholder goes through here, so the toast pipeline is wired in one place.
 */
export function NoticeForm({ feature, children, className, "aria-label": ariaLabel }: NoticeFormProps) {
  const location = useLocation();
  return (
    <Form method="post" action="/notice" className={className} aria-label={ariaLabel} preventScrollReset>
      <input type="hidden" name="feature" value={feature} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {children}
    </Form>
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
