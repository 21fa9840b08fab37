import type { SupabaseClient } from "@supabase/supabase-js";

import { bucketArrays } from "~/backends/sql/sign-in-limit-store.server";
import { BackendError, type Bucket, type SignInLimitStore } from "~/backends/types.server";

/** The sign-in limits' buckets in the hosted project's database, through the SQL backend's functions (ADR 023). */
export class SupabaseSignInLimitStore implements SignInLimitStore {
  /** Made with the service_role key (getSupabaseServiceClient): only it may call the functions. */
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
