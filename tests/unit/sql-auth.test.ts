import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SqlAuthBackend } from "~/backends/sql/auth.server";
import { hashPassword } from "~/backends/sql/password.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";

import { openTestDatabase, SQL_DRIVERS, stopTestPostgres } from "../support/sql-databases";

/** Accounts and sessions on both drivers of the SQL backend: in-memory PGlite and a real PostgreSQL server. */

let counter = 0;
const newEmail = () => `user${++counter}-${Date.now()}@example.com`;
const PASSWORD = "correct horse battery";

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

  async function signedUp(email = newEmail()) {
    const outcome = await auth.signUp(email, PASSWORD);
    if (!outcome.ok) throw new Error(outcome.error.message);
    if (!outcome.session) throw new Error("The SQL backend always signs a new user in");
    return { user: outcome.user, session: outcome.session };
  }

  it("signs up, confirms at once and stores only a hash", async () => {
    const email = newEmail();
    const { user, session } = await signedUp(email);
    expect(user.email).toBe(email);
    expect((await auth.lookUpSession(session)).user?.email).toBe(email);
    const { rows } = await db.query<{ encrypted_password: string; email_confirmed_at: Date | null }>(
      "select encrypted_password, email_confirmed_at from auth.users where id = $1",
      [user.id],
    );
    expect(rows[0]?.encrypted_password).toMatch(/^scrypt\$/);
    expect(rows[0]?.email_confirmed_at).not.toBeNull();
    // The table keeps a digest of the token, not the token.
    const stored = await db.query("select 1 from auth.sessions where id = $1", [session]);
    expect(stored.rows).toHaveLength(0);
  });

  it("refuses a second account for one email in any case, and lets exactly one of two racing sign-ups through", async () => {
    const email = newEmail();
    await signedUp(email);
    const again = await auth.signUp(email.toUpperCase(), "another password");
    expect(again).toMatchObject({
      ok: false,
      error: { code: "user_already_exists", message: "User already registered" },
    });

    const racing = newEmail();
    const results = await Promise.all([auth.signUp(racing, PASSWORD), auth.signUp(racing.toUpperCase(), PASSWORD)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
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
    expect(await storedHash()).toMatch(/^scrypt\$32768\$8\$3\$/);
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
