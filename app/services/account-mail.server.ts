import { getAuthBackend } from "~/backends/index.server";
import { type AuthFailure, type EmailLinkType, isAuthOutage } from "~/backends/types.server";
import { logger } from "~/lib/log.server";
import { ACCOUNT_TOASTS, RECOVERY_LINK_HOURS } from "~/models/account/account-texts";
import { AUTH_MESSAGES, AUTH_RETRY_SECONDS } from "~/models/account/auth-messages";
import { errorMessage } from "~/models/toast/toast";
import { type AccountRefusal, admittedOrRefused, refusal, unavailable } from "~/services/account-refusal.server";
import { opaqueCookie } from "~/services/opaque-cookie.server";
import { createUserSession } from "~/services/session.server";
import { admitMailRequest } from "~/services/sign-in-limits.server";
import { mailLinkOrigin } from "~/services/site-origin.server";

/** The mailed links' flows: asking for a link, following one, choosing a new password (docs/accounts.md, ADR 035). */

export type LinkKind = "signup" | "recovery";

/** Mails a link where the address has an account (waiting, for `signup`); alike either way (no enumeration). */
export async function requestAccountMail(
  kind: LinkKind,
  clientAddress: string,
  email: string,
): Promise<{ ok: true } | AccountRefusal> {
  const admission = await admittedOrRefused(
    () => admitMailRequest(clientAddress, email),
    "account mail: the mail limits are unavailable",
  );
  if ("ok" in admission) return admission;
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
  return error.status === 429 ? refusal(429, AUTH_MESSAGES.busy, AUTH_RETRY_SECONDS.busy) : unavailable();
}

/** `type` as /auth/confirm reads it: GoTrue's "email" is a confirmation as "signup" is. */
export function parseLinkKind(type: string | null): LinkKind | null {
  const known: Record<EmailLinkType, LinkKind> = { signup: "signup", email: "signup", recovery: "recovery" };
  return type !== null && Object.hasOwn(known, type) ? known[type as EmailLinkType] : null;
}

/** The followed recovery link, kept for the reset page no longer than the link works (ADR 035). */
// Path /auth, not /auth/reset: a cookie's path does not match /auth/reset.data, where the form posts with JavaScript.
const recoveryCookie = opaqueCookie("recovery", { path: "/auth", maxAge: RECOVERY_LINK_HOURS * 60 * 60 });

export function readRecoveryGrant(request: Request): Promise<string | null> {
  return recoveryCookie.read(request);
}

/** The link was not looked at (an outage, the hosted service's 429: ADR 039), so it may still work. */
function isTryAgainLater(failure: AuthFailure): boolean {
  return isAuthOutage(failure) || failure.status === 429;
}

export type FollowedLink = Response | { failure: "invalid" | "unavailable"; kind: LinkKind };

/** A confirmation signs the shopper in and goes home; a recovery link is kept and leads to /auth/reset. */
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
    const cookie = await recoveryCookie.commit(request, opened.grant);
    return new Response(null, { status: 303, headers: { Location: "/auth/reset", "Set-Cookie": cookie } });
  } catch (error) {
    logger().error({ err: error }, "account mail: the account backend is unavailable");
    return { failure: "unavailable", kind };
  }
}

export type ResetResult = Response | "link-invalid" | AccountRefusal;

/** Every session of the account ends; this browser gets a new one, goes home, and the `recovery` cookie is cleared. */
export async function resetPassword(request: Request, grant: string, password: string): Promise<ResetResult> {
  let outcome;
  try {
    outcome = await (await getAuthBackend()).resetPassword(grant, password);
  } catch (error) {
    logger().error({ err: error }, "account mail: the account backend is unavailable");
    outcome = { ok: false, error: { code: "network", message: AUTH_MESSAGES.unavailable, status: 0 } } as const;
  }
  if (!outcome.ok) {
    const { code, message, status } = outcome.error;
    if (code === "over_capacity") return refusal(503, message, AUTH_RETRY_SECONDS.overloaded);
    if (status === 429) return refusal(503, AUTH_MESSAGES.busy, AUTH_RETRY_SECONDS.busy);
    if (isAuthOutage(outcome.error)) return refusal(503, AUTH_MESSAGES.unavailable, AUTH_RETRY_SECONDS.unavailable);
    return code === "otp_expired" ? "link-invalid" : refusal(400, errorMessage(message));
  }
  const response = await createUserSession(request, outcome.session, "/", ACCOUNT_TOASTS.passwordChanged);
  response.headers.append("Set-Cookie", await recoveryCookie.clear(request));
  return response;
}
