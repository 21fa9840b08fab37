/** Longer targets are not ones our own forms produce; treat them as hostile. */
const MAX_REDIRECT_LENGTH = 2048;
/** A base that no real request carries, so "same origin" can be checked without knowing the host. */
const PROBE_ORIGIN = "http://makervolt.invalid";

/**
 * Whether `path` is a path on this site as a browser reads a `Location`: one leading "/", never
 * "//x" or "/\x" (browsers treat "\" like "/"; either would be the protocol-relative "//x"), and no
 * control characters, which browsers strip before they read it ("/\t/x" is "//x" to them).
 */
function isLocalPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  return path.startsWith("/") && !path.startsWith("//") && !path.includes("\\") && !/[\u0000-\u001f\u007f]/.test(path);
}

/**
 * A redirect target taken from a form, made safe: only a same-origin path ("/x", "/x?y") is
 * returned; anything that could leave the site ("//evil", "/\evil", "https://...",
 * "javascript:", control characters browsers strip) or is not a string gives `fallback`.
 *
 * The target is checked twice: as sent, and as resolved, since resolving is what can make it
 * leave: "/.//evil", "/%2e//evil" and "/a/..//evil" all resolve to "//evil".
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return fallback;
  if (!isLocalPath(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  const resolved = url.pathname + url.search + url.hash;
  return url.origin === PROBE_ORIGIN && isLocalPath(resolved) ? resolved : fallback;
}
