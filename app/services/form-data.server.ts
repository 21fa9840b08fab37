/**
 * Forms we accept are a few short fields; anything bigger is not from our pages. Reading is
 * capped so a huge body cannot exhaust memory, and it is read as an empty form instead.
 */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * The request's form fields, never throwing: a missing, malformed, oversized or non-form body
 * reads as an empty form, so actions treat hostile input as "nothing submitted" instead of
 * answering 500. `maxBytes` raises the cap for a form that legitimately carries long text.
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
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return empty;

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return empty;
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
  } catch {
    return empty;
  }
}

/** A text field's value; "" when it is missing or is a file. */
export function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
