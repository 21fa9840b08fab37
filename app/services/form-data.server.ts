import { z } from "zod";

import type { FieldErrors } from "~/models/forms/field-errors";
import { cleanText, type CleanTextOptions } from "~/models/forms/request-text";

/** A form's own limit, below the server's, counting bodies sent without a length too (ADR 023). */
const MAX_FORM_BYTES = 64 * 1024;

/** 413, read no further; the server discards the rest (discardUnreadBody), as a reset would be a proxy's 502. */
function payloadTooLarge(maxBytes: number): Response {
  return new Response(`Payload Too Large: this form accepts at most ${Math.floor(maxBytes / 1024)} KB.`, {
    status: 413,
    statusText: "Payload Too Large",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The form's fields: a body that is no form reads as an empty one, never a 500; one over `maxBytes` throws a 413. */
export async function readFormData(
  request: Request,
  { maxBytes = MAX_FORM_BYTES }: { maxBytes?: number } = {},
): Promise<FormData> {
  const empty = new FormData();
  const contentType = request.headers.get("content-type") ?? "";
  const isForm =
    contentType.startsWith("application/x-www-form-urlencoded") || contentType.startsWith("multipart/form-data");
  if (!isForm || !request.body) return empty;
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw payloadTooLarge(maxBytes);

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        // Not cancelled: that would destroy the socket before the 413 could be sent. The server
        // throws the rest away after the answer (discardUnreadBody).
        reader.releaseLock();
        throw payloadTooLarge(maxBytes);
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    if (error instanceof Response) throw error;
    return empty;
  }
}

/** A text field's value, cleaned (~/models/forms/request-text); "" when it is missing or is a file. */
export function textField(form: FormData, name: string, options?: CleanTextOptions): string {
  const value = form.get(name);
  return typeof value === "string" ? cleanText(value, options) : "";
}

/** A password, the one field taken as typed: only ever hashed, and a changed character would change it. */
export function passwordField(form: FormData, name = "password"): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** GOV.UK's wording, used for a malformed address and for one too long to be an address at all. */
export const EMAIL_FORMAT_MESSAGE = "Enter an email address in the correct format, like name@example.com";

/** Every form's email; 254 characters is the longest deliverable address (RFC 5321). */
export const EmailSchema = z
  .string()
  .trim()
  .min(1, "Enter your email address")
  .max(254, EMAIL_FORMAT_MESSAGE)
  .email(EMAIL_FORMAT_MESSAGE);

/** How a field is read from the form; `textField` unless a form says otherwise. */
type FieldReader = (form: FormData, name: string) => string;

/**
 * A submitted form: the raw `values` of the schema's fields (what was typed, to render the form
 * with again), and either the schema's `data` or the `fieldErrors`.
 */
type FormSubmission<Shape extends z.ZodRawShape> = { values: Record<keyof Shape & string, string> } & (
  | { data: z.infer<z.ZodObject<Shape>>; fieldErrors: null }
  | { data: null; fieldErrors: FieldErrors<keyof Shape & string> }
);

/** Reads each of the schema's fields from the form (see FieldReader), then checks them with the schema. */
export function parseForm<Shape extends z.ZodRawShape>(
  form: FormData,
  schema: z.ZodObject<Shape>,
  readers: Partial<Record<keyof Shape, FieldReader>> = {},
): FormSubmission<Shape> {
  const fields = Object.keys(schema.shape) as (keyof Shape & string)[];
  const values = Object.fromEntries(
    fields.map((field) => [field, (readers[field] ?? textField)(form, field)]),
  ) as Record<keyof Shape & string, string>;
  const result = schema.safeParse(values);
  if (result.success) return { values, data: result.data, fieldErrors: null };
  const fieldErrors: FieldErrors<keyof Shape & string> = {};
  for (const issue of result.error.issues) fieldErrors[issue.path[0] as keyof Shape & string] ??= issue.message;
  return { values, data: null, fieldErrors };
}
