import { type Cookie } from "react-router";

import { getAuthBackend } from "~/backends/index.server";
import { AUTH_MESSAGES, type AuthFailure, type EmailLinkType, isAuthOutage } from "~/backends/types.server";
import { logger } from "~/lib/log.server";
import { backendUnavailable } from "~/lib/metrics.server";
import { ACCOUNT_TOASTS, RECOVERY_LINK_HOURS } from "~/models/account/account-texts";
import { isSecure, signedCookie } from "~/services/cookie-policy.server";
import { createUserSession } from "~/services/session.server";
import { admitMailRequest } from "~/services/sign-in-limits.server";
import { mailLinkOrigin } from "~/services/site-origin.server";

/**
 * The mailed links' flows between the routes and the auth backend (docs/accounts.md#confirmation,
 * #password-reset, ADR 035): asking for a link, following one, choosing a new password.
 */

/** How long a shopper is asked to wait when the account service is down. */
const OUTAGE_RETRY_SECONDS = 60;

export type LinkKind = "signup" | "recovery";

export type MailRequestResult =
  { ok: true } | { ok: false; status: 429 | 503; message: string; retryAfterSeconds: number };

/**
 * Mails a new link of `kind` to `email` if it has an account (a reset link), or one waiting for
 * confirmation (a confirmation link). The answer is the same whether or not it has: only the mail
 * limits (both kinds share them) and an outage are ever told.
 */
export async function requestAccountMail(
  kind: LinkKind,
  request: Request,
  clientAddress: string,
  email: string,
): Promise<MailRequestResult> {
  const unavailable = {
    ok: false,
    status: 503,
    message: AUTH_MESSAGES.unavailable,
    retryAfterSeconds: OUTAGE_RETRY_SECONDS,
  } as const;
  let admission;
  try {
    admission = await admitMailRequest(clientAddress, email);
  } catch (error) {
    logger().error({ err: error }, "account mail: the mail limits are unavailable");
    backendUnavailable.inc();
    return unavailable;
  }
  if (!admission.admitted) {
    return {
      ok: false,
      status: 429,
      message: AUTH_MESSAGES.rateLimited,
      retryAfterSeconds: admission.retryAfterSeconds,
    };
  }
  let error: AuthFailure | null;
  try {
    const backend = await getAuthBackend();
    const links = { origin: mailLinkOrigin() };
    ({ error } =
      kind === "recovery"
        ? await backend.requestPasswordReset(email, links)
        : await backend.resendConfirmation(email, links));
  } catch (thrown) {
    logger().error({ err: thrown }, "account mail: the account backend is unavailable");
    error = { code: "network", message: AUTH_MESSAGES.unavailable, status: 0 };
  }
  if (!error) return { ok: true };
  // Nobody's doing: the tokens go back.
  await admission.giveBack();
  if (error.status === 429)
    return { ok: false, status: 429, message: AUTH_MESSAGES.busy, retryAfterSeconds: OUTAGE_RETRY_SECONDS };
  backendUnavailable.inc();
  return unavailable;
}

/** `type` as /auth/confirm reads it: GoTrue's "email" is a confirmation as "signup" is. */
export function parseLinkKind(type: string | null): LinkKind | null {
  const known: Record<EmailLinkType, LinkKind> = { signup: "signup", email: "signup", recovery: "recovery" };
  return type !== null && Object.hasOwn(known, type) ? known[type as EmailLinkType] : null;
}

let recovery: Cookie | undefined;

/**
 * The followed recovery link, kept for the reset page (ADR 035): signed, HttpOnly, only sent to
 * the /auth pages, and no longer than the link itself works. So the link's token leaves the address bar
 * at the first redirect, and a reload of the reset page still has it.
 */
function recoveryCookie(): Cookie {
  // /auth, not /auth/reset: a cookie's path does not match /auth/reset.data, where the form posts with JavaScript.
  recovery ??= signedCookie("recovery", { path: "/auth", maxAge: RECOVERY_LINK_HOURS * 60 * 60 });
  return recovery;
}

