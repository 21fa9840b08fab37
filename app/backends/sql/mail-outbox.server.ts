import type { MailContent } from "~/models/account/account-texts";

import type { SqlClient, SqlQueries } from "./sql-client.server";

/** The transactional outbox (ADR 035): a mail is a row written in the transaction of what it belongs to. */

export interface OutboxMail extends MailContent {
  id: string;
  to: string;
  attempts: number;
  createdAt: Date;
}

/** Records `content` for `to` in the caller's transaction; the worker sends it once committed. */
export async function enqueueMail(tx: SqlQueries, to: string, content: MailContent, now: Date): Promise<void> {
  await tx.query(
    `insert into auth.mail_outbox (recipient, subject, text_body, html_body, created_at, next_attempt_at)
     values ($1, $2, $3, $4, $5, $5)`,
    [to, content.subject, content.text, content.html, now],
  );
}

/** Claims up to `limit` due mails for a lease of `leaseMs`, skipping those another worker holds (ADR 035). */
export async function claimDueMail(db: SqlClient, now: Date, leaseMs: number, limit: number): Promise<OutboxMail[]> {
  const { rows } = await db.query<{
    id: string;
    recipient: string;
    subject: string;
    text_body: string;
    html_body: string;
    attempts: number;
    created_at: Date;
  }>(
    `with due as (
       select id from auth.mail_outbox
       where next_attempt_at <= $1
       order by next_attempt_at, id
       limit $3
       for update skip locked
     )
     update auth.mail_outbox m
     set next_attempt_at = $2, attempts = m.attempts + 1
     from due where m.id = due.id
     returning m.id::text as id, m.recipient, m.subject, m.text_body, m.html_body, m.attempts, m.created_at`,
    [now, new Date(now.getTime() + leaseMs), limit],
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attempts: Number(row.attempts),
    createdAt: new Date(row.created_at),
  }));
}

/** A sent mail leaves the outbox, and its link's token with it. */
export async function deleteMail(db: SqlClient, id: string): Promise<void> {
  await db.query("delete from auth.mail_outbox where id = $1::bigint", [id]);
}

/** A failed attempt: tried again at `nextAttemptAt`, with the error kept for whoever looks. */
export async function deferMail(db: SqlClient, id: string, nextAttemptAt: Date, error: string): Promise<void> {
  await db.query("update auth.mail_outbox set next_attempt_at = $2, last_error = $3 where id = $1::bigint", [
    id,
    nextAttemptAt,
    error.slice(0, 500),
  ]);
}

/** When the oldest mail still waiting was written; null when none is. */
export async function oldestUnsent(db: SqlClient): Promise<Date | null> {
  const { rows } = await db.query<{ oldest: Date | null }>("select min(created_at) as oldest from auth.mail_outbox");
  const oldest = rows[0]?.oldest;
  return oldest ? new Date(oldest) : null;
}
