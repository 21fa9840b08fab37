import {
  type AuthError,
  isAuthApiError,
  isAuthError,
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
  type Session,
} from "@supabase/supabase-js";
import { z } from "zod";

import {
  type AuthBackend,
  type AuthFailure,
  type AuthOutcome,
  isAuthOutage,
  type MailLinks,
  type RecoveryOutcome,
  type SessionLookup,
  type SessionRef,
  type SignUpOutcome,
} from "~/backends/types.server";
import { getConfig } from "~/config.server";
import { logger } from "~/lib/log.server";
import { AUTH_MESSAGES } from "~/models/account/auth-messages";

import type { BoundedFetchOptions } from "./bounded-fetch.server";
import { createSupabaseClient, type SupabaseSettings } from "./client.server";

/**
 * Hosted Supabase Auth (GoTrue) through supabase-js: signUp, signInWithPassword, signOut and
 * refreshSession (docs/accounts.md#sessions); resend, verifyOtp, resetPasswordForEmail and updateUser
 * for the mailed links, which Supabase sends itself (docs/accounts.md#mailed-links-on-hosted-supabase,
 * ADR 039). The tokens never reach the browser's script: they travel as the session reference
 * inside the signed, HttpOnly `__session` cookie, with the user's id and email (signed with our
 * secret, so a page view needs no call to the service).
 *
 * The access token is refreshed on the server when it expires within 10 s, at most
 * once per request (session.server.ts shares one lookup between a request's loaders, since a
 * refresh token is single-use). The session ends (the cookie is cleared) only when the service
 * says it is invalid; when the service is unreachable, slow or failing, the page shows signed out
 * and the cookie is kept, so the shopper is signed in again once the service is back.
 * A session revoked elsewhere stays usable here until its access token expires (an hour by
 * default), the usual trade-off of JWT sessions.
 */

/** A session whose access token expires within this many seconds is refreshed first. */
const EXPIRY_MARGIN_SECONDS = 10;
/**
 * supabase-js retries a refresh that fails on the network for up to 30 s; a page must
 * not wait that long. The auth client's calls share one deadline (see bounded-fetch.server.ts),
 * which ends that loop; this is the caller's own limit, a little longer, in case it does not.
 */
const REFRESH_TIMEOUT_MS = 2800;

const StoredSessionSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  /** Seconds since the epoch. */
  expires_at: z.number(),
  user: z.object({ id: z.string(), email: z.string() }),
});
type StoredSession = z.infer<typeof StoredSessionSchema>;

function toStored(session: Session, fallbackEmail = ""): StoredSession {
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + (session.expires_in ?? 3600),
    user: { id: session.user.id, email: session.user.email ?? fallbackEmail },
  };
}

