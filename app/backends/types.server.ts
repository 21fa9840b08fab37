import type { CatalogueFacets } from "~/models/catalogue/catalogue-facets";
import type { CatalogueQuery } from "~/models/catalogue/catalogue-query";
import type { Product } from "~/models/product/product";

/** What the catalogue needs from a query: filters, sort and page. View is presentation only. */
export type ProductListQuery = Omit<CatalogueQuery, "view">;

/** What the filter counts depend on: the search and the filters, not the sort or the page. */
export type FacetQuery = Omit<ProductListQuery, "sort" | "page">;

export interface ProductPage {
  products: Product[];
  /** Every product matching the filters, not just this page. */
  total: number;
}

/**
 * Product reads, implemented by the two backends: the SQL backend (the embedded database or a
 * PostgreSQL server, ADR 016) and the Supabase backend (hosted Supabase). Only `backends/` knows
 * which one is in use (docs/glossary.md).
 */
export interface ProductRepository {
  /**
   * Filtered, sorted (ties broken by id) and paged in the database. The search follows
   * docs/catalogue.md#search (the database's `search_resolve`, supabase/migrations).
   */
  listProducts(query: ProductListQuery): Promise<ProductPage>;
  /** The counts beside the filter values, and how the search term was read, in one database call. */
  countFacets(query: FacetQuery): Promise<CatalogueFacets>;
  /** null when there is no product with this id. */
  getProduct(id: number): Promise<Product | null>;
  /** Up to `limit` products of the category, best rated first, ties by id (related products: ~/backends/related-products.server). */
  bestRatedInCategory(category: string, limit: number): Promise<Product[]>;
  /** Products by id, in the order given; unknown ids are skipped (home's featured products). */
  getProducts(ids: readonly number[]): Promise<Product[]>;
  /** Up to `limit` product ids, lowest first, without the rest of each row (the sitemap). */
  listProductIds(limit: number): Promise<number[]>;
  /** Resolves when the database answers (for /healthz). */
  ping(): Promise<void>;
}

/**
 * How a backend failure reads to a shopper: "unavailable" when the service is down, overloaded
 * or too slow (try again later: 503), "failed" when it answered with an error (a bug: 500).
 */
export type BackendFailureKind = "unavailable" | "failed";

/** What the data service said about a failure besides its message. */
export interface ServiceErrorFields {
  /** PostgreSQL's SQLSTATE, or PostgREST's own code (PGRST...). */
  code?: string;
  /** PostgreSQL's DETAIL line (PostgREST passes it on as `details`). */
  detail?: string;
  hint?: string;
  /** The HTTP status of the hosted service's answer. */
  status?: number;
}

/**
 * A failure talking to the data service. `message` and `serviceError` are the service's own
 * words, for the server log only: they may quote SQL or PostgreSQL's errors and never reach a
 * shopper.
 */
export class BackendError extends Error {
  readonly kind: BackendFailureKind;
  readonly serviceError?: ServiceErrorFields;

  constructor(
    message: string,
    options: { kind?: BackendFailureKind; cause?: unknown; serviceError?: ServiceErrorFields } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "BackendError";
    this.kind = options.kind ?? "failed";
    this.serviceError = options.serviceError;
  }
}

/** True when a read failed because the data service is unreachable or overloaded, not because of a bug. */
export function isServiceUnavailable(error: unknown): boolean {
  return error instanceof BackendError && error.kind === "unavailable";
}

/** A signed-in shopper as pages see them. */
export interface AuthUser {
  id: string;
  email: string;
}

/**
 * Why an auth call failed. `message` reads like the hosted service's own (GoTrue) and is shown
 * in the failure toast (docs/accounts.md#failures); `status` is the service's HTTP status (0 for a network failure).
 */
export interface AuthFailure {
  code:
    | "invalid_credentials"
    | "user_already_exists"
    | "email_not_confirmed"
    | "otp_expired"
    | "weak_password"
    | "validation_failed"
    | "over_request_rate_limit"
    | "over_capacity"
    | "network"
    | "unexpected";
  message: string;
  status: number;
}

/** The service could not be reached, timed out (408) or failed on its side (5xx): not the shopper's doing. */
export function isAuthOutage(failure: AuthFailure): boolean {
  return failure.status === 0 || failure.status === 408 || failure.status >= 500;
}

/**
 * What the session cookie keeps for a backend: an opaque string (the embedded session token,
 * or the hosted service's tokens as JSON). Only the backend that made it reads it.
 */
export type SessionRef = string;

/**
 * A sign-in, or a link followed, that started a session. `session` is null only after a sign-up that
 * needs the email confirmed first (SIGN_UP_CONFIRMATION=required, or the hosted project's "Confirm
 * email" switch): nobody is signed in yet.
 */
export type AuthOutcome = { ok: true; user: AuthUser; session: SessionRef | null } | { ok: false; error: AuthFailure };

/**
 * A sign-up as the shopper may learn of it: never whether the email already had an account
 * (docs/accounts.md#no-enumeration). An email that has one answers as a new one would and its owner
 * is mailed instead; `session` is a new account's only, and only when no confirmation is required.
 */
export type SignUpOutcome = { ok: true; session: SessionRef | null } | { ok: false; error: AuthFailure };

export interface SessionLookup {
  user: AuthUser | null;
  /**
   * The session to keep in the cookie from now on: the same one, a refreshed one (hosted tokens
   * rotate), or null when it is gone (expired, revoked, unknown) and the cookie should be cleared.
   */
  session: SessionRef | null;
}

/** Whether a new account may sign in before its email is confirmed (SIGN_UP_CONFIRMATION, docs/configuration.md). */
export type SignUpConfirmation = "required" | "optional";

