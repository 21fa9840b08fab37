/** Longer targets are not ones our own forms produce; treat them as hostile. */
const MAX_REDIRECT_LENGTH = 2048;
/** A base that no real request carries, so "same origin" can be checked without knowing the host. */
const PROBE_ORIGIN = "http://makervolt.invalid";

/** One leading "/" as a browser reads a `Location`, which takes "\" for "/" and strips control characters. */
function isLocalPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  return path.startsWith("/") && !path.startsWith("//") && !path.includes("\\") && !/[\u0000-\u001f\u007f]/.test(path);
}

/**
 * A form's redirect target if it is a same-origin path, else `fallback` (ADR 011); checked as sent and as resolved,
 * since "/.//evil" resolves to "//evil".
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