function parseStored(ref: SessionRef): StoredSession | null {
  try {
    const parsed = StoredSessionSchema.safeParse(JSON.parse(ref));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type Operation =
  | "sign-in"
  | "sign-up"
  | "sign-out"
  | "refresh"
  | "resend confirmation"
  | "confirm email"
  | "reset request"
  | "recovery link"
  | "password change";

/**
 * A 429 from GoTrue: its per-address limit, which every shopper shares because all of them reach it
 * from the server's address. Not the shopper's doing, so the operator is told (once per answer, at
 * warn level, with GoTrue's code and words but never an email, a token or a password) that the
 * project's Auth rate limits need raising (docs/accounts.md#hosted-supabase-at-scale).
 */
function warnRateLimited(operation: Operation, error: AuthError): void {
  logger().warn(
    `supabase auth: ${operation} was rate limited by Supabase Auth (429 ${error.code ?? "no code"}: ` +
      `${error.message || "no message"}); raise the project's Auth rate limits ` +
      "(docs/accounts.md#hosted-supabase-at-scale)",
  );
}

/**
 * GoTrue's answer as a shopper reads it (docs/accounts.md#failures): its own message where it sent one ("Invalid login
 * credentials", "User already registered", a weak password); for a network failure, a time-out
 * or a server error (never the shopper's doing), a message saying to try again later; for its
 * rate limit (429, never the shopper's doing either), ours saying the service is busy, since its own
 * words ("email rate limit exceeded") would mislead a shopper who tried once.
 */
function toAuthFailure(error: unknown, operation: Operation): AuthFailure {
  if (!isAuthError(error)) return { code: "network", message: AUTH_MESSAGES.unavailable, status: 0 };
  const authError = error as AuthError;
  // A retryable error is a network failure (status 0) or a 5xx; 408 is the bounded fetch giving up.
  if (isAuthRetryableFetchError(authError) || authError.status === 408) {
    const status = authError.status ?? 0;
    const code = status === 0 || status === 408 ? "network" : "unexpected";
    return { code, message: AUTH_MESSAGES.unavailable, status };
  }
  const status = authError.status ?? 500;
  if (status === 429) {
    warnRateLimited(operation, authError);
    return { code: "over_request_rate_limit", message: AUTH_MESSAGES.busy, status };
  }
  if (status >= 500) return { code: "unexpected", message: AUTH_MESSAGES.unavailable, status };
  // The SQL backend's words for the same answers (they are GoTrue's), so both backends read alike.
  if (authError.code === "invalid_credentials") {
    return { code: "invalid_credentials", message: AUTH_MESSAGES.invalidCredentials, status };
  }
  if (authError.code === "email_not_confirmed") {
    return { code: "email_not_confirmed", message: AUTH_MESSAGES.emailNotConfirmed, status };
  }
  if (authError.code === "otp_expired") return linkInvalid();
  // A weak password keeps GoTrue's words: they name the project's own password rules.
  const code = authError.code === "weak_password" ? "weak_password" : "validation_failed";
  return { code, message: authError.message || "Something went wrong", status };
}

const linkInvalid = (): AuthFailure => ({ code: "otp_expired", message: AUTH_MESSAGES.linkInvalid, status: 403 });

/** Not the shopper's doing and no answer about them: a network failure, a time-out, a 5xx or GoTrue's 429. */
function isServiceTrouble(failure: AuthFailure): boolean {
  return isAuthOutage(failure) || failure.status === 429;
}

/**
 * A link GoTrue would not take (403 otp_expired for a used, expired or unknown token; 400 or 422 for one
 * it cannot read; 401 or 403 for the session a recovery link started, once it has ended): "Email link is
 * invalid or has expired", as the SQL backend says. Outages and GoTrue's 429 stay what they are.
 */
function toLinkFailure(error: unknown, operation: Operation): AuthFailure {
  const failure = toAuthFailure(error, operation);
  return isServiceTrouble(failure) ? failure : linkInvalid();
}

/**
 * GoTrue's 429 for a mail it sent the same account less than a minute ago ("For security purposes, you
 * can only request this after 42 seconds."), as against the project's hourly email limit ("email rate
 * limit exceeded"); both have the code over_email_send_rate_limit. Only an address with an account can
 * meet it, so telling it would say which addresses have one: a mail went out just now, which is what a
 * shopper is told anyway (ADR 039).
 */
function isRecentMailToAccount(error: AuthError): boolean {
  return error.status === 429 && /^for security purposes/i.test(error.message);
}

/** Every mailed link leads here, with the token hash and type the project's email templates add (ADR 039). */
function confirmUrl(links: MailLinks): string {
  return `${links.origin}/auth/confirm`;
}

/**
 * Whether a failed refresh means the session is over: only the service saying so (a 4xx such as
 * 400 "Invalid Refresh Token" or a missing session). A network failure, a time-out (408), rate
 * limiting (429) or a 5xx says nothing about the session, which is kept to try again.
 */
function endsSession(error: unknown): boolean {
  if (isAuthSessionMissingError(error)) return true;
  if (!isAuthApiError(error)) return false;
  if (error.status === 429) warnRateLimited("refresh", error);
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

export class SupabaseAuthBackend implements AuthBackend {
  private readonly settings: SupabaseSettings;
  private readonly now: () => number;
  private readonly refreshTimeoutMs: number;
  private readonly fetchOptions: BoundedFetchOptions;

  constructor(
    settings?: SupabaseSettings,
    options: { now?: () => number; refreshTimeoutMs?: number; fetch?: BoundedFetchOptions } = {},
  ) {
    this.settings = settings ?? getConfig().supabase ?? { url: "", anonKey: "" };
    this.now = options.now ?? Date.now;
    this.refreshTimeoutMs = options.refreshTimeoutMs ?? REFRESH_TIMEOUT_MS;
    this.fetchOptions = options.fetch ?? {};
  }

  /**
   * A client per call: supabase-js keeps a session inside its client, and shoppers must never
   * share one. All of its requests share one deadline, auth-js's own retries included.
   */
  private client() {
    return createSupabaseClient(this.settings, { ...this.fetchOptions, shareDeadline: true });
  }

  /**
   * With the project's "Confirm email" switch on, GoTrue mails the confirmation link (to
   * `emailRedirectTo`, which its template may use) and answers a taken address with a made-up user and
   * no session, as it does a new one. With the switch off it says "User already registered" instead:
   * answered here as a new address would be, without a session (docs/accounts.md#no-enumeration).
   */
  async signUp(email: string, password: string, links: MailLinks): Promise<SignUpOutcome> {
    try {
      const { data, error } = await this.client().auth.signUp({
        email,
        password,
        options: { emailRedirectTo: confirmUrl(links) },
      });
      if (error) {
        if (error.code === "user_already_exists" || error.code === "email_exists" || isRecentMailToAccount(error)) {
          return { ok: true, session: null };
        }
        return { ok: false, error: toAuthFailure(error, "sign-up") };
      }
      if (!data.user) return { ok: false, error: toAuthFailure(null, "sign-up") };
      return { ok: true, session: data.session ? JSON.stringify(toStored(data.session, email)) : null };
    } catch (error) {
      return { ok: false, error: toAuthFailure(error, "sign-up") };
    }
  }

  async signIn(email: string, password: string): Promise<AuthOutcome> {
    try {
      const { data, error } = await this.client().auth.signInWithPassword({ email, password });
      if (error) return { ok: false, error: toAuthFailure(error, "sign-in") };
      if (!data.session) return { ok: false, error: toAuthFailure(null, "sign-in") };
      const stored = toStored(data.session, email);
      return { ok: true, user: stored.user, session: JSON.stringify(stored) };
    } catch (error) {
      return { ok: false, error: toAuthFailure(error, "sign-in") };
    }
  }

  /** POST /logout?scope=local with the shopper's token: revokes this session's refresh token. */
  async signOut(ref: SessionRef): Promise<{ error: AuthFailure | null }> {
    const stored = parseStored(ref);
    if (!stored) return { error: null };
    try {
      const { error } = await this.client().auth.admin.signOut(stored.access_token, "local");
      // Already signed out or expired on the service: this browser's session is over anyway.
      if (!error || isAuthSessionMissingError(error) || [401, 403, 404].includes(error.status ?? 0)) return { error: null };
      return { error: toAuthFailure(error, "sign-out") };
    } catch (error) {
      return { error: toAuthFailure(error, "sign-out") };
    }
  }

  async lookUpSession(ref: SessionRef): Promise<SessionLookup> {
    const stored = parseStored(ref);
    if (!stored) return { user: null, session: null };
    const nowSeconds = Math.floor(this.now() / 1000);
    if (stored.expires_at - nowSeconds > EXPIRY_MARGIN_SECONDS) return { user: stored.user, session: ref };
    try {
      const refresh = this.client().auth.refreshSession({ refresh_token: stored.refresh_token });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), this.refreshTimeoutMs);
      });
      const result = await Promise.race([refresh, timeout]).finally(() => clearTimeout(timer));
      // The service is unreachable or slow: show this page signed out, but keep the cookie to try again.
      if (result === "timeout") return { user: null, session: ref };
      const { data, error } = result;
      if (error) return { user: null, session: endsSession(error) ? null : ref };
      if (!data.session) return { user: null, session: ref };
      const refreshed = toStored(data.session, stored.user.email);
      return { user: refreshed.user, session: JSON.stringify(refreshed) };
    } catch (error) {
      // Not the service saying the session is invalid, so it is kept, as on a time-out.
      logger().error({ err: error }, "Refreshing the session failed");
      return { user: null, session: ref };
    }
  }

  /**
   * POST /resend (type signup): GoTrue mails an account that waits for confirmation and answers 200 for
   * any other address, so the answer tells nothing. Only an outage or the project's mail limit is an error.
   */
  async resendConfirmation(email: string, links: MailLinks): Promise<{ error: AuthFailure | null }> {
    try {
      const { error } = await this.client().auth.resend({
        type: "signup",
        email,
        options: { emailRedirectTo: confirmUrl(links) },
      });
      return { error: this.mailRequestFailure(error, "resend confirmation") };
    } catch (error) {
      return { error: toAuthFailure(error, "resend confirmation") };
    }
  }

  /**
   * POST /verify with the token hash, as type `email`: GoTrue's current name for a confirmation, which
   * takes the links of "Confirm signup" mails whichever `type` their URL carries. Starts a session.
   */
  async confirmEmail(tokenHash: string): Promise<AuthOutcome> {
    try {
      const { data, error } = await this.client().auth.verifyOtp({ token_hash: tokenHash, type: "email" });
      if (error) return { ok: false, error: toLinkFailure(error, "confirm email") };
      if (!data.session) return { ok: false, error: toAuthFailure(null, "confirm email") };
      const stored = toStored(data.session);
      return { ok: true, user: stored.user, session: JSON.stringify(stored) };
    } catch (error) {
      return { ok: false, error: toLinkFailure(error, "confirm email") };
    }
  }

  /** POST /recover: GoTrue mails an address that has an account and answers 200 for any other. */
  async requestPasswordReset(email: string, links: MailLinks): Promise<{ error: AuthFailure | null }> {
    try {
      const { error } = await this.client().auth.resetPasswordForEmail(email, { redirectTo: confirmUrl(links) });
      return { error: this.mailRequestFailure(error, "reset request") };
    } catch (error) {
      return { error: toAuthFailure(error, "reset request") };
    }
  }

  /**
   * POST /verify as type `recovery`. GoTrue uses the token up here, when the link is followed, and
   * answers with a session of the account: that session, as the session cookie keeps one, is the grant
   * the reset page keeps until the new password is chosen (ADR 039).
   */
  async openRecoveryLink(tokenHash: string): Promise<RecoveryOutcome> {
    try {
      const { data, error } = await this.client().auth.verifyOtp({ token_hash: tokenHash, type: "recovery" });
      if (error) return { ok: false, error: toLinkFailure(error, "recovery link") };
      if (!data.session) return { ok: false, error: toAuthFailure(null, "recovery link") };
      return { ok: true, grant: JSON.stringify(toStored(data.session)) };
    } catch (error) {
      return { ok: false, error: toLinkFailure(error, "recovery link") };
    }
  }

  /**
   * PUT /user with the grant's session sets the password; then a sign-in with it starts this browser's
   * new session, and POST /logout?scope=others from that session ends every other one, the grant's
   * included, so the grant works once. Nothing is ended before the new session exists: a failure on the
   * way leaves the grant working, and trying again sets the same password (GoTrue's same_password is
   * then no refusal) and goes on (ADR 039).
   */
  async resetPassword(grant: string, password: string): Promise<AuthOutcome> {
    const recovery = parseStored(grant);
    if (!recovery) return { ok: false, error: linkInvalid() };
    try {
      // One client for both calls: updateUser needs the session inside it, which setSession checks (GET /user).
      const client = this.client();
      const { error: sessionError } = await client.auth.setSession({
        access_token: recovery.access_token,
        refresh_token: recovery.refresh_token,
      });
      if (sessionError) return { ok: false, error: toLinkFailure(sessionError, "password change") };
      const { error: updateError } = await client.auth.updateUser({ password });
      if (updateError && updateError.code !== "same_password") {
        const failure = toAuthFailure(updateError, "password change");
        // The grant's session ended (a reset finished with it, or a sign-out everywhere): the link is used.
        const sessionGone = isAuthSessionMissingError(updateError) || failure.status === 401 || failure.status === 403;
        return { ok: false, error: sessionGone ? linkInvalid() : failure };
      }
      const signedIn = await this.signIn(recovery.user.email, password);
      if (!signedIn.ok || !signedIn.session) return signedIn;
      const current = parseStored(signedIn.session);
      if (!current) return { ok: false, error: toAuthFailure(null, "password change") };
      const { error: signOutError } = await this.client().auth.admin.signOut(current.access_token, "others");
      if (signOutError) return { ok: false, error: toAuthFailure(signOutError, "password change") };
      return signedIn;
    } catch (error) {
      return { ok: false, error: toAuthFailure(error, "password change") };
    }
  }

  /**
   * A resend or reset request's answer: only an outage or the project's mail limit is told. A mail to
   * this account a moment ago is no error (see isRecentMailToAccount); nor is a refusal of the address
   * (4xx), which is logged for the operator and answered as for any address.
   */
  private mailRequestFailure(error: AuthError | null, operation: Operation): AuthFailure | null {
    if (!error || isRecentMailToAccount(error)) return null;
    const failure = toAuthFailure(error, operation);
    if (isServiceTrouble(failure)) return failure;
    // Status and code only: GoTrue's words may quote the email.
    logger().warn(
      `supabase auth: ${operation} was refused by Supabase Auth (${error.status ?? "no status"} ` +
        `${error.code ?? "no code"}); answered as for any address`,
    );
    return null;
  }
}
