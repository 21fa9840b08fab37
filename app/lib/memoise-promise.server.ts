export interface MemoisedPromise<T> {
  /** The shared promise: made on the first call, and again on the first call after it rejected. */
  (): Promise<T>;
  /** Forgets the promise, so the next call makes a new one, and returns it (to close what it opened). */
  forget(): Promise<T> | undefined;
}

/**
 * Makes `create`'s promise once and hands the same one to every caller, pending or settled,
 * except that a rejected promise is forgotten: a database that could not open, or a backend
 * module that failed to load, is tried again by the next caller instead of failing forever.
 * Callers that were already waiting when it rejected all see that rejection.
 */
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
