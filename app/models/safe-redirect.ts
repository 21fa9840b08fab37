/** Longer targets are not ones our own forms produce; treat them as hostile. */
const MAX_REDIRECT_LENGTH = 2048;
/** A base that no real request carries, so "same origin" can be checked without knowing the host. */
const PROBE_ORIGIN = "http://makervolt.invalid";

/**
 * A redirect target taken from a form, made safe: only a same-origin path ("/x", "/x?y") is
 * returned; anything that could leave the site ("//evil", "/\evil", "https://...",
 * "javascript:", control characters browsers strip) or is not a string gives `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) {
    return fallback;
  }
  // Browsers treat "\" like "/" and drop tabs and newlines inside URLs, so "/\evil" and
  // "/\t/evil" would both become the protocol-relative "//evil".
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return url.pathname + url.search + url.hash;
}
