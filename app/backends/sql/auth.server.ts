import { createHash, randomBytes } from "node:crypto";

import {
  type AuthBackend,
  type AuthFailure,
  type AuthOutcome,
  type MailLinks,
  type RecoveryOutcome,
  type SessionLookup,
  type SessionRef,
  type SignUpConfirmation,
  type SignUpOutcome,
} from "~/backends/types.server";
import { logger } from "~/lib/log.server";
import {
  accountExistsMail,
  CONFIRMATION_LINK_HOURS,
  confirmationMail,
  RECOVERY_LINK_HOURS,
  recoveryMail,
} from "~/models/account/account-texts";
import { AUTH_MESSAGES } from "~/models/account/auth-messages";

import { enqueueMail } from "./mail-outbox.server";
import { hashPassword, needsRehash, PasswordHashesBusy, verifyDummyPassword, verifyPassword } from "./password.server";
import type { SqlClient, SqlQueries } from "./sql-client.server";

/** Accounts and sessions on the SQL backend: the cookie holds a random token, the table its SHA-256 (ADR 030). */

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often: a page view is otherwise a read only. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const TOKEN_BYTES = 32;
const HOUR_MS = 60 * 60 * 1000;
/** How long each kind of link in a mail may be followed (docs/accounts.md#links-in-mails). */
const LINK_LIFETIME_MS = { signup: CONFIRMATION_LINK_HOURS * HOUR_MS, recovery: RECOVERY_LINK_HOURS * HOUR_MS };
type LinkType = keyof typeof LINK_LIFETIME_MS;

const unexpected = (): AuthFailure => ({ code: "unexpected", message: "Something went wrong", status: 500 });

/** What a failed sign-in or sign-up reads as: too busy to check a password now (503), or a fault of ours. */
function failureOf(error: unknown, doing: string): AuthFailure {
  if (error instanceof PasswordHashesBusy) {
    return { code: "over_capacity", message: AUTH_MESSAGES.overloaded, status: 503 };
  }
  logger().error({ err: error }, `${doing} failed`);
  return unexpected();
}

const linkInvalid = (): AuthFailure => ({ code: "otp_expired", message: AUTH_MESSAGES.linkInvalid, status: 403 });

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** `/auth/confirm?token_hash=...&type=...`: the one shape every link takes, as on hosted Supabase. */
function linkUrl(links: MailLinks, token: string, type: LinkType): string {
  return `${links.origin}/auth/confirm?${new URLSearchParams({ token_hash: token, type })}`;
}

export interface SqlAuthOptions {
  /** The clock, for tests of expiry. */
  now?: () => number;
  /** SIGN_UP_CONFIRMATION: whether a new account may sign in before its email is confirmed. Default required. */
  confirmation?: SignUpConfirmation;
  /** Called after a transaction that wrote mail has committed: wakes the mail worker. */
  onMail?: () => void;
}

export class SqlAuthBackend implements AuthBackend {
  private readonly now: () => number;
  private readonly confirmation: SignUpConfirmation;
  private readonly onMail: () => void;

  constructor(
    private readonly db: SqlClient,
    options: SqlAuthOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.confirmation = options.confirmation ?? "required";
    this.onMail = options.onMail ?? (() => {});
  }

  /** The account and its mail in one transaction; a taken email mails its owner, answered and timed alike (ADR 035). */
  async signUp(email: string, password: string, links: MailLinks): Promise<SignUpOutcome> {
    try {
      const encrypted = await hashPassword(password);
      const now = new Date(this.now());
      const created = await this.db.transaction(async (tx) => {
        // Two sign-ups racing for one email: the unique index lets exactly one insert through.
        const { rows } = await tx.query<{ id: string; email: string }>(
          `insert into auth.users (email, encrypted_password, email_confirmed_at, created_at, updated_at)
           values ($1, $2, null, $3, $3)
           on conflict ((lower(email))) do nothing
           returning id, email`,
          [email, encrypted, now],
        );
        const user = rows[0];
        if (user) {
          const token = await this.issueLink(tx, user.id, "signup", now);
          await enqueueMail(tx, user.email, confirmationMail(linkUrl(links, token, "signup")), now);
          return user;
        }
        const existing = await tx.query<{ email: string }>(
          "select email from auth.users where lower(email) = lower($1)",
          [email],
        );
        await enqueueMail(tx, existing.rows[0]?.email ?? email, accountExistsMail(links.origin), now);
        return null;
      });
      this.onMail();
      const session = created && this.confirmation === "optional" ? await this.startSession(created.id) : null;
      return { ok: true, session };
    } catch (error) {
      return { ok: false, error: failureOf(error, "Sign-up") };
    }
  }

