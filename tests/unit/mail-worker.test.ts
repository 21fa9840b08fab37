import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openPostgres } from "~/backends/postgres/database.server";
import { SqlAuthBackend } from "~/backends/sql/auth.server";
import { MailWorker } from "~/backends/sql/mail-worker.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";
import { fileTransport, smtpTransport } from "~/lib/mail-transport.server";
import { appMetrics } from "~/lib/metrics.server";

import { linkIn, type MailCatcher, startMailCatcher } from "../support/mail-catcher";
import { newPostgresDatabase, openTestDatabase, SQL_DRIVERS, stopTestPostgres } from "../support/sql-databases";

/**
 * The outbox and its worker (ADR 035) on both drivers, against a real SMTP server: a mail is
 * recorded with its account, sent once, kept through a mail server's outage and sent when it is
 * back; on PostgreSQL two processes' workers never send one mail twice.
 */

const FROM = "MakerVolt <no-reply@shop.example>";
const LINKS = { origin: "https://shop.example" };
const PASSWORD = "correct horse battery";
let counter = 0;
const newEmail = () => `mail${++counter}-${Date.now()}@example.com`;

async function metric(name: string): Promise<number> {
  const found = (await appMetrics.getMetricsAsJSON()).find((m) => m.name === name);
  return Number(found?.values[0]?.value ?? 0);
}

async function unsent(db: SqlClient): Promise<number> {
  const { rows } = await db.query<{ n: number }>("select count(*)::int as n from auth.mail_outbox");
  return rows[0]!.n;
}

let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher();
});

afterAll(async () => {
  await catcher.stop();
  await stopTestPostgres();
});

describe.each(SQL_DRIVERS)("the outbox on %s", (driver) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let clock = Date.parse("2026-06-01T12:00:00Z");
  const now = () => clock;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(driver, { seed: false }));
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  it("sends a sign-up's confirmation through SMTP, with a plain-text and an HTML part, once", async () => {
    const auth = new SqlAuthBackend(db, { now });
    const worker = new MailWorker(db, smtpTransport(catcher.url), { from: FROM, now });
    const sentBefore = await metric("makervolt_mail_sent_total");
    const email = newEmail();
    expect(await auth.signUp(email, PASSWORD, LINKS)).toEqual({ ok: true, session: null });
    await worker.runOnce();
    await worker.runOnce();

    const [mail, ...more] = catcher.messagesTo(email);
    expect(more).toHaveLength(0);
    expect(mail!.from).toBe("no-reply@shop.example");
    expect(mail!.subject).toBe("Confirm your MakerVolt account");
    expect(linkIn(mail!)).toMatch(/^https:\/\/shop\.example\/auth\/confirm\?token_hash=[\w-]{43}&type=signup$/);
    expect(mail!.html).toContain(`href="${linkIn(mail!).replace(/&/g, "&#38;")}"`);
    expect(mail!.html).toContain('<html lang="en">');
    expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(await unsent(db)).toBe(0);
    expect(await metric("makervolt_mail_sent_total")).toBe(sentBefore + 1);
  });

  it("answers a sign-up while the mail server is down, and sends the mail once it is back", async () => {
    const auth = new SqlAuthBackend(db, { now });
    const down = await startMailCatcher();
    const port = down.port;
    await down.stop();
    const worker = new MailWorker(db, smtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 2_000 }), {
      from: FROM,
      now,
    });
    const failedBefore = await metric("makervolt_mail_failed_attempts_total");
    const email = newEmail();
    expect(await auth.signUp(email, PASSWORD, LINKS)).toEqual({ ok: true, session: null });
    await worker.runOnce();
    expect(await metric("makervolt_mail_failed_attempts_total")).toBe(failedBefore + 1);
    expect(await unsent(db)).toBe(1);
    // Not tried again before its backoff (30 s after the first failure), however often the worker runs.
    clock += 20_000;
    await worker.runOnce();
    expect(await metric("makervolt_mail_failed_attempts_total")).toBe(failedBefore + 1);
    expect(await metric("makervolt_mail_oldest_unsent_age_seconds")).toBe(20);

    const back = await startMailCatcher({ port });
    try {
      clock += 15_000;
      await worker.runOnce();
      expect(back.messagesTo(email)).toHaveLength(1);
      expect(await unsent(db)).toBe(0);
      expect(await metric("makervolt_mail_oldest_unsent_age_seconds")).toBe(0);
    } finally {
      await back.stop();
    }
  });

  it("keeps trying for two days, doubling the wait up to 30 minutes, then gives up", async () => {
    const auth = new SqlAuthBackend(db, { now });
    const down = await startMailCatcher();
    await down.stop();
    const worker = new MailWorker(db, smtpTransport(down.url, { timeoutMs: 2_000 }), { from: FROM, now });
    const start = clock;
    await auth.requestPasswordReset(newEmail(), LINKS); // no account: nothing is queued
    expect(await unsent(db)).toBe(0);
    const email = newEmail();
    await auth.signUp(email, PASSWORD, LINKS);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      await worker.runOnce();
      const { rows } = await db.query<{ next: Date }>("select next_attempt_at as next from auth.mail_outbox");
      waits.push((new Date(rows[0]!.next).getTime() - clock) / 1000);
      clock = new Date(rows[0]!.next).getTime();
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1800, 1800, 1800, 1800, 1800, 1800]);
    clock = start + 2 * 24 * 60 * 60 * 1000;
    await worker.runOnce();
    expect(await unsent(db)).toBe(0);
    expect(await metric("makervolt_mail_abandoned_total")).toBeGreaterThanOrEqual(1);
  });
});

