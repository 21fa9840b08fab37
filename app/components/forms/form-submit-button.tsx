import { primaryButtonClass } from "~/components/ui/primary-button";

/**
 * An account form's full-width submit button: while the form is being sent (with JavaScript) it is
 * disabled and reads "Processing..." (docs/accounts.md#sign-in-and-sign-up), on a darker fill, not
 * a fade, so that text keeps 4.5:1.
 */
export function FormSubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`${primaryButtonClass} min-h-11 w-full px-5 disabled:cursor-wait disabled:bg-brand-700`}
    >
      {busy ? "Processing..." : label}
    </button>
  );
}