  async signIn(email: string, password: string): Promise<AuthOutcome> {
    try {
      const { rows } = await this.db.query<{
        id: string;
        email: string;
        encrypted_password: string;
        email_confirmed_at: Date | null;
      }>("select id, email, encrypted_password, email_confirmed_at from auth.users where lower(email) = lower($1)", [
        email,
      ]);
      const user = rows[0];
      const matches = user
        ? await verifyPassword(password, user.encrypted_password)
        : await verifyDummyPassword(password);
      if (!user || !matches) {
        return {
          ok: false,
          error: { code: "invalid_credentials", message: AUTH_MESSAGES.invalidCredentials, status: 400 },
        };
      }
      // Said only to whoever knows the password, as GoTrue does: it tells a guesser nothing.
      if (!user.email_confirmed_at && this.confirmation === "required") {
        return {
          ok: false,
          error: { code: "email_not_confirmed", message: AUTH_MESSAGES.emailNotConfirmed, status: 400 },
        };
      }
      if (needsRehash(user.encrypted_password)) await this.rehash(user.id, user.encrypted_password, password);
      return { ok: true, user: { id: user.id, email: user.email }, session: await this.startSession(user.id) };
    } catch (error) {
      return { ok: false, error: failureOf(error, "Sign-in") };
    }
  }

  async signOut(session: SessionRef): Promise<{ error: AuthFailure | null }> {
    try {
      await this.db.query("delete from auth.sessions where id = $1", [hashToken(session)]);
      return { error: null };
    } catch (error) {
      logger().error({ err: error }, "Sign-out failed");
      return { error: unexpected() };
    }
  }

  async lookUpSession(session: SessionRef): Promise<SessionLookup> {
    const now = this.now();
    const { rows } = await this.db.query<{ user_id: string; email: string; last_seen_at: Date; expires_at: Date }>(
      `select s.user_id, u.email, s.last_seen_at, s.expires_at
       from auth.sessions s join auth.users u on u.id = s.user_id
       where s.id = $1`,
      [hashToken(session)],
    );
    const row = rows[0];
    if (!row) return { user: null, session: null };
    const lastSeen = new Date(row.last_seen_at).getTime();
    if (new Date(row.expires_at).getTime() <= now || lastSeen + SESSION_IDLE_MS <= now) {
      await this.db.query("delete from auth.sessions where id = $1", [hashToken(session)]);
      return { user: null, session: null };
    }
    if (now - lastSeen >= TOUCH_INTERVAL_MS) {
      await this.db.query("update auth.sessions set last_seen_at = $2 where id = $1", [
        hashToken(session),
        new Date(now),
      ]);
    }
    return { user: { id: row.user_id, email: row.email }, session };
  }

  resendConfirmation(email: string, links: MailLinks): Promise<{ error: AuthFailure | null }> {
    return this.mailLink(email, "signup", links);
  }

  async confirmEmail(token: string): Promise<AuthOutcome> {
    try {
      const now = new Date(this.now());
      const user = await this.db.transaction(async (tx) => {
        const used = await this.useLink(tx, token, "signup", now);
        if (!used) return null;
        const { rows } = await tx.query<{ id: string; email: string }>(
          "update auth.users set email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2 where id = $1 returning id, email",
          [used, now],
        );
        return rows[0] ?? null;
      });
      if (!user) return { ok: false, error: linkInvalid() };
      return { ok: true, user, session: await this.startSession(user.id) };
    } catch (error) {
      return { ok: false, error: failureOf(error, "Confirming an email") };
    }
  }

  requestPasswordReset(email: string, links: MailLinks): Promise<{ error: AuthFailure | null }> {
    return this.mailLink(email, "recovery", links);
  }

