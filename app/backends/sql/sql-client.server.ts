/**
 * What the SQL backend needs from a PostgreSQL driver (docs/data.md#databases-and-backends): the embedded PGlite
 * database and a PostgreSQL server (node-postgres) both provide it, so the repository, the
 * accounts and the migrations are written once (ADR 016).
 */

export interface SqlQueries {
  /** One statement with `$1`-style parameters. */
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** One or more statements without parameters (migrations, the seed, settings). */
  exec(sql: string): Promise<unknown>;
}

export interface SqlClient extends SqlQueries {
  /**
   * Runs `body` in one transaction on one connection: committed when it resolves, rolled back when
   * it throws. Never BEGIN through exec(): with a pool the next statement may run elsewhere, and
   * PGlite would leak the transaction into other requests.
   */
  transaction<T>(body: (tx: SqlQueries) => Promise<T>): Promise<T>;
}

/**
 * Runs reads as Supabase's `anon` role inside a transaction, so the same row-level security
 * policies apply as on the hosted API. SET LOCAL ends with the transaction.
 */
export function asAnon<T>(client: SqlClient, read: (tx: SqlQueries) => Promise<T>): Promise<T> {
  return client.transaction(async (tx) => {
    await tx.exec("set local role anon");
    return read(tx);
  });
}
