import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import ws from "ws";

import { getConfig } from "~/config.server";

import { boundedFetch, type BoundedFetchOptions } from "./bounded-fetch.server";

/** The hosted project's API, as configured by SUPABASE_URL and SUPABASE_ANON_KEY. */
export interface SupabaseSettings {
  url: string;
  anonKey: string;
}

/**
 * A server-side client with the anon key: it keeps no session of its own (each request's
 * user session, when there is one, lives in the cookie) and never refreshes in the background.
 * Every request goes through a bounded fetch, so an unreachable or hung service fails a call in
 * under 3 s; `fetchOptions` adjusts the bounds (tests) or shares one deadline between all of the
 * client's calls (a short-lived auth client).
 */
export function createSupabaseClient(
  { url, anonKey }: SupabaseSettings,
  fetchOptions: BoundedFetchOptions = {},
): SupabaseClient {
  return createClient(url, anonKey, {
    // Node 20 has no global WebSocket; without a transport, createClient throws.
    realtime: { transport: ws as unknown as typeof WebSocket },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: boundedFetch(fetchOptions) },
  });
}

let client: SupabaseClient | undefined;

/** The process's anonymous client for public reads (the catalogue). */
export function getSupabaseClient(): SupabaseClient {
  if (!client) {
    const { supabase } = getConfig();
    if (!supabase) throw new Error("SUPABASE_URL and SUPABASE_ANON_KEY must both be set.");
    client = createSupabaseClient(supabase);
  }
  return client;
}

let serviceClient: SupabaseClient | undefined;

/**
 * A client with the service_role key (SUPABASE_SERVICE_ROLE_KEY), for the sign-in failure counts
 * only (ADR 023); null when the key is not set. It bypasses row-level security, so nothing a
 * shopper asks for is ever read through it.
 */
export function getSupabaseServiceClient(): SupabaseClient | null {
  const { supabase } = getConfig();
  if (!supabase?.serviceRoleKey) return null;
  serviceClient ??= createSupabaseClient({ url: supabase.url, anonKey: supabase.serviceRoleKey });
  return serviceClient;
}
