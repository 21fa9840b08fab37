import { isServiceUnavailable } from "~/backends/types.server";
import { backendUnavailable } from "~/lib/metrics.server";

/** How pages answer when their data could not be read (docs/catalogue.md#loading-empty-and-error-states). */

const RETRY_AFTER_SECONDS = 60;

/** What a failed loader sets that must reach the document: React Router keeps only cookies by default. */
const FAILURE_HEADERS = ["Retry-After", "Cache-Control"] as const;

/** 503 for an outage, 500 for a bug; never cached, so the page comes back with the service. */
export function backendFailureInit(error: unknown): { status: 500 | 503; headers: Record<string, string> } {
  if (isServiceUnavailable(error)) {
    backendUnavailable.inc();
    return { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } };
  }
  return { status: 500, headers: { "Cache-Control": "no-store" } };
}

/** For a route's `headers` export: its parent's headers, plus what backendFailureInit set. */
export function withFailureHeaders({
  loaderHeaders,
  parentHeaders,
}: {
  loaderHeaders: Headers;
  parentHeaders: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  for (const name of FAILURE_HEADERS) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
