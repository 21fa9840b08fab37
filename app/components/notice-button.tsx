import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

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

/**
 * A button for a feature the shop has not built yet. It is a real native POST form, so it works
 * without JavaScript: `/notice` answers with a redirect back to this page (same path and query).
 */
export function NoticeButton({
  feature,
  children,
  className,
  disabled,
  formClassName,
  "aria-label": ariaLabel,
}: NoticeButtonProps) {
  const location = useLocation();
  return (
    <Form method="post" action="/notice" className={formClassName} preventScrollReset>
      <input type="hidden" name="feature" value={feature} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className={className} disabled={disabled} aria-label={ariaLabel}>
        {children}
      </button>
    </Form>
  );
}
