import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import ws from "ws";

import { getConfig } from "~/config.server";

import { boundedFetch, type BoundedFetchOptions } from "./bounded-fetch.server";

/** The hosted project's API, as configured by SUPABASE_URL and SUPABASE_ANON_KEY. */
export interface SupabaseSettings {
  url: string;
  anonKey: string;
}

/** A client with the anon key that keeps no session (the cookie does) and calls through a bounded fetch. */
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

/** For the sign-in limits alone (ADR 023), since it bypasses row-level security; null without the key. */
export function getSupabaseServiceClient(): SupabaseClient | null {
  const { supabase } = getConfig();
  if (!supabase?.serviceRoleKey) return null;
  serviceClient ??= createSupabaseClient({ url: supabase.url, anonKey: supabase.serviceRoleKey });
  return serviceClient;
}
