import type { Bucket, SignInLimitStore } from "~/backends/types.server";

import type { SqlClient } from "./sql-client.server";

/** The buckets as the migration's functions take them: three arrays read in step, times in seconds. */
export function bucketArrays(buckets: readonly Bucket[]): [string[], number[], number[]] {
  return [buckets.map((b) => b.key), buckets.map((b) => b.capacity), buckets.map((b) => b.refillMs / 1000)];
}

/** The sign-in limits' buckets in the database, through supabase/migrations' functions, which lock their rows (ADR 023). */
export class SqlSignInLimitStore implements SignInLimitStore {
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
