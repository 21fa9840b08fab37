import { logger } from "~/lib/log.server";
import type { MailTransport } from "~/lib/mail-transport.server";
import { appCounter, appGauge } from "~/lib/metrics.server";

import { claimDueMail, deferMail, deleteMail, oldestUnsent, type OutboxMail } from "./mail-outbox.server";
import type { SqlClient } from "./sql-client.server";

/** Sends what the outbox holds, one worker a process, trying a failed mail again for two days (ADR 035). */

const MINUTE_MS = 60_000;

export interface MailWorkerOptions {
  /** The From header (MAIL_FROM). */
  from: string;
  now?: () => number;
  pollMs?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
  giveUpAfterMs?: number;
  /** How long a claimed mail is this worker's: longer than an SMTP attempt can take (three 30 s time-outs). */
  leaseMs?: number;
}

const sent = appCounter({
  name: "makervolt_mail_sent_total",
  help: "Mails handed to the mail server (or written as files).",
});
const failedAttempts = appCounter({
  name: "makervolt_mail_failed_attempts_total",
  help: "Attempts to send a mail that failed; the mail is tried again later.",
});
const abandoned = appCounter({
  name: "makervolt_mail_abandoned_total",
  help: "Mails given up on after two days of failed attempts.",
});
let oldestAgeSeconds = 0;
appGauge({
  name: "makervolt_mail_oldest_unsent_age_seconds",
  help: "Age of the oldest mail in the outbox not yet sent, as this process last saw it; 0 when none waits.",
  collect() {
    this.set(oldestAgeSeconds);
  },
});

export class MailWorker {
  private readonly now: () => number;
  private readonly options: Required<Omit<MailWorkerOptions, "now">>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** Until start(), wake() does nothing: a test or a command that imports the backend sends nothing by itself. */
  private started = false;
  private stopping = false;

  constructor(
    private readonly db: SqlClient,
    private readonly transport: MailTransport,
    options: MailWorkerOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.options = {
      from: options.from,
      pollMs: options.pollMs ?? 10_000,
      firstRetryMs: options.firstRetryMs ?? 30_000,
      maxRetryMs: options.maxRetryMs ?? 30 * MINUTE_MS,
      giveUpAfterMs: options.giveUpAfterMs ?? 2 * 24 * 60 * MINUTE_MS,
      leaseMs: options.leaseMs ?? 2 * MINUTE_MS,
    };
  }

  /** Polls from now on (an unref'd timer: it never keeps the process alive) and sends what is due. */
  start(): void {
    this.started = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Mail was just committed: send it now rather than at the next poll. */
  wake(): void {
    if (!this.started || this.stopping) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops polling and waits for the mail being sent, so the database can be closed after. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Sends every mail due now; resolves when none is left (or this run failed, which is logged). */
  runOnce(): Promise<void> {
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
      if (!this.started || this.stopping) return;
      this.schedule(this.again ? 0 : this.options.pollMs);
      this.again = false;
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.runOnce(), delayMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        if (this.stopping) break;
        const batch = await claimDueMail(this.db, new Date(this.now()), this.options.leaseMs, 10);
        for (const mail of batch) await this.deliver(mail);
        if (batch.length < 10) break;
      }
      const oldest = await oldestUnsent(this.db);
      oldestAgeSeconds = oldest ? Math.max(0, (this.now() - oldest.getTime()) / 1000) : 0;
    } catch (error) {
      // The database is down: the mails wait in it, and the next poll tries again.
      logger().error({ err: error }, "mail: the outbox could not be read");
    }
  }

  private async deliver(mail: OutboxMail): Promise<void> {
    try {
      await this.transport.send({
        from: this.options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (error) {
      failedAttempts.inc();
      const message = error instanceof Error ? error.message : String(error);
      if (this.now() - mail.createdAt.getTime() >= this.options.giveUpAfterMs) {
        abandoned.inc();
        logger().error({ mail: mail.id, attempts: mail.attempts, reason: message }, "mail: given up after two days");
        await deleteMail(this.db, mail.id);
        return;
      }
      const delay = Math.min(this.options.maxRetryMs, this.options.firstRetryMs * 2 ** (mail.attempts - 1));
      logger().warn(
        { mail: mail.id, attempts: mail.attempts, reason: message },
        "mail: sending failed, will try again",
      );
      await deferMail(this.db, mail.id, new Date(this.now() + delay), message);
      return;
    }
    sent.inc();
    await deleteMail(this.db, mail.id);
  }
}
