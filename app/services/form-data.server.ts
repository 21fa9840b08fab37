import { z } from "zod";

import type { FieldErrors } from "~/models/forms/field-errors";
import { cleanText, type CleanTextOptions } from "~/models/forms/request-text";

/**
 * Forms we accept are a few short fields; anything bigger is not from our pages. The server
 * entry refuses bodies that declare more than the largest form's limit before they reach us;
 * this is each form's own, lower limit, and the one that also counts bodies sent without a length.
 */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * 413, read no further. What is still arriving is thrown away unread for at most a second after
 * the answer, then the connection is cut (server/request-guards.ts, discardUnreadBody): closing
 * it at once would reset it, and a proxy in front would answer 502 for our 413.
 */
function payloadTooLarge(maxBytes: number): Response {
  return new Response(`Payload Too Large: this form accepts at most ${Math.floor(maxBytes / 1024)} KB.`, {
    status: 413,
    statusText: "Payload Too Large",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * The request's form fields. A missing, malformed or non-form body reads as an empty form, so
 * actions treat hostile input as "nothing submitted" instead of answering 500; a body over
 * `maxBytes` is refused with a thrown 413 (the error page), whether it declared its length or
 * not. `maxBytes` raises the cap for a form that legitimately carries long text.
 */
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

/**
 * A password, the one field taken exactly as typed: it is only ever hashed (or passed to the
 * auth service), never stored, searched or shown, and changing a character would change the
 * password. Its length is the form schema's to check.
 */
export function passwordField(form: FormData, name = "password"): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** GOV.UK's wording, used for a malformed address and for one too long to be an address at all. */
export const EMAIL_FORMAT_MESSAGE = "Enter an email address in the correct format, like name@example.com";

/**
 * An email address field, as every form of ours checks it. 254 characters is the longest address
 * mail can be delivered to (RFC 5321); the bound also keeps rate-limit keys and flash cookies small.
 */
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
