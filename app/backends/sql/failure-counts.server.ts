import type { FailureCounts } from "../types";

import type { SqlClient } from "./sql-client.server";

/**
 * Failure counts in the database, through the functions of supabase/migrations (ADR 019): every
 * process on one PostgreSQL server counts into the same rows, and each change is one atomic
 * statement, so failures spread over processes add up exactly as on one.
 */
export class SqlFailureCounts implements FailureCounts {
  constructor(private readonly db: SqlClient) {}

  async count(keys: readonly string[]): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ key: string; failures: number }>(
      "select key, failures from public.count_auth_failures($1::text[])",
      [keys],
    );
    return new Map(rows.map((row) => [row.key, Number(row.failures)]));
  }

  async record(key: string, windowMs: number): Promise<void> {
    await this.db.query("select public.record_auth_failure($1, $2)", [key, Math.ceil(windowMs / 1000)]);
  }

  async forget(key: string): Promise<void> {
    await this.db.query("select public.forget_auth_failures($1)", [key]);
  }
}
