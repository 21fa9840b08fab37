import { isServiceUnavailable } from "~/backends/types.server";
import { backendUnavailable } from "~/lib/metrics.server";

/**
 * How pages answer when their data could not be read. The shopper reads a message written for
 * them (the route's own); the service's words (SQL, PostgreSQL's or PostgREST's messages) go to
 * the server log only.
 */

/** How long shoppers, crawlers and proxies are asked to wait before trying again during an outage. */
const RETRY_AFTER_SECONDS = 60;

/** Headers a failed page's loader sets that must reach the document (React Router keeps only cookies by default). */
const FAILURE_HEADERS = ["Retry-After", "Cache-Control"] as const;

/**
 * 503 with Retry-After when the data service is down, slow or overloaded (come back later); 500
 * for any other failure (a bug). Never cached: the page must come back as soon as the service does.
 */
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
