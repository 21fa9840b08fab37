import { memoisePromise } from "~/services/memoise-promise.server";

import { type Config, getConfig } from "~/config.server";

import { CachedProductRepository } from "./cached-repository";
import { type AuthBackend, BackendError, type ProductRepository } from "./types";

/**
 * The one place that decides which data service the app talks to (docs/data.md#backends): hosted
 * Supabase when SUPABASE_URL and SUPABASE_ANON_KEY are both set, otherwise the embedded
 * PGlite database. Each backend is imported only when chosen, so the embedded one never
 * starts PGlite in hosted mode.
 */

export type BackendKind = "supabase" | "embedded";

export function configuredBackend(config: Pick<Config, "supabase"> = getConfig()): BackendKind {
  return config.supabase ? "supabase" : "embedded";
}

async function createProductRepository(): Promise<ProductRepository> {
  if (configuredBackend() === "supabase") {
    const { SupabaseProductRepository } = await import("./supabase/products.server");
    const { getSupabaseClient } = await import("./supabase/client.server");
    return new SupabaseProductRepository(getSupabaseClient());
  }
  const { EmbeddedProductRepository } = await import("./embedded/products.server");
  const { getDatabase } = await import("./embedded/database.server");
  // The embedded catalogue cannot change while this process has it open (ADR 007), so its
  // reads are cached; hosted Supabase can be edited underneath us, so it is not.
  return new CachedProductRepository(new EmbeddedProductRepository(await getDatabase()));
}

/**
 * The product repository for this process, created on first use; not remembered on failure
 * (e.g. the database could not open), so a later call retries.
 */
export const getProductRepository: () => Promise<ProductRepository> = memoisePromise(() =>
  // A database that cannot be opened is an outage to the pages (503), whatever the cause.
  createProductRepository().catch((error: unknown) => {
    throw new BackendError("The product database could not be opened.", { kind: "unavailable", cause: error });
  }),
);

/** Accounts and sessions for this process (same choice of backend as the products), created on first use. */
export const getAuthBackend: () => Promise<AuthBackend> = memoisePromise(async () => {
  if (configuredBackend() === "supabase") {
    const { SupabaseAuthBackend } = await import("./supabase/auth.server");
    return new SupabaseAuthBackend();
  }
  const { EmbeddedAuthBackend } = await import("./embedded/auth.server");
  const { getDatabase } = await import("./embedded/database.server");
  return new EmbeddedAuthBackend(await getDatabase());
});

/**
 * Called by the server entry before it listens: opens the embedded database at once, so an
 * unusable DATA_DIR stops the server with one line (a StartupError) instead of failing the first
 * shopper. Hosted Supabase is not called here: the shop starts even while the service is down,
 * and its pages say so (503) until it is back.
 */
export async function openBackend(): Promise<void> {
  if (configuredBackend() === "embedded") {
    const { getDatabase } = await import("./embedded/database.server");
    await getDatabase();
  }
}

/** Called by the server entry once the last request has finished. */
export async function closeBackend(): Promise<void> {
  if (configuredBackend() === "embedded") {
    const { closeDatabase } = await import("./embedded/database.server");
    await closeDatabase();
  }
}