  /** A new link mailed to the account of `email` (a confirmation only while unconfirmed); the same answer for any. */
  private async mailLink(
    email: string,
    type: "signup" | "recovery",
    links: MailLinks,
  ): Promise<{ error: AuthFailure | null }> {
    try {
      const now = new Date(this.now());
      const mailed = await this.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; email: string }>(
          `select id, email from auth.users where lower(email) = lower($1)${type === "signup" ? " and email_confirmed_at is null" : ""}`,
          [email],
        );
        const user = rows[0];
        if (!user) return false;
        const url = linkUrl(links, await this.issueLink(tx, user.id, type, now), type);
        await enqueueMail(tx, user.email, type === "signup" ? confirmationMail(url) : recoveryMail(url), now);
        return true;
      });
      if (mailed) this.onMail();
      return { error: null };
    } catch (error) {
      return {
        error: failureOf(error, type === "signup" ? "Resending a confirmation" : "Requesting a password reset"),
      };
    }
  }

  /** Checks the link without using it up: the reset page keeps the token until the new password is chosen. */
  async openRecoveryLink(token: string): Promise<RecoveryOutcome> {
    try {
      const { rows } = await this.db.query(
        "select 1 from auth.email_links where id = $1 and type = 'recovery' and expires_at > $2",
        [hashToken(token), new Date(this.now())],
      );
      return rows.length > 0 ? { ok: true, grant: token } : { ok: false, error: linkInvalid() };
    } catch (error) {
      return { ok: false, error: failureOf(error, "Opening a recovery link") };
    }
  }

  /** One transaction: the link used up, the password set, every session ended, the email confirmed (ADR 035). */
  async resetPassword(grant: string, password: string): Promise<AuthOutcome> {
    try {
      const encrypted = await hashPassword(password);
      const now = new Date(this.now());
      const user = await this.db.transaction(async (tx) => {
        const used = await this.useLink(tx, grant, "recovery", now);
        if (!used) return null;
        const { rows } = await tx.query<{ id: string; email: string }>(
          `update auth.users
           set encrypted_password = $2, email_confirmed_at = coalesce(email_confirmed_at, $3), updated_at = $3
           where id = $1 returning id, email`,
          [used, encrypted, now],
        );
        await tx.query("delete from auth.sessions where user_id = $1", [used]);
        await tx.query("delete from auth.email_links where user_id = $1 and type = 'recovery'", [used]);
        return rows[0] ?? null;
      });
      if (!user) return { ok: false, error: linkInvalid() };
      return { ok: true, user, session: await this.startSession(user.id) };
    } catch (error) {
      return { ok: false, error: failureOf(error, "Resetting a password") };
    }
  }

  /** A new link's token, kept as its SHA-256; it replaces the account's earlier one of that type (ADR 035). */
  private async issueLink(tx: SqlQueries, userId: string, type: LinkType, now: Date): Promise<string> {
    const token = randomBytes(TOKEN_BYTES).toString("base64url");
    await tx.query("delete from auth.email_links where user_id = $1 and type = $2", [userId, type]);
    await tx.query(
      "insert into auth.email_links (id, user_id, type, created_at, expires_at) values ($1, $2, $3, $4, $5)",
      [hashToken(token), userId, type, now, new Date(now.getTime() + LINK_LIFETIME_MS[type])],
    );
    return token;
  }

  /** Uses a link up (deletes it); its account's id if it was one of ours, of this type and still valid. */
  private async useLink(tx: SqlQueries, token: string, type: LinkType, now: Date): Promise<string | null> {
    const { rows } = await tx.query<{ user_id: string; expires_at: Date }>(
      "delete from auth.email_links where id = $1 and type = $2 returning user_id, expires_at",
      [hashToken(token), type],
    );
    const link = rows[0];
    return link && new Date(link.expires_at).getTime() > now.getTime() ? link.user_id : null;
  }

  /** Rewrites an older hash, unless a racing sign-in did; a failure is only logged, as the old one still verifies. */
  private async rehash(userId: string, checked: string, password: string): Promise<void> {
    try {
      await this.db.query(
        "update auth.users set encrypted_password = $3, updated_at = $4 where id = $1 and encrypted_password = $2",
        [userId, checked, await hashPassword(password), new Date(this.now())],
      );
    } catch (error) {
      logger().error({ err: error }, "Rewriting a password hash failed");
    }
  }

  /** A new session (never a reused one) for each sign-in; expired ones of this user are swept. */
  private async startSession(userId: string): Promise<SessionRef> {
    const token = randomBytes(TOKEN_BYTES).toString("base64url");
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await tx.query("delete from auth.sessions where user_id = $1 and (expires_at <= $2 or last_seen_at <= $3)", [
        userId,
        new Date(now),
        new Date(now - SESSION_IDLE_MS),
      ]);
      await tx.query(
        "insert into auth.sessions (id, user_id, created_at, last_seen_at, expires_at) values ($1, $2, $3, $3, $4)",
        [hashToken(token), userId, new Date(now), new Date(now + SESSION_ABSOLUTE_MS)],
      );
    });
    return token;
  }
}
