import { getAuthBackend } from "~/backends/index.server";
import {
  type AuthFailure,
  type AuthOutcome,
  isAuthOutage,
  type SessionRef,
  type SignUpOutcome,
} from "~/backends/types.server";
import { logger } from "~/lib/log.server";
import { AUTH_MESSAGES, AUTH_RETRY_SECONDS } from "~/models/account/auth-messages";
import { errorMessage } from "~/models/toast/toast";
import { type AccountRefusal, admittedOrRefused, refusal, unavailable } from "~/services/account-refusal.server";
import { admitSignIn, type AttemptOutcome } from "~/services/sign-in-limits.server";
import { mailLinkOrigin } from "~/services/site-origin.server";

/** A refusal of an unconfirmed email brings the "Send the link again" button. */
export type SignInResult = { ok: true; session: SessionRef | null } | (AccountRefusal & { unconfirmed?: boolean });

export function attemptSignIn(clientAddress: string, email: string, password: string): Promise<SignInResult> {
  return attempt(clientAddress, email, password, "sign-in");
}

export function attemptSignUp(clientAddress: string, email: string, password: string): Promise<SignInResult> {
  return attempt(clientAddress, email, password, "sign-up");
}

/** Admitted by the sign-in limits before any password is hashed or any service called (ADR 023). */
async function attempt(
  clientAddress: string,
  email: string,
  password: string,
  mode: "sign-in" | "sign-up",
): Promise<SignInResult> {
  const admission = await admittedOrRefused(
    // A sign-up always mails: the new account, or the owner of a taken address.
    () => admitSignIn(clientAddress, email, { sendsMail: mode === "sign-up" }),
    "auth: the sign-in limits are unavailable",
  );
  if ("ok" in admission) return admission;

  let outcome: AuthOutcome | SignUpOutcome;
  try {
    const backend = await getAuthBackend();
    outcome =
      mode === "sign-up"
        ? await backend.signUp(email, password, { origin: mailLinkOrigin() })
        : await backend.signIn(email, password);
  } catch (error) {
    logger().error({ err: error }, "auth: the account backend is unavailable");
    await admission.settle("uncounted");
    return unavailable();
  }
  if (outcome.ok) {
    await admission.settle("succeeded");
    return { ok: true, session: outcome.session };
  }
  const [counted, result] = judge(outcome.error);
  await admission.settle(counted);
  return result;
}

/** What the shopper reads of a failure, and whether it counts against them: only the answers a guesser gets do. */
function judge(failure: AuthFailure): [AttemptOutcome, SignInResult] {
  const { code, status, message } = failure;
  // Too many passwords waiting to be checked: refused at once rather than queued (ADR 024).
  if (code === "over_capacity")
    return ["uncounted", refusal(503, AUTH_MESSAGES.overloaded, AUTH_RETRY_SECONDS.overloaded)];
  if (isAuthOutage(failure)) return ["uncounted", unavailable()];
  // The hosted service's own limit, which every shopper shares (docs/accounts.md#hosted-supabase-at-scale).
  if (status === 429) return ["uncounted", refusal(429, AUTH_MESSAGES.busy, AUTH_RETRY_SECONDS.busy)];
  // The password was right: no failed guess.
  if (code === "email_not_confirmed")
    return ["succeeded", { ...refusal(400, AUTH_MESSAGES.emailNotConfirmed), unconfirmed: true }];
  return [status >= 400 && status < 500 ? "failed" : "uncounted", refusal(400, errorMessage(message))];
}
