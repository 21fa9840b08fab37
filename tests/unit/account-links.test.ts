import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SqlAuthBackend } from "~/backends/sql/auth.server";
import { hashPassword } from "~/backends/sql/password.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";

import { mailedToken, TEST_ORIGIN } from "../support/outbox";
import { openTestDatabase, SQL_DRIVERS, stopTestPostgres } from "../support/sql-databases";

/**
 * Confirmation and password reset on the SQL backend (docs/accounts.md, ADR 035), on PGlite and a
 * real PostgreSQL server: links that expire, work once and cannot be forged, answers that never tell
 * whether an address has an account, and a reset that ends every session.
 */

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a new and better one";
const LINKS = { origin: TEST_ORIGIN };
const HOUR = 60 * 60 * 1000;
const LINK_INVALID = { code: "otp_expired", message: "Email link is invalid or has expired", status: 403 };
let counter = 0;
const newEmail = () => `links${++counter}-${Date.now()}@example.com`;

afterAll(stopTestPostgres);

describe.each(SQL_DRIVERS)("mailed links on %s", (driver) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let clock = Date.parse("2026-03-01T09:00:00Z");
  const now = () => clock;
  let required: SqlAuthBackend;
  let optional: SqlAuthBackend;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(driver, { seed: false }));
    required = new SqlAuthBackend(db, { now });
    optional = new SqlAuthBackend(db, { now, confirmation: "optional" });
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  const mails = async (email: string) =>
    (
      await db.query<{ subject: string; text_body: string }>(
        "select subject, text_body from auth.mail_outbox where lower(recipient) = lower($1) order by id",
        [email],
      )
    ).rows;

  async function confirmedAccount(email = newEmail()) {
    await required.signUp(email, PASSWORD, LINKS);
    const confirmed = await required.confirmEmail((await mailedToken(db, email)).token);
    if (!confirmed.ok || !confirmed.session) throw new Error("not confirmed");
    return { email, session: confirmed.session };
  }

  it("required: no sign-in before the link is followed, and 'Email not confirmed' only for the right password", async () => {
    const email = newEmail();
    expect(await required.signUp(email, PASSWORD, LINKS)).toEqual({ ok: true, session: null });
    expect(await required.signIn(email, PASSWORD)).toEqual({
      ok: false,
      error: { code: "email_not_confirmed", message: "Email not confirmed", status: 400 },
    });
    expect(await required.signIn(email, "not the password")).toMatchObject({
      ok: false,
      error: { code: "invalid_credentials" },
    });
    const { token, type } = await mailedToken(db, email);
    expect(type).toBe("signup");
    const confirmed = await required.confirmEmail(token);
    expect(confirmed).toMatchObject({ ok: true, user: { email } });
    expect((await required.signIn(email, PASSWORD)).ok).toBe(true);
  });

  it("optional: signs a new account in at once, and the mailed link still confirms it", async () => {
    const email = newEmail();
    const outcome = await optional.signUp(email, PASSWORD, LINKS);
    expect(outcome.ok && outcome.session).toBeTruthy();
    expect((await optional.signIn(email, PASSWORD)).ok).toBe(true);
    expect((await optional.confirmEmail((await mailedToken(db, email)).token)).ok).toBe(true);
    const { rows } = await db.query<{ confirmed: Date | null }>(
      "select email_confirmed_at as confirmed from auth.users where email = $1",
      [email],
    );
    expect(rows[0]?.confirmed).not.toBeNull();
  });

  it("keeps accounts made before confirmation existed signed in as before", async () => {
    const email = newEmail();
    await db.query(
      "insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, $2, '2026-01-01')",
      [email, await hashPassword(PASSWORD)],
    );
    expect((await required.signIn(email, PASSWORD)).ok).toBe(true);
  });

  it("a confirmation link works once, for 24 hours, and not when altered", async () => {
    const email = newEmail();
    await required.signUp(email, PASSWORD, LINKS);
    const { token } = await mailedToken(db, email);
    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect(await required.confirmEmail(altered)).toEqual({ ok: false, error: LINK_INVALID });
    expect(await required.confirmEmail("")).toEqual({ ok: false, error: LINK_INVALID });

    clock += 24 * HOUR + 1000;
    expect(await required.confirmEmail(token)).toEqual({ ok: false, error: LINK_INVALID });
    // A new link (the old one is gone either way), used within its day, then once more.
    expect(await required.resendConfirmation(email, LINKS)).toEqual({ error: null });
    const fresh = (await mailedToken(db, email)).token;
    clock += 23 * HOUR;
    expect((await required.confirmEmail(fresh)).ok).toBe(true);
    expect(await required.confirmEmail(fresh)).toEqual({ ok: false, error: LINK_INVALID });
  });

  it("a new confirmation link replaces the earlier one", async () => {
    const email = newEmail();
    await required.signUp(email, PASSWORD, LINKS);
    const first = (await mailedToken(db, email)).token;
    await required.resendConfirmation(email, LINKS);
    const second = (await mailedToken(db, email)).token;
    expect(second).not.toBe(first);
    expect(await required.confirmEmail(first)).toEqual({ ok: false, error: LINK_INVALID });
    expect((await required.confirmEmail(second)).ok).toBe(true);
  });

  it("answers a sign-up of a taken address as a new one, and mails its owner instead", async () => {
    const { email } = await confirmedAccount();
    const before = await mails(email);
    const again = await required.signUp(email.toUpperCase(), "someone else's password", LINKS);
    const fresh = await required.signUp(newEmail(), "someone else's password", LINKS);
    expect(again).toEqual(fresh);
    const after = await mails(email);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.subject).toBe("Someone tried to create a MakerVolt account with your address");
    expect(after.at(-1)!.text_body).toContain(`${TEST_ORIGIN}/auth/forgot`);
    expect(after.at(-1)!.text_body).not.toContain("token_hash");
    // The owner's password and account are untouched.
    expect((await required.signIn(email, PASSWORD)).ok).toBe(true);
  });

  it("answers reset and resend requests alike for any address, mailing only where there is an account", async () => {
    const { email } = await confirmedAccount();
    const unknown = newEmail();
    expect(await required.requestPasswordReset(unknown, LINKS)).toEqual({ error: null });
    expect(await required.resendConfirmation(unknown, LINKS)).toEqual({ error: null });
    expect(await mails(unknown)).toHaveLength(0);
    const before = (await mails(email)).length;
    // Confirmed already: nothing to resend.
    expect(await required.resendConfirmation(email, LINKS)).toEqual({ error: null });
    expect(await mails(email)).toHaveLength(before);
    expect(await required.requestPasswordReset(email.toUpperCase(), LINKS)).toEqual({ error: null });
    expect(await mails(email)).toHaveLength(before + 1);
    const { type } = await mailedToken(db, email);
    expect(type).toBe("recovery");
  });

  it("a reset ends every session, signs in with a new one, and its link works once, for an hour", async () => {
    const { email, session: first } = await confirmedAccount();
    const second = await required.signIn(email, PASSWORD);
    if (!second.ok || !second.session) throw new Error("sign-in failed");
    await required.requestPasswordReset(email, LINKS);
    const { token } = await mailedToken(db, email);

    const opened = await required.openRecoveryLink(token);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    // Opening it uses nothing up (a mail scanner may fetch the link first): a second look still works.
    expect((await required.openRecoveryLink(token)).ok).toBe(true);
    // Not a confirmation link.
    expect(await required.confirmEmail(token)).toEqual({ ok: false, error: LINK_INVALID });

    const reset = await required.resetPassword(opened.grant, NEW_PASSWORD);
    expect(reset).toMatchObject({ ok: true, user: { email } });
    if (!reset.ok || !reset.session) return;
    expect(await required.lookUpSession(first)).toEqual({ user: null, session: null });
    expect(await required.lookUpSession(second.session)).toEqual({ user: null, session: null });
    expect((await required.lookUpSession(reset.session)).user?.email).toBe(email);
    expect((await required.signIn(email, PASSWORD)).ok).toBe(false);
    expect((await required.signIn(email, NEW_PASSWORD)).ok).toBe(true);

    // Used up.
    expect(await required.openRecoveryLink(token)).toEqual({ ok: false, error: LINK_INVALID });
    expect(await required.resetPassword(opened.grant, "yet another password")).toEqual({
      ok: false,
      error: LINK_INVALID,
    });

    // A new one, an hour and a second later.
    await required.requestPasswordReset(email, LINKS);
    const late = (await mailedToken(db, email)).token;
    clock += HOUR + 1000;
    expect(await required.openRecoveryLink(late)).toEqual({ ok: false, error: LINK_INVALID });
    expect(await required.resetPassword(late, "yet another password")).toEqual({ ok: false, error: LINK_INVALID });
    expect((await required.signIn(email, NEW_PASSWORD)).ok).toBe(true);
  });

  it("a reset confirms an address that was not confirmed yet: following the link proves the mailbox", async () => {
    const email = newEmail();
    await required.signUp(email, PASSWORD, LINKS);
    await required.requestPasswordReset(email, LINKS);
    const { token } = await mailedToken(db, email);
    expect((await required.resetPassword(token, NEW_PASSWORD)).ok).toBe(true);
    expect((await required.signIn(email, NEW_PASSWORD)).ok).toBe(true);
  });

  it("builds every link from the origin it is given", async () => {
    const email = newEmail();
    await required.signUp(email, PASSWORD, { origin: "https://www.makervolt.com" });
    const [mail] = await mails(email);
    expect(mail!.text_body).toMatch(/https:\/\/www\.makervolt\.com\/auth\/confirm\?token_hash=[\w-]{43}&type=signup/);
  });
});
