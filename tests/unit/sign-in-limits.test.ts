import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { levelAt, MemorySignInLimitStore } from "~/backends/memory-sign-in-limit-store.server";
import type { Bucket } from "~/backends/types.server";
import type * as SignInLimits from "~/services/sign-in-limits.server";

/** The sign-in limits (ADR 023): their store in memory (the database's: sql-sign-in-limit-store.test.ts), and the policy. */

const bucket = (key: string, capacity = 5, refillMs = 60_000): Bucket => ({ key, capacity, refillMs });

describe("MemorySignInLimitStore", () => {
  it("admits a bucket's capacity at once, then one attempt per refill, and says how long to wait", async () => {
    let now = 0;
    const buckets = new MemorySignInLimitStore(100, () => now);
    const pair = bucket("pair", 5, 60_000);
    for (let i = 0; i < 5; i++) expect(await buckets.take([pair])).toBe(0);
    expect(await buckets.take([pair])).toBe(60_000);
    now += 45_000;
    expect(await buckets.take([pair])).toBe(15_000);
    now += 15_000;
    expect(await buckets.take([pair])).toBe(0);
    expect(await buckets.take([pair])).toBe(60_000);
  });

  it("takes from every bucket or from none", async () => {
    const buckets = new MemorySignInLimitStore();
    const small = bucket("small", 1);
    const large = bucket("large", 10);
    expect(await buckets.take([small, large])).toBe(0);
    expect(await buckets.take([small, large])).toBeGreaterThan(0);
    // The refused attempt took nothing from the large bucket: nine tokens are left.
    for (let i = 0; i < 9; i++) expect(await buckets.take([large])).toBe(0);
    expect(await buckets.take([large])).toBeGreaterThan(0);
  });

  it("admits exactly the capacity of attempts made all at once", async () => {
    const buckets = new MemorySignInLimitStore();
    const waits = await Promise.all(Array.from({ length: 12 }, () => buckets.take([bucket("burst")])));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it("gives a token back, never above the capacity, and refills a bucket whole", async () => {
    const buckets = new MemorySignInLimitStore();
    const pair = bucket("pair", 2);
    await buckets.take([pair]);
    await buckets.take([pair]);
    await buckets.giveBack([pair]);
    expect(await buckets.take([pair])).toBe(0);
    expect(await buckets.take([pair])).toBeGreaterThan(0);
    await buckets.refill(["pair"]);
    expect(buckets.size).toBe(0);
    await buckets.giveBack([pair]);
    expect(await buckets.take([pair])).toBe(0);
    expect(await buckets.take([pair])).toBe(0);
    expect(await buckets.take([pair])).toBeGreaterThan(0);
  });

  it("keeps no bucket that is full and at most maxBuckets of the others", async () => {
    const buckets = new MemorySignInLimitStore(3);
    for (const key of ["a", "b", "c", "d"]) await buckets.take([bucket(key)]);
    expect(buckets.size).toBe(3);
    await buckets.giveBack([bucket("d")]);
    expect(buckets.size).toBe(2);
  });

  /** `count` attempts, each from a bucket of its own never seen before, as a crowd of fresh emails makes them. */
  async function freshAttempts(buckets: MemorySignInLimitStore, count: number) {
    const waits = [];
    for (let i = 0; i < count; i++) waits.push(await buckets.take([bucket(`fresh-${i}`)]));
    return waits;
  }

  it("keeps a locked bucket however many fresh ones fill the store", async () => {
    let now = 0;
    const buckets = new MemorySignInLimitStore(10, () => now);
    const victim = bucket("victim");
    for (let i = 0; i < 5; i++) await buckets.take([victim]);
    now += 1_000;
    expect(await freshAttempts(buckets, 30)).toEqual(Array(30).fill(0));
    expect(buckets.size).toBe(10);
    expect(await buckets.take([victim])).toBe(59_000);
  });

  it("lets fresh buckets go before one that has lost more of its tokens, so stopping short of a lock gains nothing", async () => {
    let now = 0;
    const buckets = new MemorySignInLimitStore(10, () => now);
    const victim = bucket("victim");
    for (let i = 0; i < 4; i++) await buckets.take([victim]);
    now += 1_000;
    await freshAttempts(buckets, 30);
    expect(await buckets.take([victim])).toBe(0);
    expect(await buckets.take([victim])).toBe(59_000);
  });

  it("lets full buckets go first, however recently used", async () => {
    let now = 0;
    const buckets = new MemorySignInLimitStore(2, () => now);
    await buckets.take([bucket("short", 2, 60_000)]);
    await buckets.take([bucket("back-soon", 1, 1_000)]);
    now += 1_000;
    expect(await buckets.take([bucket("new")])).toBe(0);
    expect(await buckets.take([bucket("short", 2, 60_000)])).toBe(0);
    expect(await buckets.take([bucket("short", 2, 60_000)])).toBe(59_000);
  });

  it("refuses an attempt that needs a new bucket when every other bucket kept is a lock, until one lapses", async () => {
    let now = 0;
    const buckets = new MemorySignInLimitStore(3, () => now);
    const locks = ["a", "b", "c"].map((key) => bucket(key, 2));
    for (const lock of locks) {
      await buckets.take([lock]);
      await buckets.take([lock]);
      now += 10_000;
    }
    // a gets a token back at 60 s, b at 70 s, c at 80 s: until then nothing may go.
    expect(await buckets.take([bucket("new")])).toBe(30_000);
    expect(buckets.size).toBe(3);
    for (const [i, lock] of locks.entries()) expect(await buckets.take([lock])).toBeCloseTo(30_000 + i * 10_000);
    now += 30_000;
    // a is no longer a lock: it is the one to go.
    expect(await buckets.take([bucket("new")])).toBe(0);
    expect(await buckets.take([locks[1]!])).toBeCloseTo(10_000);
    expect(await buckets.take([locks[2]!])).toBeCloseTo(20_000);
  });

  it("still keeps its locks after thousands of changes to one bucket", async () => {
    const buckets = new MemorySignInLimitStore(10, () => 0);
    const victim = bucket("victim");
    for (let i = 0; i < 5; i++) await buckets.take([victim]);
    const busy = bucket("busy");
    for (let i = 0; i < 5_000; i++) {
      await buckets.take([busy]);
      await buckets.giveBack([busy]);
      await buckets.take([busy]);
    }
    await freshAttempts(buckets, 30);
    expect(buckets.size).toBe(10);
    expect(await buckets.take([victim])).toBe(60_000);
  });

  it("never makes room for an attempt by letting go of its own buckets", async () => {
    const buckets = new MemorySignInLimitStore(2, () => 0);
    const soonFull = bucket("soon-full", 5, 1_000);
    const drained = bucket("drained");
    await buckets.take([soonFull]);
    for (let i = 0; i < 3; i++) await buckets.take([drained]);
    expect(await buckets.take([soonFull, bucket("new")])).toBe(0);
    expect(buckets.size).toBe(2);
    for (let i = 0; i < 3; i++) expect(await buckets.take([soonFull])).toBe(0);
    expect(await buckets.take([soonFull])).toBeGreaterThan(0);
  });

  it("counts what came back since, to the capacity", () => {
    const pair = bucket("pair", 5, 1000);
    expect(levelAt(undefined, pair, 0)).toBe(5);
    expect(levelAt({ tokens: 0, at: 0 }, pair, 2500)).toBe(2.5);
    expect(levelAt({ tokens: 4, at: 0 }, pair, 60_000)).toBe(5);
  });
});

describe("the sign-in limits", () => {
  // The embedded backend's buckets live in memory; nothing opens the database.
  vi.stubEnv("DATA_DIR", "memory://");
  vi.stubEnv("SUPABASE_URL", "");
  vi.stubEnv("DATABASE_URL", "");
  let limits: typeof SignInLimits;

  beforeAll(async () => {
    limits = await import("~/services/sign-in-limits.server");
  });
  afterAll(() => vi.unstubAllEnvs());

  let n = 0;
  const email = () => `owner${++n}@example.com`;

  /** `count` attempts for `who` from `address`, all at once, settled as `outcome`; how many were admitted. */
  async function attempts(
    address: string,
    who: string,
    count: number,
    outcome: SignInLimits.AttemptOutcome = "failed",
  ) {
    const admissions = await Promise.all(Array.from({ length: count }, () => limits.admitSignIn(address, who)));
    await Promise.all(admissions.map((a) => (a.admitted ? a.settle(outcome) : null)));
    return admissions.filter((a) => a.admitted).length;
  }

  it("counts an IPv6 address as its /64, and an IPv4-mapped address as IPv4", () => {
    expect(limits.addressBlock("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(limits.addressBlock("2001:DB8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(limits.addressBlock("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(limits.addressBlock("198.51.100.7")).toBe("198.51.100.7");
    expect(limits.addressBlock("unknown")).toBe("unknown");
  });

  it("admits a bucket's worth of wrong passwords for one email sent at once from one address, and says when to come back", async () => {
    const who = email();
    const { capacity, refillMs } = limits.SIGN_IN_LIMITS.emailFromAddress;
    expect(await attempts("198.51.100.1", who, capacity + 7)).toBe(capacity);
    const refused = await limits.admitSignIn("198.51.100.1", who);
    expect(refused).toEqual({ admitted: false, retryAfterSeconds: refillMs / 1000 });
  });

  it("does not let a stranger's failures lock the owner out from another address", async () => {
    const who = email();
    const { capacity } = limits.SIGN_IN_LIMITS.emailFromAddress;
    expect(await attempts("203.0.113.66", who, capacity)).toBe(capacity);
    expect((await limits.admitSignIn("203.0.113.66", who.toUpperCase())).admitted).toBe(false);
    expect((await limits.admitSignIn("198.51.100.2", who)).admitted).toBe(true);
  });

  it("counts the addresses of one IPv6 /64 as one", async () => {
    const who = email();
    for (let i = 1; i <= limits.SIGN_IN_LIMITS.emailFromAddress.capacity; i++)
      expect(await attempts(`2001:db8:5:5::${i}`, who, 1)).toBe(1);
    expect(await attempts("2001:db8:5:5:ffff::1", who, 1)).toBe(0);
    expect(await attempts("2001:db8:5:6::1", who, 1)).toBe(1);
  });

  it("slows guessing at one email from many addresses instead of locking it", async () => {
    const who = email();
    const { emailFromAddress, email: everywhere } = limits.SIGN_IN_LIMITS;
    // Enough addresses, each failing as often as it may, empty the email's own bucket.
    for (let a = 0; a < everywhere.capacity / emailFromAddress.capacity; a++)
      expect(await attempts(`192.0.2.${a}`, who, emailFromAddress.capacity)).toBe(emailFromAddress.capacity);
    const refused = await limits.admitSignIn("192.0.2.200", who);
    expect(refused.admitted).toBe(false);
    // The next attempt is let through within one refill: slowed, not locked.
    expect(refused.admitted === false && refused.retryAfterSeconds).toBeLessThanOrEqual(everywhere.refillMs / 1000);
  });

  it("limits sign-ins and sign-ups that succeed from one address (each makes a session or an account)", async () => {
    const { capacity } = limits.SIGN_IN_LIMITS.sessionsFromAddress;
    let admitted = 0;
    for (let i = 0; i < capacity + 10; i++) admitted += await attempts("198.51.100.30", email(), 1, "succeeded");
    expect(admitted).toBe(capacity);
  });

  it("gives every token back to an attempt nobody failed (an outage)", async () => {
    const who = email();
    const { capacity } = limits.SIGN_IN_LIMITS.emailFromAddress;
    expect(await attempts("198.51.100.40", who, capacity, "uncounted")).toBe(capacity);
    expect(await attempts("198.51.100.40", who, capacity, "failed")).toBe(capacity);
    expect(await attempts("198.51.100.40", who, 1)).toBe(0);
  });

  it("forgets an address's failures for an email once it signs in", async () => {
    const who = email();
    const { capacity } = limits.SIGN_IN_LIMITS.emailFromAddress;
    expect(await attempts("198.51.100.50", who, capacity - 1)).toBe(capacity - 1);
    expect(await attempts("198.51.100.50", who, 1, "succeeded")).toBe(1);
    expect(await attempts("198.51.100.50", who, capacity + 1)).toBe(capacity);
  });
  it("limits the mail one email gets, whoever asks and whether or not it has an account", async () => {
    const inbox = email();
    const { capacity, refillMs } = limits.MAIL_LIMITS.mailTo;
    let admitted = 0;
    for (let a = 0; a < capacity + 2; a++)
      if ((await limits.admitMailRequest(`198.51.100.${60 + a}`, inbox)).admitted) admitted++;
    expect(admitted).toBe(capacity);
    expect(await limits.admitMailRequest("198.51.100.70", inbox.toUpperCase())).toEqual({
      admitted: false,
      retryAfterSeconds: refillMs / 1000,
    });
    // A sign-up mails too: it takes from the same bucket in its own single step.
    expect((await limits.admitSignIn("198.51.100.71", inbox, { sendsMail: true })).admitted).toBe(false);
  });

  it("limits the mail one address may ask for, whatever the emails", async () => {
    let admitted = 0;
    for (let i = 0; i < limits.MAIL_LIMITS.mailFrom.capacity + 5; i++)
      if ((await limits.admitMailRequest("198.51.100.80", email())).admitted) admitted++;
    expect(admitted).toBe(limits.MAIL_LIMITS.mailFrom.capacity);
    // Sign-ups from that address are not held back by it (their own per-address bucket limits them).
    expect((await limits.admitSignIn("198.51.100.80", email(), { sendsMail: true })).admitted).toBe(true);
  });

  it("gives a mail request's tokens back when it was nobody's doing", async () => {
    const inbox = email();
    const { capacity } = limits.MAIL_LIMITS.mailTo;
    for (let i = 0; i < capacity; i++) {
      const admission = await limits.admitMailRequest("198.51.100.90", inbox);
      if (admission.admitted) await admission.giveBack();
    }
    for (let i = 0; i < capacity; i++)
      expect((await limits.admitMailRequest("198.51.100.90", inbox)).admitted).toBe(true);
  });
});
