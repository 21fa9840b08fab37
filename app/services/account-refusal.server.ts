import type { RouterContextProvider } from "react-router";

import { logger } from "~/lib/log.server";
import { backendUnavailable } from "~/lib/metrics.server";
import { AUTH_MESSAGES, AUTH_RETRY_SECONDS } from "~/models/account/auth-messages";
import type { Toast } from "~/models/toast/toast";
import { toastInThisResponse } from "~/services/toast.server";

/** Why an account form was refused, as its page shows it (docs/accounts.md#failures). */
export interface AccountRefusal {
  ok: false;
  status: 400 | 429 | 503;
  message: string;
  retryAfterSeconds?: number;
}

export function refusal(status: AccountRefusal["status"], message: string, retryAfterSeconds?: number): AccountRefusal {
  return { ok: false, status, message, retryAfterSeconds };
}

/** The account service or the sign-in limits could not be reached, counted for the operator. */
export function unavailable(): AccountRefusal {
  backendUnavailable.inc();
  return refusal(503, AUTH_MESSAGES.unavailable, AUTH_RETRY_SECONDS.unavailable);
}

/**
 * The sign-in limits' admission, or the refusal to answer with: 429 when they say wait, 503 when they cannot be
 * asked (never an unchecked attempt, ADR 023). `unreachable` is the log line for the second.
 */
export async function admittedOrRefused<Admission extends { admitted: true }>(
  admit: () => Promise<Admission | { admitted: false; retryAfterSeconds: number }>,
  unreachable: string,
): Promise<Admission | AccountRefusal> {
  try {
    const admission = await admit();
    if (admission.admitted) return admission;
    return refusal(429, AUTH_MESSAGES.tooManyAttempts, admission.retryAfterSeconds);
  } catch (error) {
    logger().error({ err: error }, unreachable);
    return unavailable();
  }
}

export function refusalToast(
  context: Readonly<RouterContextProvider>,
  title: string,
  { message }: AccountRefusal,
): Toast {
  return toastInThisResponse(context, { title, description: message, variant: "destructive" });
}

export function refusalInit({ status, retryAfterSeconds }: AccountRefusal): ResponseInit {
  return { status, headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined };
}

/** `headers` with the action's Retry-After: React Router passes only cookies on by itself. */
export function withRetryAfter(headers: Headers, actionHeaders: Headers): Headers {
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
