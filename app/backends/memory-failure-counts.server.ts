import type { FailureCounts } from "./types";

/** One key's failures in its current fixed window, and when that window ends. */
interface FailureWindow {
  failures: number;
  resetAt: number;
}

/**
 * Failure counts in this process's memory, in a map that never grows past `maxKeys`: for the
 * embedded database, which only one process can open, so one process's counts are all there are
 * (ADR 019).
 */
export class MemoryFailureCounts implements FailureCounts {
  private readonly windows = new Map<string, FailureWindow>();

  constructor(
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async count(keys: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const key of keys) {
      const failures = this.current(key)?.failures;
      if (failures) counts.set(key, failures);
    }
    return counts;
  }

  async record(key: string, windowMs: number): Promise<void> {
    const failureWindow = this.current(key);
    if (failureWindow) {
      failureWindow.failures += 1;
      return;
    }
    this.makeRoom();
    this.windows.set(key, { failures: 1, resetAt: this.now() + windowMs });
  }

  async forget(key: string): Promise<void> {
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
