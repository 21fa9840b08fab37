import type { Bucket, TokenBuckets } from "~/backends/types.server";

import type { SqlClient } from "./sql-client.server";

/** The buckets as the migration's functions take them: three arrays read in step, times in seconds. */
export function bucketArrays(buckets: readonly Bucket[]): [string[], number[], number[]] {
  return [buckets.map((b) => b.key), buckets.map((b) => b.capacity), buckets.map((b) => b.refillMs / 1000)];
}

/**
 * Token buckets in the database, through the functions of supabase/migrations (ADR 023):
 * every process on one PostgreSQL server takes from the same rows, and each take is one statement
 * that locks its rows, so attempts in parallel over any number of processes are admitted as if one
 * after another.
 */
export class SqlTokenBuckets implements TokenBuckets {
  constructor(private readonly db: SqlClient) {}

  async take(buckets: readonly Bucket[]): Promise<number> {
    const { rows } = await this.db.query<{ wait: number }>(
      "select public.take_auth_tokens($1::text[], $2::float8[], $3::float8[]) as wait",
      bucketArrays(buckets),
    );
    return Math.ceil(Number(rows[0]!.wait) * 1000);
  }

  async giveBack(buckets: readonly Bucket[]): Promise<void> {
    await this.db.query(
      "select public.give_auth_tokens($1::text[], $2::float8[], $3::float8[])",
      bucketArrays(buckets),
    );
  }

  async refill(keys: readonly string[]): Promise<void> {
    await this.db.query("select public.refill_auth_buckets($1::text[])", [keys]);
  }
}
