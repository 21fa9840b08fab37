import type { SupabaseClient } from "@supabase/supabase-js";

import { BackendError, type FailureCounts } from "../types";

/**
 * Failure counts in the hosted project's database, through the functions of supabase/migrations
 * (ADR 019) called over PostgREST with the service_role key: the API roles may not call them, so
 * only the shop's server can read or change a count. Every process shares them.
 */
export class SupabaseFailureCounts implements FailureCounts {
  /** `client` must be made with the service_role key (getSupabaseServiceClient). */
  constructor(private readonly client: SupabaseClient) {}

  async count(keys: readonly string[]): Promise<Map<string, number>> {
    const { data, error } = await this.client.rpc("count_auth_failures", { failure_keys: keys });
    if (error) throw failure("read", error);
    const rows = (data ?? []) as { key: string; failures: number }[];
    return new Map(rows.map((row) => [row.key, Number(row.failures)]));
  }

  async record(key: string, windowMs: number): Promise<void> {
    const { error } = await this.client.rpc("record_auth_failure", {
      failure_key: key,
      window_seconds: Math.ceil(windowMs / 1000),
    });
    if (error) throw failure("record", error);
  }

  async forget(key: string): Promise<void> {
    const { error } = await this.client.rpc("forget_auth_failures", { failure_key: key });
    if (error) throw failure("forget", error);
  }
}

function failure(doing: string, error: { message: string; code?: string }): BackendError {
  return new BackendError(`Could not ${doing} the sign-in failure counts: ${error.message}`, {
    kind: "unavailable",
    serviceError: { code: error.code },
  });
}
