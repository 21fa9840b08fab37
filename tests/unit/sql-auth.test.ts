import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SqlAuthBackend } from "~/backends/sql/auth.server";
import { hashPassword } from "~/backends/sql/password.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";

import { mailedToken } from "../support/outbox";
import { openTestDatabase, SQL_DRIVERS, stopTestPostgres } from "../support/sql-databases";

/** Accounts and sessions on both drivers of the SQL backend: in-memory PGlite and a real PostgreSQL server. */

let counter = 0;
const newEmail = () => `user${++counter}-${Date.now()}@example.com`;
const PASSWORD = "correct horse battery";
const LINKS = { origin: "https://shop.example" };

afterAll(stopTestPostgres);

describe.each(SQL_DRIVERS)("accounts on %s", (driver) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let clock = Date.parse("2026-01-01T00:00:00Z");
  let auth: SqlAuthBackend;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(driver, { seed: false }));
    auth = new SqlAuthBackend(db, { now: () => clock });
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  /** A new account, confirmed by the link it was mailed, and the session that link started. */
  async function signedUp(email = newEmail()) {
    const outcome = await auth.signUp(email, PASSWORD, LINKS);
    if (!outcome.ok) throw new Error(outcome.error.message);
    const confirmed = await auth.confirmEmail((await mailedToken(db, email)).token);
    if (!confirmed.ok || !confirmed.session) throw new Error("the confirmation link did not sign in");
    return { user: confirmed.user, session: confirmed.session };
  }

  it("signs up unconfirmed and signed out, confirms by the mailed link, and stores only hashes", async () => {
    const email = newEmail();
    expect(await auth.signUp(email, PASSWORD, LINKS)).toEqual({ ok: true, session: null });
    const before = await db.query<{ email_confirmed_at: Date | null }>(
      "select email_confirmed_at from auth.users where email = $1",
      [email],
    );
    expect(before.rows[0]?.email_confirmed_at).toBeNull();
    const { token, type } = await mailedToken(db, email);
    expect(type).toBe("signup");
    expect(token.length).toBeGreaterThanOrEqual(43);
    // The table keeps a digest of the link's token, not the token.
    expect((await db.query("select 1 from auth.email_links where id = $1", [token])).rows).toHaveLength(0);

    const confirmed = await auth.confirmEmail(token);
    if (!confirmed.ok || !confirmed.session) throw new Error("not confirmed");
    const { user, session } = confirmed;
    expect(user.email).toBe(email);
    expect((await auth.lookUpSession(session)).user?.email).toBe(email);
    const { rows } = await db.query<{ encrypted_password: string; email_confirmed_at: Date | null }>(
      "select encrypted_password, email_confirmed_at from auth.users where id = $1",
      [user.id],
    );
    expect(rows[0]?.encrypted_password).toMatch(/^scrypt\$/);
    expect(rows[0]?.email_confirmed_at).not.toBeNull();
    expect((await db.query("select 1 from auth.sessions where id = $1", [session])).rows).toHaveLength(0);
  });

  it("keeps one account per email in any case, and exactly one of two racing sign-ups creates it", async () => {
    const email = newEmail();
    await signedUp(email);
    expect(await auth.signUp(email.toUpperCase(), "another password", LINKS)).toEqual({ ok: true, session: null });
    expect((await auth.signIn(email, "another password")).ok).toBe(false);

    const racing = newEmail();
    const results = await Promise.all([
      auth.signUp(racing, PASSWORD, LINKS),
      auth.signUp(racing.toUpperCase(), PASSWORD, LINKS),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from auth.users where lower(email) = lower($1)",
      [racing],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("signs in with any case of the email, and starts a new session each time", async () => {
    const email = newEmail();
    const first = await signedUp(email);
    const second = await auth.signIn(email.toUpperCase(), PASSWORD);
    expect(second.ok).toBe(true);
    if (!second.ok || !second.session) throw new Error("sign-in failed");
    expect(second.session).not.toBe(first.session);
    expect(second.session.length).toBeGreaterThanOrEqual(43);
    expect((await auth.lookUpSession(first.session)).user).not.toBeNull();
    expect((await auth.lookUpSession(second.session)).user?.email).toBe(email);
  });

  it("rewrites a hash made with the earlier scrypt parameters at the first successful sign-in", async () => {
    const email = newEmail();
    const { user } = await signedUp(email);
    const storedHash = async () =>
      (await db.query<{ h: string }>("select encrypted_password as h from auth.users where id = $1", [user.id]))
        .rows[0]!.h;
    await db.query("update auth.users set encrypted_password = $2 where id = $1", [
      user.id,
      await hashPassword(PASSWORD, { N: 2 ** 17, r: 8, p: 1 }),
    ]);
    expect((await auth.signIn(email, "not the password")).ok).toBe(false);
    expect(await storedHash()).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await auth.signIn(email, PASSWORD)).ok).toBe(true);
    expect(await storedHash()).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect((await auth.signIn(email, PASSWORD)).ok).toBe(true);
  });

  it("answers the same message for a wrong password and an unknown email", async () => {
    const email = newEmail();
    await signedUp(email);
    const wrong = await auth.signIn(email, "not the password");
    const unknown = await auth.signIn(newEmail(), PASSWORD);
    expect(wrong).toEqual({
      ok: false,
      error: { code: "invalid_credentials", message: "Invalid login credentials", status: 400 },
    });
    expect(unknown).toEqual(wrong);
  });

  it("ends a session at sign-out; an unknown session is nobody", async () => {
    const { session } = await signedUp();
    expect(await auth.signOut(session)).toEqual({ error: null });
    expect(await auth.lookUpSession(session)).toEqual({ user: null, session: null });
    expect(await auth.lookUpSession("made-up-token")).toEqual({ user: null, session: null });
  });

  it("expires a session after a week without a visit, sliding with each visit", async () => {
    const { session } = await signedUp();
    clock += SESSION_IDLE_MS - 60_000;
    expect((await auth.lookUpSession(session)).user).not.toBeNull();
    clock += SESSION_IDLE_MS - 60_000;
    expect((await auth.lookUpSession(session)).user).not.toBeNull();
    clock += SESSION_IDLE_MS;
    expect(await auth.lookUpSession(session)).toEqual({ user: null, session: null });
  });

  it("expires a session 30 days after sign-in however often it is used", async () => {
    const { session } = await signedUp();
    const start = clock;
    while (clock + 6 * 24 * 60 * 60 * 1000 < start + SESSION_ABSOLUTE_MS) {
      clock += 6 * 24 * 60 * 60 * 1000;
      expect((await auth.lookUpSession(session)).user).not.toBeNull();
    }
    clock = start + SESSION_ABSOLUTE_MS;
    expect(await auth.lookUpSession(session)).toEqual({ user: null, session: null });
  });
});
