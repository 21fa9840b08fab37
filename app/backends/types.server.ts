import type { CatalogueFacets } from "~/models/catalogue-facets";
import type { CatalogueQuery } from "~/models/catalogue-query";
import type { Product } from "~/models/product";

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
 * `session` is null only after a hosted sign-up that needs the email confirmed first (a project
 * setting): the account exists, but nobody is signed in yet.
 */
export type AuthOutcome = { ok: true; user: AuthUser; session: SessionRef | null } | { ok: false; error: AuthFailure };

export interface SessionLookup {
  user: AuthUser | null;
  /**
   * The session to keep in the cookie from now on: the same one, a refreshed one (hosted tokens
   * rotate), or null when it is gone (expired, revoked, unknown) and the cookie should be cleared.
   */
  session: SessionRef | null;
}

/**
 * Accounts and sessions, implemented by the SQL backend and by the Supabase backend (hosted
 * Supabase auth, GoTrue). Sign-up confirms at once and signs the new user in (docs/accounts.md#sign-in-and-sign-up).
 */
export interface AuthBackend {
  signUp(email: string, password: string): Promise<AuthOutcome>;
  signIn(email: string, password: string): Promise<AuthOutcome>;
  /** Ends the session on the server; a session that is already gone is not an error. */
  signOut(session: SessionRef): Promise<{ error: AuthFailure | null }>;
  /** Who the session belongs to, if it is still valid (the app's `getUser(request)` reads the cookie first). */
  lookUpSession(session: SessionRef): Promise<SessionLookup>;
}

/** The messages GoTrue answers with, reused by the SQL backend so both read the same; and our own. */
export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid login credentials",
  alreadyRegistered: "User already registered",
  weakPassword: "Password should be at least 8 characters.",
  /** Also our own answer when rate-limit.server.ts holds an attempt back. */
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

/**
 * A token bucket: holds up to `capacity` tokens and regains one every `refillMs`; each sign-in or
 * sign-up attempt takes a token. app/services/rate-limit.server.ts decides which buckets an attempt
 * takes from and how big they are (ADR 023).
 */
export interface Bucket {
  key: string;
  capacity: number;
  refillMs: number;
}

/**
 * Where the buckets are kept: where every process of the shop sees them when several can run, in
 * the database (ADR 023). A bucket never written to is full.
 */
export interface TokenBuckets {
  /**
   * Takes one token from every bucket, or none, atomically: attempts made in parallel, in one
   * process or several, are admitted exactly as if made one after another. Resolves to 0 when the
   * tokens were taken, otherwise to the milliseconds until every bucket has one again.
   */
  take(buckets: readonly Bucket[]): Promise<number>;
  /** Gives one token back to each bucket, never above its capacity (an attempt that did not count there). */
  giveBack(buckets: readonly Bucket[]): Promise<void>;
  /** Fills the buckets with these keys again. */
  refill(keys: readonly string[]): Promise<void>;
}
