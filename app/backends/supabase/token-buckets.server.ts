import type { SupabaseClient } from "@supabase/supabase-js";

import { bucketArrays } from "~/backends/sql/token-buckets.server";
import { BackendError, type Bucket, type TokenBuckets } from "~/backends/types.server";

/**
 * Token buckets in the hosted project's database, through the functions of supabase/migrations
 * (ADR 023) called over PostgREST with the service_role key: the API roles may not call
 * them, so only the shop's server can take or give back a token. Every process shares them.
 */
export class SupabaseTokenBuckets implements TokenBuckets {
  /** `client` must be made with the service_role key (getSupabaseServiceClient). */
  constructor(private readonly client: SupabaseClient) {}

  async take(buckets: readonly Bucket[]): Promise<number> {
    const { data, error } = await this.client.rpc("take_auth_tokens", bucketParams(buckets));
    if (error) throw failure("take from", error);
    return Math.ceil(Number(data) * 1000);
  }

  async giveBack(buckets: readonly Bucket[]): Promise<void> {
    const { error } = await this.client.rpc("give_auth_tokens", bucketParams(buckets));
    if (error) throw failure("give back to", error);
  }

  async refill(keys: readonly string[]): Promise<void> {
    const { error } = await this.client.rpc("refill_auth_buckets", { bucket_keys: keys });
    if (error) throw failure("refill", error);
  }
}

function bucketParams(buckets: readonly Bucket[]) {
  const [bucket_keys, capacities, refill_seconds] = bucketArrays(buckets);
  return { bucket_keys, capacities, refill_seconds };
}

function failure(doing: string, error: { message: string; code?: string }): BackendError {
  return new BackendError(`Could not ${doing} the sign-in limits: ${error.message}`, {
    kind: "unavailable",
    serviceError: { code: error.code },
  });
}
