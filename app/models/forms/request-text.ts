/**
 * The one place where text a visitor sent (query parameters, form fields) becomes a string the
 * shop works with. Whatever arrives, what leaves here is well-formed Unicode without control
 * characters, of bounded length: PostgreSQL refuses NUL (a 500 before this existed), lone
 * surrogates cannot be encoded as UTF-8, and no page should echo an invisible control byte.
 * Shared by the browser bundle and the server, so it stays free of server-only imports.
 */

/** Longer than any field of ours needs; a field that needs less says so. */
const DEFAULT_MAX_LENGTH = 1000;

export interface CleanTextOptions {
  /** At most this many characters (code points, so an emoji is never cut in half). */
  maxLength?: number;
  /**
   * Keeps tabs and line breaks (a message); otherwise each becomes a space, so "a<TAB>b" keeps
   * its two words. Line breaks come out as "\n" either way they were sent ("\r\n" from forms).
   */
  multiline?: boolean;
}

// C0 controls (but tab, line feed and carriage return, handled below), DEL and C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Request text made safe to store, search and show (see the module comment). */
export function cleanText(
  raw: string,
  { maxLength = DEFAULT_MAX_LENGTH, multiline = false }: CleanTextOptions = {},
): string {
  let text = raw.replace(LONE_SURROGATE, "\ufffd").replace(CONTROLS, "");
  text = multiline ? text.replace(/\r\n?/g, "\n") : text.replace(/[\t\n\r]/g, " ");
  // Counting code points is needed only when the UTF-16 length could be over the limit, and only
  // as far as the limit: maxLength code points fit in 2 * maxLength code units, so a 1 MB field cut
  // to a thousand characters costs a thousand, not a million (an array of each code point of it
  // held the main thread for about 10 ms).
  if (text.length > maxLength) {
    const points = Array.from(text.slice(0, 2 * maxLength));
    if (points.length > maxLength || text.length > 2 * maxLength) text = points.slice(0, maxLength).join("");
  }
  return text;
}

/** A query parameter's first value, cleaned; null when it is absent. */
export function queryParam(params: URLSearchParams, name: string, options?: CleanTextOptions): string | null {
  const value = params.get(name);
  return value === null ? null : cleanText(value, options);
}
