/**
 * Who must forget what they know of the catalogue when this process changes it (ADR 028): the
 * embedded database's read cache (cached-product-repository.server.ts) and the server's page cache
 * (server/page-cache.ts), which are right for as long as nothing changes the catalogue under
 * them. Only the embedded database changes it here, through a catalogue import its control
 * socket receives; a PostgreSQL server or hosted Supabase keep no such cache.
 */

type Listener = () => void;

// On globalThis, as the embedded database is (database.server.ts): a development rebuild that
// re-imports this module must still reach the listeners of the caches already made.
const shared = globalThis as typeof globalThis & { __makervoltCatalogueListeners?: Set<Listener> };
const listeners = (shared.__makervoltCatalogueListeners ??= new Set<Listener>());

/** Calls `listener` after every committed change to the catalogue; returns what stops it. */
export function onCatalogueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener that the catalogue has just changed (after the change committed). */
export function catalogueChanged(): void {
  for (const listener of listeners) listener();
}
