/**
 * The pieces every server-validated form shares (GOV.UK pattern): the label's style, the error
 * message placed between the label and the control, and the control's error state. Controls
 * stay plain elements in each form, since they differ (select, textarea, refs, hints).
 */

export const fieldLabelClass = "block text-sm font-medium text-slate-800";

/** A text control's classes; an error draws a thicker red border (not colour alone: it also has text). */
export function fieldControlClass(error: string | undefined): string {
  return `mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 ${
    error ? "border-2 border-red-700" : "border-slate-300"
  }`;
}

/** aria-invalid and aria-describedby for a control whose error message has id `errorId`. */
export function invalidProps(errorId: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
}

/** The message at a field, prefixed "Error:" for screen readers; nothing when there is none. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      <span className="sr-only">Error: </span>
      {message}
    </p>
  );
}
