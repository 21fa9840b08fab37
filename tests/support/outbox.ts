import type { SqlQueries } from "~/backends/sql/sql-client.server";

/** The origin the tests' mails link to. */
export const TEST_ORIGIN = "https://shop.example";

/**
 * The token and type of the last link mailed to `email` through the SQL backend, read from the
 * outbox before any worker has sent it (tests of the accounts without a mail server).
 */
export async function mailedToken(db: SqlQueries, email: string): Promise<{ token: string; type: string }> {
  const { rows } = await db.query<{ text_body: string }>(
    "select text_body from auth.mail_outbox where lower(recipient) = lower($1) order by id desc limit 1",
    [email],
  );
  const link = /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(rows[0]?.text_body ?? "")?.[0];
  if (!link) throw new Error(`no link mailed to ${email}`);
  const query = new URL(link).searchParams;
  return { token: query.get("token_hash") ?? "", type: query.get("type") ?? "" };
}