export async function readRecoveryGrant(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header || !/(?:^|;\s*)recovery=/.test(header)) return null;
  try {
    const value: unknown = await recoveryCookie().parse(header);
    return typeof value === "string" && value.length > 0 && value.length < 3500 ? value : null;
  } catch {
    return null;
  }
}

function clearRecoveryGrant(request: Request): Promise<string> {
  return recoveryCookie().serialize("", { secure: isSecure(request), maxAge: 0, expires: new Date(0) });
}

/**
 * The link was not looked at: an outage, or the hosted service's 429 (its limit, shared by every shopper,
 * ADR 039). The link may still work, so the page says to try again rather than that it no longer works.
 */
function isTryAgainLater(failure: AuthFailure): boolean {
  return isAuthOutage(failure) || failure.status === 429;
}

/** What became of a followed link: a response to send (a redirect), or the page to show and its status. */
export type FollowedLink = Response | { failure: "invalid" | "unavailable"; kind: LinkKind };

/**
 * A link from a mail: a confirmation signs the shopper in and goes home with a toast; a recovery link
 * is kept in the `recovery` cookie and the shopper goes to choose a password. A link that does not
 * work is a page that says so (403), never an error.
 */
export async function followMailedLink(request: Request, token: string, kind: LinkKind): Promise<FollowedLink> {
  // Our tokens are 43 characters, Supabase's about 56: anything far longer is nobody's.
  if (!token || token.length > 200) return { failure: "invalid", kind };
  try {
    const backend = await getAuthBackend();
    if (kind === "signup") {
      const outcome = await backend.confirmEmail(token);
      if (outcome.ok) return await createUserSession(request, outcome.session, "/", ACCOUNT_TOASTS.confirmed);
      return { failure: isTryAgainLater(outcome.error) ? "unavailable" : "invalid", kind };
    }
    const opened = await backend.openRecoveryLink(token);
    if (!opened.ok) return { failure: isTryAgainLater(opened.error) ? "unavailable" : "invalid", kind };
    const cookie = await recoveryCookie().serialize(opened.grant, { secure: isSecure(request) });
    return new Response(null, { status: 303, headers: { Location: "/auth/reset", "Set-Cookie": cookie } });
  } catch (error) {
    logger().error({ err: error }, "account mail: the account backend is unavailable");
    return { failure: "unavailable", kind };
  }
}

/**
 * `invalid`: the link was used or has expired since (the page that says so); `rejected`: the service
 * refused the password (its message goes with the field); `unavailable`, `overloaded`: try again later.
 */
export type ResetResult =
  Response | { failure: "invalid" | "rejected" | "unavailable" | "overloaded"; message: string };

/**
 * Sets the new password from the kept grant: every session of the account ends, this browser gets
 * a new one and goes home with a toast, and the `recovery` cookie is cleared.
 */
export async function resetPassword(request: Request, grant: string, password: string): Promise<ResetResult> {
  let outcome;
  try {
    outcome = await (await getAuthBackend()).resetPassword(grant, password);
  } catch (error) {
    logger().error({ err: error }, "account mail: the account backend is unavailable");
    outcome = { ok: false, error: { code: "network", message: AUTH_MESSAGES.unavailable, status: 0 } } as const;
  }
  if (!outcome.ok) {
    const { code, message } = outcome.error;
    if (code === "over_capacity") return { failure: "overloaded", message };
    if (outcome.error.status === 429) return { failure: "unavailable", message: AUTH_MESSAGES.busy };
    if (isAuthOutage(outcome.error)) return { failure: "unavailable", message: AUTH_MESSAGES.unavailable };
    return { failure: code === "otp_expired" ? "invalid" : "rejected", message };
  }
  const response = await createUserSession(request, outcome.session, "/", ACCOUNT_TOASTS.passwordChanged);
  response.headers.append("Set-Cookie", await clearRecoveryGrant(request));
  return response;
}
