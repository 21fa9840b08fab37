import type { ReactNode } from "react";

/**
 * A field of a server-validated form (GOV.UK pattern): ids that tie the control to its label and
 * message, the error message placed between the label and the control, and the control's error
 * state. The control itself stays a plain element in each form (input, select, textarea; refs and
 * keys), given its props by FormField.
 */

/** A control's id: `contact-email` for the contact form's `email`. */
export const fieldId = (form: string, field: string) => `${form}-${field}`;
/** The id of a control's error message, which the control's aria-describedby points at. */
const errorId = (form: string, field: string) => `${fieldId(form, field)}-error`;

/** A text control's classes; an error draws a thicker red border (not colour alone: it also has text). */
function fieldControlClass(error: string | undefined): string {
  return `mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 ${
    error ? "border-2 border-red-700" : "border-slate-300"
  }`;
}

/** The message at a field, prefixed "Error:" for screen readers; nothing when there is none. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      <span className="sr-only">Error: </span>
      {message}
    </p>
  );
}

/**
 * What FormField hands its control: its id and name, the classes and the error state. Every
 * field of ours is required; the server checks that, and `required` keeps the semantics.
 */
export interface ControlProps {
  id: string;
  name: string;
  required: true;
  className: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * A labelled field: the label, an optional hint, the error message, then the control, which
 * `children` renders from the props it is given. The control is described by the hint and the
 * message, in that order.
 */
export function FormField({
  form,
  field,
  label,
  hint,
  error,
  className,
  children,
}: {
  form: string;
  field: string;
  label: string;
  hint?: string;
  error: string | undefined;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = fieldId(form, field);
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId(form, field) : ""].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId(form, field)} message={error} />
      {children({
        id,
        name: field,
        required: true,
        className: fieldControlClass(error),
        ...(error ? { "aria-invalid": true } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
    </div>
  );
}
