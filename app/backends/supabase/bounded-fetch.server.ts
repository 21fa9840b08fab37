import { setTimeout as sleep } from "node:timers/promises";

/** Every Supabase client's fetch: a deadline a call, retrying only what is safe to send twice (docs/data.md#outages). */

export interface FetchBounds {
  /** How long one attempt may wait for the response headers before it is given up. */
  attemptTimeoutMs: number;
  /** How long a call may take in all: attempts, pauses between them and reading the body. */
  deadlineMs: number;
  /** The pause before each retry; its length is the number of retries. */
  retryDelaysMs: readonly number[];
}

/** 2.2 s in all leaves a page that needs one call room to render and still answer within 3 s. */
export const DEFAULT_FETCH_BOUNDS: FetchBounds = {
  attemptTimeoutMs: 1000,
  deadlineMs: 2200,
  retryDelaysMs: [100, 250],
};

/** Gateway and availability answers worth asking again (Cloudflare's 52x included); a 500 is not. */
const RETRYABLE_STATUSES = new Set([502, 503, 504, 520, 521, 522, 523, 524]);
/** Methods that change nothing, so a request that may have reached the service can be sent again. */
const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Functions PostgREST runs read-only (stable in supabase/migrations): supabase-js POSTs them, safe to send again. */
const READ_ONLY_FUNCTIONS = /\/rest\/v1\/rpc\/(search_products|catalogue_facets)$/;

function isIdempotent(method: string, input: RequestInfo | URL): boolean {
  if (IDEMPOTENT_METHODS.has(method)) return true;
  const url = input instanceof Request ? input.url : String(input);
  return method === "POST" && READ_ONLY_FUNCTIONS.test(new URL(url).pathname);
}
/** Failures before a single byte was sent: any request may be sent again. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
/** A retry is only worth it if it has at least this long to get an answer. */
const MIN_ATTEMPT_MS = 200;

/** No connection or no answer in time: supabase-js makes it an error result the backends read as an outage. */
export class ServiceUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ServiceUnreachableError";
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

function describe(error: unknown): string {
  if (isTimeout(error)) return "no answer in time";
  const code = causeCode(error);
  return code ?? (error instanceof Error ? error.message : String(error));
}

function requestMethod(input: RequestInfo | URL, init?: RequestInit): string {
  return (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
}

/** A streamed body is read by the first attempt; only a string (what supabase-js sends) can be sent again. */
function isReplayable(input: RequestInfo | URL, init?: RequestInit): boolean {
  if (init?.body != null && typeof init.body !== "string") return false;
  return !(input instanceof Request && input.body !== null && init?.body == null);
}

export interface BoundedFetchOptions extends Partial<FetchBounds> {
  /**
   * One deadline for all calls, from the first: past it they answer 408 at once, which ends auth-js's own retries, so a
   * refresh cannot complete after we gave up and spend a single-use refresh token we never stored (ADR 030).
   */
  shareDeadline?: boolean;
  /** The fetch underneath (tests); by default the global one, looked up at each call so test interceptors apply. */
  fetch?: typeof fetch;
}

function budgetSpentResponse(): Response {
  const body = JSON.stringify({ code: "request_timeout", msg: "The service did not answer in time." });
  return new Response(body, { status: 408, headers: { "Content-Type": "application/json" } });
}

export function boundedFetch(options: BoundedFetchOptions = {}): typeof fetch {
  const bounds: FetchBounds = {
    attemptTimeoutMs: options.attemptTimeoutMs ?? DEFAULT_FETCH_BOUNDS.attemptTimeoutMs,
    deadlineMs: options.deadlineMs ?? DEFAULT_FETCH_BOUNDS.deadlineMs,
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_FETCH_BOUNDS.retryDelaysMs,
  };
  const base = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let sharedDeadlineAt: number | undefined;

  return async (input, init) => {
    const startedAt = Date.now();
    let deadlineAt = startedAt + bounds.deadlineMs;
    if (options.shareDeadline) {
      sharedDeadlineAt ??= deadlineAt;
      deadlineAt = sharedDeadlineAt;
      if (deadlineAt - startedAt <= 0) return budgetSpentResponse();
    }
    const callerSignal = init?.signal ?? undefined;
    // Also bounds reading the body, which happens after this function has returned the response.
    const deadline = AbortSignal.timeout(deadlineAt - startedAt);
    const method = requestMethod(input, init);
    const replayable = isReplayable(input, init);

    for (let attempt = 0; ; attempt++) {
      const delay = bounds.retryDelaysMs[attempt];
      const idempotent = isIdempotent(method, input);
      /** Whether there is time for a pause and another attempt worth making. */
      const timeForRetry = () => delay !== undefined && replayable && deadlineAt - Date.now() - delay >= MIN_ATTEMPT_MS;
      const remaining = deadlineAt - Date.now();
      // A request that may be sent again gets a slice of the budget, leaving time for the retry.
      const attemptMs =
        idempotent && timeForRetry() ? Math.min(bounds.attemptTimeoutMs, remaining - MIN_ATTEMPT_MS) : remaining;
      const attemptTimer = new AbortController();
      const timer = setTimeout(
        () => attemptTimer.abort(new DOMException("The attempt timed out.", "TimeoutError")),
        attemptMs,
      );
      const signals = [deadline, attemptTimer.signal, ...(callerSignal ? [callerSignal] : [])];
      try {
        const response = await base(input, { ...init, signal: AbortSignal.any(signals) });
        if (!(idempotent && RETRYABLE_STATUSES.has(response.status) && timeForRetry())) return response;
        // Read to the end (bounded by the deadline), so the connection can be reused.
        await response.arrayBuffer().catch(() => {});
      } catch (error) {
        if (callerSignal?.aborted) throw error;
        const notSent = NOT_SENT_CODES.has(causeCode(error) ?? "");
        if (!((idempotent || notSent) && timeForRetry())) {
          const url = String(input instanceof Request ? input.url : input).split("?")[0];
          const attempts = attempt + 1;
          throw new ServiceUnreachableError(
            `${method} ${url}: ${describe(error)} after ${Date.now() - startedAt} ms (${attempts} ` +
              `${attempts === 1 ? "attempt" : "attempts"})`,
            { cause: error },
          );
        }
      } finally {
        clearTimeout(timer);
      }
      await sleep(delay, undefined, callerSignal ? { signal: callerSignal } : undefined);
    }
  };
}
