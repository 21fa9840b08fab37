/** Who forgets the catalogue when this process changes it: the read cache and the page cache (ADR 031). */

type Listener = () => void;

// On globalThis, as the embedded database is: the caches made before a development rebuild must still be told.
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
