import { createHash, randomBytes } from "node:crypto";

import {
  AUTH_MESSAGES,
  type AuthBackend,
  type AuthFailure,
  type AuthOutcome,
  type SessionLookup,
  type SessionRef,
} from "../types.server";
import type { SqlClient } from "./sql-client.server";
import { hashPassword, needsRehash, PasswordHashesBusy, verifyDummyPassword, verifyPassword } from "./password.server";
import { logger } from "~/lib/log.server";

/**
 * Accounts and server-side sessions in the embedded database or a PostgreSQL server (ADR 030, ADR 016). The cookie holds a
 * random 256-bit token; the table holds its SHA-256. A session ends when the shopper signs out,
 * after a week without a visit (sliding), or 30 days after sign-in, whichever comes first.
 */

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often: a page view is otherwise a read only. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const TOKEN_BYTES = 32;

const unexpected = (): AuthFailure => ({ code: "unexpected", message: "Something went wrong", status: 500 });

/** What a failed sign-in or sign-up reads as: too busy to check a password now (503), or a fault of ours. */
function failureOf(error: unknown, doing: string): AuthFailure {
  if (error instanceof PasswordHashesBusy) {
    return { code: "over_capacity", message: AUTH_MESSAGES.overloaded, status: 503 };
  }
  logger().error({ err: error }, `${doing} failed`);
  return unexpected();
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export interface SqlAuthOptions {
  /** The clock, for tests of expiry. */
  now?: () => number;
}

export class SqlAuthBackend implements AuthBackend {
  private readonly now: () => number;

  constructor(
    private readonly db: SqlClient,
    options: SqlAuthOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  async signUp(email: string, password: string): Promise<AuthOutcome> {
    try {
      const encrypted = await hashPassword(password);
      const now = new Date(this.now());
      // Two sign-ups racing for one email: the unique index lets exactly one insert through.
      const { rows } = await this.db.query<{ id: string; email: string }>(
        `insert into auth.users (email, encrypted_password, email_confirmed_at, created_at, updated_at)
         values ($1, $2, $3, $3, $3)
         on conflict ((lower(email))) do nothing
         returning id, email`,
        [email, encrypted, now],
      );
      const user = rows[0];
      if (!user)
        return {
          ok: false,
          error: { code: "user_already_exists", message: AUTH_MESSAGES.alreadyRegistered, status: 422 },
        };
      return { ok: true, user, session: await this.startSession(user.id) };
    } catch (error) {
      return { ok: false, error: failureOf(error, "Sign-up") };
    }
  }

  async signIn(email: string, password: string): Promise<AuthOutcome> {
    try {
      const { rows } = await this.db.query<{ id: string; email: string; encrypted_password: string }>(
        "select id, email, encrypted_password from auth.users where lower(email) = lower($1)",
        [email],
      );
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

  /**
   * Rewrites a hash made with older scrypt parameters (password.server.ts) now that the password
   * is known to be right, so the account's next sign-in costs what new ones do. Only if the hash
   * is still the one checked (a racing sign-in may have rewritten it); a failure here is logged
   * and the sign-in goes on, since the old hash still verifies.
   */
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
