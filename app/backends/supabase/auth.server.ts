import {
  type AuthError,
  isAuthApiError,
  isAuthError,
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
  type Session,
} from "@supabase/supabase-js";
import { z } from "zod";

import { getConfig } from "~/config.server";

import {
  AUTH_MESSAGES,
  type AuthBackend,
  type AuthFailure,
  type AuthOutcome,
  type MailLinks,
  type RecoveryOutcome,
  type SessionLookup,
  type SessionRef,
  type SignUpOutcome,
} from "../types.server";
import type { BoundedFetchOptions } from "./bounded-fetch.server";
import { createSupabaseClient, type SupabaseSettings } from "./client.server";
import { logger } from "~/lib/log.server";

/**
 * Hosted Supabase Auth (GoTrue) through supabase-js: signUp, signInWithPassword, signOut, and
 * refreshSession (docs/accounts.md#sessions). The tokens never reach the browser's script: they travel as the
 * session reference inside the signed, HttpOnly `__session` cookie, with the user's id and email
 * (signed with our secret, so a page view needs no call to the service).
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

type Operation = "sign-in" | "sign-up" | "sign-out" | "refresh";

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
  const code =
    authError.code === "invalid_credentials"
      ? "invalid_credentials"
      : authError.code === "user_already_exists"
        ? "user_already_exists"
        : authError.code === "weak_password"
          ? "weak_password"
          : "validation_failed";
  return { code, message: authError.message || "Something went wrong", status };
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

  // TODO: emailRedirectTo from `links`, and the flows below (ADR 035), are still to be written for hosted Supabase.
  async signUp(email: string, password: string, _links: MailLinks): Promise<SignUpOutcome> {
    try {
      const { data, error } = await this.client().auth.signUp({ email, password });
      if (error) return { ok: false, error: toAuthFailure(error, "sign-up") };
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

  resendConfirmation(_email: string, _links: MailLinks): Promise<{ error: AuthFailure | null }> {
    return Promise.reject(new Error("Not available on hosted Supabase yet (ADR 035)"));
  }

  confirmEmail(_tokenHash: string): Promise<AuthOutcome> {
    return Promise.reject(new Error("Not available on hosted Supabase yet (ADR 035)"));
  }

  requestPasswordReset(_email: string, _links: MailLinks): Promise<{ error: AuthFailure | null }> {
    return Promise.reject(new Error("Not available on hosted Supabase yet (ADR 035)"));
  }

  openRecoveryLink(_tokenHash: string): Promise<RecoveryOutcome> {
    return Promise.reject(new Error("Not available on hosted Supabase yet (ADR 035)"));
  }

  resetPassword(_grant: string, _password: string): Promise<AuthOutcome> {
    return Promise.reject(new Error("Not available on hosted Supabase yet (ADR 035)"));
  }
}
