import type { CatalogueFacets } from "~/models/catalogue/catalogue-facets";
import type { CatalogueQuery } from "~/models/catalogue/catalogue-query";
import type { Product } from "~/models/product/product";

export type ProductListQuery = Omit<CatalogueQuery, "view">;

export type FacetQuery = Omit<ProductListQuery, "sort" | "page">;

export interface ProductPage {
  products: Product[];
  total: number; // every match, not just this page
}

export interface ProductRepository {
  /** Filtered, sorted (ties broken by id) and paged in the database; the search: docs/catalogue.md#search. */
  listProducts(query: ProductListQuery): Promise<ProductPage>;
  countFacets(query: FacetQuery): Promise<CatalogueFacets>;
  getProduct(id: number): Promise<Product | null>;
  bestRatedInCategory(category: string, limit: number): Promise<Product[]>;
  getProducts(ids: readonly number[]): Promise<Product[]>;
  listProductIds(limit: number): Promise<number[]>;
  ping(): Promise<void>;
}

/** "unavailable": down, overloaded or too slow (503); "failed": it answered with an error, a bug (500). */
export type BackendFailureKind = "unavailable" | "failed";

export interface ServiceErrorFields {
  code?: string;
  detail?: string;
  hint?: string;
  status?: number;
}

/** A failure talking to the data service, in its own words: for the server log only, never a shopper. */
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

export function isServiceUnavailable(error: unknown): boolean {
  return error instanceof BackendError && error.kind === "unavailable";
}

export interface AuthUser {
  id: string;
  email: string;
}

/** Why an auth call failed, in GoTrue's codes and words (docs/accounts.md#failures); `status` 0 for the network. */
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

/** What the session cookie keeps (and the `recovery` cookie, a grant): opaque, read only by the backend that made it. */
export type SessionRef = string;

/** `session` is null only after a sign-up whose email must be confirmed first (docs/accounts.md#confirmation). */
export type AuthOutcome = { ok: true; user: AuthUser; session: SessionRef | null } | { ok: false; error: AuthFailure };

export type SignUpOutcome = { ok: true; session: SessionRef | null } | { ok: false; error: AuthFailure };

export interface SessionLookup {
  user: AuthUser | null;
  /** The same, a refreshed one (hosted tokens rotate), or null when it is gone: clear the cookie. */
  session: SessionRef | null;
}

export type SignUpConfirmation = "required" | "optional";

/** Where a mail's links point: never a request's Host (ADR 035). */
export interface MailLinks {
  origin: string;
}

export type EmailLinkType = "signup" | "email" | "recovery";

export type RecoveryGrant = string;

export type RecoveryOutcome = { ok: true; grant: RecoveryGrant } | { ok: false; error: AuthFailure };

/** Accounts and sessions (docs/accounts.md, ADR 035); no answer tells whether an email has an account. */
export interface AuthBackend {
  /** Mails the confirmation link, or the owner of a taken address; a session only where confirmation is optional. */
  signUp(email: string, password: string, links: MailLinks): Promise<SignUpOutcome>;
  signIn(email: string, password: string): Promise<AuthOutcome>;
  /** A session already gone is not an error. */
  signOut(session: SessionRef): Promise<{ error: AuthFailure | null }>;
  lookUpSession(session: SessionRef): Promise<SessionLookup>;
  resendConfirmation(email: string, links: MailLinks): Promise<{ error: AuthFailure | null }>;
  /** Confirms the address and starts a session; a used, expired or unknown link fails with `otp_expired`. */
  confirmEmail(tokenHash: string): Promise<AuthOutcome>;
  requestPasswordReset(email: string, links: MailLinks): Promise<{ error: AuthFailure | null }>;
  openRecoveryLink(tokenHash: string): Promise<RecoveryOutcome>;
  /** Uses the link up, ends every session of the account and starts a new one; `otp_expired` as confirmEmail. */
  resetPassword(grant: RecoveryGrant, password: string): Promise<AuthOutcome>;
}

/** A token bucket of the sign-in limits: up to `capacity` tokens, one back every `refillMs`. */
export interface Bucket {
  key: string;
  capacity: number;
  refillMs: number;
}

/** Where the sign-in limits' buckets are kept: in the database when several processes can run (ADR 023). */
export interface SignInLimitStore {
  /** One token from every bucket or none, atomically across processes: 0, or the milliseconds to wait. */
  take(buckets: readonly Bucket[]): Promise<number>;
  giveBack(buckets: readonly Bucket[]): Promise<void>;
  refill(keys: readonly string[]): Promise<void>;
}
