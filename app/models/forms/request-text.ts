/**
 * Where text a visitor sent becomes a string: well-formed, without controls, bounded (ADR 011); PostgreSQL refuses
 * NUL and UTF-8 has no lone surrogates.
 */

/** Longer than any field of ours needs; a field that needs less says so. */
const DEFAULT_MAX_LENGTH = 1000;

export interface CleanTextOptions {
  /** In code points, so an emoji is never cut in half. */
  maxLength?: number;
  /** Keeps tabs and line breaks (as "\n"); otherwise each is a space, keeping words apart. */
  multiline?: boolean;
}

// C0 controls (but tab, line feed and carriage return, handled below), DEL and C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Request text made safe to store, search and show. */
export function cleanText(
  raw: string,
  { maxLength = DEFAULT_MAX_LENGTH, multiline = false }: CleanTextOptions = {},
): string {
  let text = raw.replace(LONE_SURROGATE, "\ufffd").replace(CONTROLS, "");
  text = multiline ? text.replace(/\r\n?/g, "\n") : text.replace(/[\t\n\r]/g, " ");
  // Code points counted only as far as the limit: a 1 MB field costs a thousand, not a million (ADR 023).
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
