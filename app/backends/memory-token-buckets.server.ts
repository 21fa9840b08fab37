import { LRUCache } from "lru-cache";

import type { Bucket, TokenBuckets } from "./types.server";

/** A bucket's tokens when it was last changed; a bucket not kept is full. */
interface Level {
  tokens: number;
  at: number;
}

/** A bucket's tokens at `now`: what it held plus what came back since, at most its capacity. */
export function levelAt(level: Level | undefined, bucket: Bucket, now: number): number {
  if (!level) return bucket.capacity;
  return Math.min(bucket.capacity, level.tokens + Math.max(0, now - level.at) / bucket.refillMs);
}

/**
 * Token buckets in this process's memory, for the embedded database, which only one process can
 * open, so one process's buckets are all there are (ADR 023). Each method runs without a pause
 * (no await inside), so no other request sees a bucket half taken. Each bucket is kept only until
 * it is full again, and at most `maxBuckets` of them: the least recently used go first (a bucket
 * that goes is as good as full).
 */
export class MemoryTokenBuckets implements TokenBuckets {
  private readonly levels: LRUCache<string, Level>;

  constructor(
    maxBuckets = 50_000,
    private readonly now: () => number = Date.now,
  ) {
    this.levels = new LRUCache<string, Level>({ max: maxBuckets });
  }

  async take(buckets: readonly Bucket[]): Promise<number> {
    const now = this.now();
    const levels = buckets.map((bucket) => levelAt(this.levels.get(bucket.key), bucket, now));
    const wait = Math.max(0, ...buckets.map((bucket, i) => (1 - levels[i]!) * bucket.refillMs));
    if (wait > 0) return wait;
    buckets.forEach((bucket, i) => this.keep(bucket, levels[i]! - 1, now));
    return 0;
  }

  async giveBack(buckets: readonly Bucket[]): Promise<void> {
    const now = this.now();
    for (const bucket of buckets) {
      const level = this.levels.get(bucket.key);
      if (level) this.keep(bucket, Math.min(bucket.capacity, levelAt(level, bucket, now) + 1), now);
    }
  }

  async refill(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.levels.delete(key);
  }

  /** Buckets kept (not full). */
  get size(): number {
    return this.levels.size;
  }

  private keep(bucket: Bucket, tokens: number, now: number) {
    const untilFull = (bucket.capacity - tokens) * bucket.refillMs;
    if (untilFull <= 0) this.levels.delete(bucket.key);
    // lru-cache checks ttl against its own clock; `levelAt` makes a late expiry harmless (a full bucket is a full bucket).
    else this.levels.set(bucket.key, { tokens, at: now }, { ttl: Math.ceil(untilFull) });
  }
}