describe("two processes on one PostgreSQL server", () => {
  it("send each mail exactly once", async () => {
    const database = await newPostgresDatabase();
    const open = () =>
      openPostgres({
        url: database.url,
        poolSize: 4,
        statementTimeoutMs: 10_000,
        supabaseDir: "supabase",
        seed: false,
      });
    const first = await open();
    const second = await open();
    try {
      const auth = new SqlAuthBackend(first.db);
      const emails = Array.from({ length: 24 }, () => newEmail());
      for (const email of emails) await auth.signUp(email, PASSWORD, LINKS);
      // A slow mail server, so both workers are sending at the same time.
      catcher.setDelay(40);
      const sentBy = [0, 0];
      const workers = [first.db, second.db].map((db, i) => {
        const transport = smtpTransport(catcher.url);
        const counted = {
          ...transport,
          send: (m: Parameters<typeof transport.send>[0]) => transport.send(m).then(() => void sentBy[i]!++),
        };
        return new MailWorker(db, counted, { from: FROM });
      });
      await Promise.all(workers.map((worker) => worker.runOnce()));
      catcher.setDelay(0);
      for (const email of emails) expect(catcher.messagesTo(email), email).toHaveLength(1);
      // Both sent: they worked side by side, each skipping what the other had claimed.
      expect(sentBy[0]! + sentBy[1]!).toBe(24);
      expect(Math.min(...sentBy)).toBeGreaterThan(0);
      expect(await unsent(first.db)).toBe(0);
    } finally {
      catcher.setDelay(0);
      await first.close();
      await second.close();
      await database.drop();
    }
  }, 120_000);
});

describe("without SMTP_URL", () => {
  it("writes each mail as an .eml file, 0600 in a 0700 folder", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "makervolt-mail-test-"));
    const dir = path.join(parent, "mail");
    try {
      const transport = fileTransport(dir);
      await transport.send({ from: FROM, to: "ada@example.com", subject: "Hello", text: "Plain", html: "<p>Rich</p>" });
      const [file, ...others] = readdirSync(dir);
      expect(others).toHaveLength(0);
      expect(file).toMatch(/\.eml$/);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dir, file!)).mode & 0o777).toBe(0o600);
      const raw = readFileSync(path.join(dir, file!), "utf8");
      expect(raw).toMatch(/^To: ada@example.com$/m);
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
