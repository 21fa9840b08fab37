/** What the SQL backend needs of a driver, which PGlite and node-postgres both provide (ADR 016). */

export interface SqlQueries {
  /** One statement with `$1`-style parameters. */
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** One or more statements without parameters (migrations, the seed, settings). */
  exec(sql: string): Promise<unknown>;
}

export interface SqlClient extends SqlQueries {
  /**
   * `body` in one transaction on one connection. Never BEGIN through exec(): with a pool the next statement may run
   * elsewhere, and PGlite would leak the transaction into other requests.
   */
  transaction<T>(body: (tx: SqlQueries) => Promise<T>): Promise<T>;
}

/** Reads as role anon (SET LOCAL, so for this transaction only): row-level security applies as hosted (ADR 016). */
export function asAnon<T>(client: SqlClient, read: (tx: SqlQueries) => Promise<T>): Promise<T> {
  return client.transaction(async (tx) => {
    await tx.exec("set local role anon");
    return read(tx);
  });
}
