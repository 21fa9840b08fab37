import FlatQueue from "flatqueue";

import type { Bucket, SignInLimitStore } from "./types.server";

/** A bucket's tokens when it was last changed; a bucket not kept is full. */
interface Level {
  tokens: number;
  at: number;
}

export function levelAt(level: Level | undefined, bucket: Bucket, now: number): number {
  if (!level) return bucket.capacity;
  return Math.min(bucket.capacity, level.tokens + Math.max(0, now - level.at) / bucket.refillMs);
}

/** A bucket kept, as last written. A queue's entry is current only while the map still holds this very object. */
interface Kept extends Level {
  key: string;
  /** When it has a token again: until then it is a lock (it refuses every attempt). */
  unlocksAt: number;
  /** When it has all its tokens again: from then on it is as good as not kept. */
  fullAt: number;
}

/** The sign-in limits in memory (ADR 023; eviction: ADR 033). No method awaits: none sees a bucket half taken. */
export class MemorySignInLimitStore implements SignInLimitStore {
  private readonly kept = new Map<string, Kept>();
  /** Buckets that were locks when written, the first to lapse first. */
  private readonly locks = new FlatQueue<Kept>();
  /** The others, and locks that have lapsed: the soonest full first, the next to go. */
  private readonly evictable = new FlatQueue<Kept>();

  constructor(
    private readonly maxBuckets = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  async take(buckets: readonly Bucket[]): Promise<number> {
    const now = this.now();
    this.forgetFull(now);
    const levels = buckets.map((bucket) => levelAt(this.kept.get(bucket.key), bucket, now));
    const wait = Math.max(0, ...buckets.map((bucket, i) => (1 - levels[i]!) * bucket.refillMs));
    if (wait > 0) return wait;
    const waitForRoom = this.makeRoom(buckets, now);
    if (waitForRoom > 0) return waitForRoom;
    buckets.forEach((bucket, i) => this.keep(bucket, levels[i]! - 1, now));
    return 0;
  }

  async giveBack(buckets: readonly Bucket[]): Promise<void> {
    const now = this.now();
    for (const bucket of buckets) {
      const kept = this.kept.get(bucket.key);
      if (kept) this.keep(bucket, Math.min(bucket.capacity, levelAt(kept, bucket, now) + 1), now);
    }
  }

  async refill(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.kept.delete(key);
  }

  get size(): number {
    return this.kept.size;
  }

  private isCurrent(entry: Kept): boolean {
    return this.kept.get(entry.key) === entry;
  }

  private forgetFull(now: number) {
    while (this.locks.length > 0 && this.locks.peekValue()! <= now) {
      const entry = this.locks.pop()!;
      if (this.isCurrent(entry)) this.evictable.push(entry, entry.fullAt);
    }
    while (this.evictable.length > 0 && this.evictable.peekValue()! <= now) {
      const entry = this.evictable.pop()!;
      if (this.isCurrent(entry)) this.kept.delete(entry.key);
    }
  }

  /** Lets go of the soonest full buckets the attempt needs room for (never its own, nor a lock): 0, or the wait. */
  private makeRoom(buckets: readonly Bucket[], now: number): number {
    const own = new Set(buckets.map((bucket) => bucket.key));
    let needed = this.kept.size + [...own].filter((key) => !this.kept.has(key)).length - this.maxBuckets;
    const spared: Kept[] = [];
    while (needed > 0 && this.evictable.length > 0) {
      const entry = this.evictable.pop()!;
      if (!this.isCurrent(entry)) continue;
      if (own.has(entry.key)) spared.push(entry);
      else {
        this.kept.delete(entry.key);
        needed--;
      }
    }
    for (const entry of spared) this.evictable.push(entry, entry.fullAt);
    if (needed <= 0) return 0;
    // Every other bucket kept is a lock: forgetFull moved the lapsed ones.
    while (this.locks.length > 0 && !this.isCurrent(this.locks.peek()!)) this.locks.pop();
    const firstLapse = this.locks.peekValue();
    if (firstLapse === undefined) throw new RangeError(`maxBuckets (${this.maxBuckets}) cannot hold one attempt`);
    return firstLapse - now;
  }

  private keep(bucket: Bucket, tokens: number, now: number) {
    const fullAt = now + (bucket.capacity - tokens) * bucket.refillMs;
    if (fullAt <= now) {
      this.kept.delete(bucket.key);
      return;
    }
    const entry: Kept = { key: bucket.key, tokens, at: now, unlocksAt: now + (1 - tokens) * bucket.refillMs, fullAt };
    this.kept.set(bucket.key, entry);
    if (entry.unlocksAt > now) this.locks.push(entry, entry.unlocksAt);
    else this.evictable.push(entry, entry.fullAt);
    // Every write leaves a stale entry in a queue: rebuilt once those outnumber the buckets.
    if (this.locks.length + this.evictable.length > 2 * this.kept.size + 1_024) this.rebuildQueues(now);
  }

  private rebuildQueues(now: number) {
    this.locks.clear();
    this.evictable.clear();
    for (const entry of this.kept.values()) {
      if (entry.unlocksAt > now) this.locks.push(entry, entry.unlocksAt);
      else this.evictable.push(entry, entry.fullAt);
    }
    this.locks.shrink();
    this.evictable.shrink();
  }
}
