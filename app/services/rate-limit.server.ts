/**
 * Limits on failed sign-ins and sign-ups, kept in this process's memory: per email (5 failures a
 * minute) and per client address (100 an hour). A limited attempt is refused before any password
 * is hashed, so a flood cannot buy CPU either.
 *
 * The client's address comes from the server entry's load context: the socket's address, or
 * with TRUST_PROXY=1 the one our proxy appended to X-Forwarded-For (server/app.ts), never a value
 * the client wrote itself.
 */

/** One key's failures in its current fixed window, and when that window ends. */
interface FailureWindow {
  failures: number;
  resetAt: number;
}

/** Fixed-window failure counts per key, in a map that never grows past `maxKeys`. */
export class FailureLimiter {
  private readonly windows = new Map<string, FailureWindow>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when `key` has used up its failures for the current window. */
  isLimited(key: string): boolean {
    const failureWindow = this.current(key);
    return failureWindow !== undefined && failureWindow.failures >= this.limit;
  }

  recordFailure(key: string): void {
    const failureWindow = this.current(key);
    if (failureWindow) {
      failureWindow.failures += 1;
      return;
    }
    this.makeRoom();
    this.windows.set(key, { failures: 1, resetAt: this.now() + this.windowMs });
  }

  /** Forgets `key`'s failures (a successful sign-in for that email). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  private current(key: string): FailureWindow | undefined {
    const failureWindow = this.windows.get(key);
    if (failureWindow && failureWindow.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return failureWindow;
  }

  private makeRoom() {
    if (this.windows.size < this.maxKeys) return;
    const now = this.now();
    for (const [key, failureWindow] of this.windows) if (failureWindow.resetAt <= now) this.windows.delete(key);
    // Still full: drop the oldest windows (a Map iterates in insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

const perEmail = new FailureLimiter(5, 60 * 1000);
const perAddress = new FailureLimiter(100, 60 * 60 * 1000);

const emailKey = (email: string) => email.trim().toLowerCase();

/** Whether a sign-in or sign-up for `email` from `clientAddress` must wait. */
export function isAuthAttemptLimited(clientAddress: string, email: string): boolean {
  return perEmail.isLimited(emailKey(email)) || perAddress.isLimited(clientAddress);
}

/** Counts a failed sign-in or sign-up (wrong password, email already registered ...). */
export function recordAuthFailure(clientAddress: string, email: string): void {
  perEmail.recordFailure(emailKey(email));
  perAddress.recordFailure(clientAddress);
}

/** After a successful sign-in: this email's earlier failures no longer count. */
export function recordAuthSuccess(email: string): void {
  perEmail.reset(emailKey(email));
}
