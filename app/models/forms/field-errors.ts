/**
 * The first message for each field of a form that failed: the words shown at the field and in the
 * form's error summary. The server's form checks make it (services/form-data.server.ts), the
 * form components show it (components/forms/form-field.tsx).
 */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;
