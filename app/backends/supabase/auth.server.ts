import {
  type AuthError,
  isAuthApiError,
  isAuthError,
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
  type Session,
  type SupabaseClient,
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
 * Hosted Supabase Auth (GoTrue) through supabase-js. Its tokens travel only in the signed, HttpOnly session cookie,
 * and a session ends only when GoTrue says so (ADR 030, docs/accounts.md#sessions); the mailed links: ADR 039.
 */

const EXPIRY_MARGIN_SECONDS = 10;
/** The caller's own limit on a refresh, a little past the shared deadline that should end auth-js's retries. */
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

/** GoTrue's limit per address, which all shoppers share (docs/accounts.md#hosted-supabase-at-scale). */
function warnRateLimited(operation: Operation, error: AuthError): void {
  logger().warn(
    `supabase auth: ${operation} was rate limited by Supabase Auth (429 ${error.code ?? "no code"}: ` +
      `${error.message || "no message"}); raise the project's Auth rate limits ` +
      "(docs/accounts.md#hosted-supabase-at-scale)",
  );
}

/** GoTrue's answer as a shopper reads it (docs/accounts.md#failures). */
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

/** A link GoTrue would not take is "invalid or has expired"; outages and its 429 stay what they are (ADR 039). */
function toLinkFailure(error: unknown, operation: Operation): AuthFailure {
  const failure = toAuthFailure(error, operation);
  return isServiceTrouble(failure) ? failure : linkInvalid();
}

/** GoTrue's 429 for a mail sent this account under a minute ago (told by its words): answered as sent (ADR 039). */
function isRecentMailToAccount(error: AuthError): boolean {
  return error.status === 429 && /^for security purposes/i.test(error.message);
}

/** Every mailed link leads here, with the token hash and type the project's email templates add (ADR 039). */
function confirmUrl(links: MailLinks): string {
  return `${links.origin}/auth/confirm`;
}

/** Whether a failed refresh ends the session: only GoTrue saying so, a 4xx but 408 and 429 (ADR 030). */
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

  /** A client per call, since supabase-js keeps a session in its client; its calls share one deadline. */
  private client() {
    return createSupabaseClient(this.settings, { ...this.fetchOptions, shareDeadline: true });
  }

  /** A taken address answers as a new one, without a session, whatever the "Confirm email" switch (ADR 039). */
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

  /** POST /resend: GoTrue answers alike for every address (ADR 039). */
  resendConfirmation(email: string, links: MailLinks): Promise<{ error: AuthFailure | null }> {
    return this.mailRequest("resend confirmation", (auth) =>
      auth.resend({ type: "signup", email, options: { emailRedirectTo: confirmUrl(links) } }),
    );
  }

  /** POST /verify as type `email`, which takes a "Confirm signup" link whatever its `type` says (ADR 039). */
  async confirmEmail(tokenHash: string): Promise<AuthOutcome> {
    const verified = await this.verifyLink(tokenHash, "email", "confirm email");
    if (!verified.ok) return verified;
    const stored = toStored(verified.session);
    return { ok: true, user: stored.user, session: JSON.stringify(stored) };
  }

  /** POST /recover: GoTrue answers alike for every address (ADR 039). */
  requestPasswordReset(email: string, links: MailLinks): Promise<{ error: AuthFailure | null }> {
    return this.mailRequest("reset request", (auth) =>
      auth.resetPasswordForEmail(email, { redirectTo: confirmUrl(links) }),
    );
  }

  /** POST /verify as type `recovery`: GoTrue uses the token up now, and its session is the reset's grant (ADR 039). */
  async openRecoveryLink(tokenHash: string): Promise<RecoveryOutcome> {
    const verified = await this.verifyLink(tokenHash, "recovery", "recovery link");
    if (!verified.ok) return verified;
    return { ok: true, grant: JSON.stringify(toStored(verified.session)) };
  }

  /** The grant's session sets the password, a sign-in starts a new session, then all others end (ADR 039). */
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

  /** POST /verify: the session a mailed link starts. */
  private async verifyLink(
    tokenHash: string,
    type: "email" | "recovery",
    operation: Operation,
  ): Promise<{ ok: true; session: Session } | { ok: false; error: AuthFailure }> {
    try {
      const { data, error } = await this.client().auth.verifyOtp({ token_hash: tokenHash, type });
      if (error) return { ok: false, error: toLinkFailure(error, operation) };
      if (!data.session) return { ok: false, error: toAuthFailure(null, operation) };
      return { ok: true, session: data.session };
    } catch (error) {
      return { ok: false, error: toLinkFailure(error, operation) };
    }
  }

  /** A resend or reset request: only an outage or the mail limit is an error; a refusal is logged (ADR 039). */
  private async mailRequest(
    operation: Operation,
    send: (auth: SupabaseClient["auth"]) => Promise<{ error: AuthError | null }>,
  ): Promise<{ error: AuthFailure | null }> {
    try {
      const { error } = await send(this.client().auth);
      if (!error || isRecentMailToAccount(error)) return { error: null };
      const failure = toAuthFailure(error, operation);
      if (isServiceTrouble(failure)) return { error: failure };
      // Status and code only: GoTrue's words may quote the email.
      logger().warn(
        `supabase auth: ${operation} was refused by Supabase Auth (${error.status ?? "no status"} ` +
          `${error.code ?? "no code"}); answered as for any address`,
      );
      return { error: null };
    } catch (error) {
      return { error: toAuthFailure(error, operation) };
    }
  }
}