/**
 * Where a mail's links point: the shop's public origin, from SITE_URL or read once at the server's
 * edge (siteOrigin, ADR 023), never from a header a route reads. Links are `${origin}/auth/confirm?...`.
 */
export interface MailLinks {
  origin: string;
}

/** What a link in a mail is for, in GoTrue's words (`type` beside `token_hash` in /auth/confirm's query). */
export type EmailLinkType = "signup" | "email" | "recovery";

/**
 * A recovery link that was followed, as the reset page keeps it (in the signed `recovery` cookie)
 * until the new password is chosen: opaque, read only by the backend that made it.
 */
export type RecoveryGrant = string;

export type RecoveryOutcome = { ok: true; grant: RecoveryGrant } | { ok: false; error: AuthFailure };

/**
 * Accounts and sessions, implemented by the SQL backend and by the Supabase backend (hosted
 * Supabase auth, GoTrue); docs/accounts.md describes the flows, ADR 035 the decisions.
 *
 * No method tells a caller whether an email has an account: sign-up, resending the confirmation and
 * asking for a reset answer alike for every address, and mail the owner where there is one. Only a
 * sign-in whose password is right learns that the email is not confirmed yet, as with GoTrue.
 */
export interface AuthBackend {
  /**
   * Creates an account and mails its confirmation link (valid 24 hours, single use); an email
   * that has an account gets a mail to its owner instead and the same answer. Signs the new account
   * in at once (a session) only where confirmation is optional.
   */
  signUp(email: string, password: string, links: MailLinks): Promise<SignUpOutcome>;
  /** Fails with `email_not_confirmed` (400, "Email not confirmed") when the password is right but the email is not confirmed and must be. */
  signIn(email: string, password: string): Promise<AuthOutcome>;
  /** Ends the session on the server; a session that is already gone is not an error. */
  signOut(session: SessionRef): Promise<{ error: AuthFailure | null }>;
  /** Who the session belongs to, if it is still valid (the app's `getUser(request)` reads the cookie first). */
  lookUpSession(session: SessionRef): Promise<SessionLookup>;
  /**
   * Mails a new confirmation link to an account that is not confirmed yet; answers alike (no error)
   * for an unknown or confirmed email, which get nothing. An error is an outage or a limit only.
   */
  resendConfirmation(email: string, links: MailLinks): Promise<{ error: AuthFailure | null }>;
  /**
   * Follows a confirmation link (`type` signup or email): confirms the address and starts a session.
   * A used, expired or unknown link fails with `otp_expired` (403, "Email link is invalid or has expired").
   */
  confirmEmail(tokenHash: string): Promise<AuthOutcome>;
  /** Mails a reset link (valid one hour, single use) when the email has an account; answers alike when not. */
  requestPasswordReset(email: string, links: MailLinks): Promise<{ error: AuthFailure | null }>;
  /**
   * Follows a recovery link (`type` recovery): checks it and hands back what the reset page keeps
   * until the new password is chosen. Fails with `otp_expired` as confirmEmail does.
   */
  openRecoveryLink(tokenHash: string): Promise<RecoveryOutcome>;
  /**
   * Sets the new password (the sign-up rules, checked by the caller), uses the link up, ends every
   * session of the account and starts a new one. A grant whose link was used or expired since fails
   * with `otp_expired`.
   */
  resetPassword(grant: RecoveryGrant, password: string): Promise<AuthOutcome>;
}

/** The messages GoTrue answers with, reused by the SQL backend so both read the same; and our own. */
export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid login credentials",
  alreadyRegistered: "User already registered",
  /** A sign-in whose password is right, to an account whose email is not confirmed yet. */
  emailNotConfirmed: "Email not confirmed",
  /** A confirmation or recovery link that was used, has expired or was never ours. */
  linkInvalid: "Email link is invalid or has expired",
  weakPassword: "Password should be at least 8 characters.",
  /** Also our own answer when sign-in-limits.server.ts holds an attempt back. */
  rateLimited: "Too many attempts. Try again in a minute.",
  /** Ours, not GoTrue's: the service could not be reached or failed (network, time-out, 5xx). */
  unavailable: "We could not reach our sign-in service. Please try again in a minute.",
  /**
   * Ours, not GoTrue's ("Request rate limit reached", "email rate limit exceeded"): the hosted service
   * answered 429. Its limit is per address, and every shopper reaches it from the server's, so this is
   * never the shopper's doing (docs/accounts.md#hosted-supabase-at-scale).
   */
  busy: "Our sign-in service is busy. Please try again in a minute.",
  /**
   * Ours: more passwords are waiting to be checked than the server checks in about a second (a
   * crowd, or someone trying many at once), so this one was not queued (ADR 024).
   */
  overloaded: "Too many people are signing in right now. Please try again in a few seconds.",
} as const;

/** A token bucket: up to `capacity` tokens, one back every `refillMs` (sign-in limits: app/services/sign-in-limits.server.ts). */
export interface Bucket {
  key: string;
  capacity: number;
  refillMs: number;
}

/** Where the sign-in limits' buckets are kept: in the database when several processes can run (ADR 023). */
export interface SignInLimitStore {
  /**
   * Takes one token from every bucket or none, atomically, in one process or several (a bucket never written to is
   * full): 0, or the milliseconds until every bucket has one again.
   */
  take(buckets: readonly Bucket[]): Promise<number>;
  /** One token back to each bucket, never above its capacity. */
  giveBack(buckets: readonly Bucket[]): Promise<void>;
  refill(keys: readonly string[]): Promise<void>;
}
