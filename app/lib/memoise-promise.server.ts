export interface MemoisedPromise<T> {
  /** The shared promise: made on the first call, and again on the first call after it rejected. */
  (): Promise<T>;
  /** Forgets the promise, so the next call makes a new one, and returns it (to close what it opened). */
  forget(): Promise<T> | undefined;
}

/** Makes `create`'s promise once, for every caller; a rejected one is forgotten, so the next caller tries again. */
export function memoisePromise<T>(create: () => Promise<T>): MemoisedPromise<T> {
  let current: Promise<T> | undefined;
  const memoised = (): Promise<T> => {
    if (!current) {
      const made = create();
      current = made;
      made.catch(() => {
        if (current === made) current = undefined;
      });
    }
    return current;
  };
  memoised.forget = (): Promise<T> | undefined => {
    const forgotten = current;
    current = undefined;
    return forgotten;
  };
  return memoised;
}

/** memoisePromise kept on globalThis: a development rebuild re-imports its module, and must not open a second. */
export function memoiseInProcess<T>(key: string, create: () => Promise<T>): MemoisedPromise<T> {
  const shared = globalThis as typeof globalThis & Record<string, MemoisedPromise<T> | undefined>;
  return (shared[key] ??= memoisePromise(create));
}

/** Forgets what `memoised` opened and, if it did open, closes it with `close`. */
export async function closeIfOpened<T>(memoised: MemoisedPromise<T>, close: (opened: T) => Promise<void>) {
  const opened = await memoised.forget()?.catch(() => null);
  if (opened) await close(opened);
}
