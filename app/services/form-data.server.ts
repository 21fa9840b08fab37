import { cleanText, type CleanTextOptions } from "~/models/request-text";

/**
 * Forms we accept are a few short fields; anything bigger is not from our pages. The server
 * entry refuses bodies that declare more than the largest form's limit before they reach us;
 * this is each form's own, lower limit, and the one that also counts bodies sent without a length.
 */
const MAX_FORM_BYTES = 64 * 1024;

/** 413, read no further: the connection is closed after the answer, so the rest is not read. */
function payloadTooLarge(maxBytes: number): Response {
  return new Response(`Payload Too Large: this form accepts at most ${Math.floor(maxBytes / 1024)} KB.`, {
    status: 413,
    statusText: "Payload Too Large",
    headers: { "Content-Type": "text/plain; charset=utf-8", Connection: "close" },
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
        // Not cancelled: that would destroy the socket before the 413 could be sent. The answer
        // closes the connection instead, so the rest is never read.
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

/** A text field's value, cleaned (~/models/request-text); "" when it is missing or is a file. */
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
