import { describe, expect, it } from "vitest";

import {
  HASHES_ALWAYS_ADMITTED,
  hashPassword,
  HashQueue,
  MAX_WAITING_HASHES,
  needsRehash,
  PasswordHashesBusy,
  verifyDummyPassword,
  verifyPassword,
} from "~/backends/sql/password.server";

/** scrypt takes a couple of hundred milliseconds a hash: these tests hash only a handful of times. */
describe("password hashing", () => {
  it("round-trips, refuses a wrong password and names its parameters", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain("correct horse battery");
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts every hash, so one password hashes differently each time", async () => {
    const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
  });

  it("verifies a hash made with the earlier parameters (N=2^17, r=8, p=1) and asks for it to be rewritten", async () => {
    const old = await hashPassword("an older account", { N: 2 ** 17, r: 8, p: 1 });
    expect(old).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("an older account", old)).toBe(true);
    expect(await verifyPassword("an older accounT", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword("a new account"))).toBe(false);
  });

  it("treats a malformed or oversized stored hash as a mismatch, never an error", async () => {
    const oversized = [
      `scrypt$${2 ** 30}$8$1$c2FsdA$a2V5`,
      `scrypt$${2 ** 18}$8$1$c2FsdA$a2V5`,
      "scrypt$131072$16$1$c2FsdA$a2V5",
    ];
    for (const stored of ["", "plain", "scrypt$1$1$1$$", "bcrypt$x$y$z$a$b", ...oversized]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });

  it("spends a real comparison on an unknown email and answers false", async () => {
    expect(await verifyDummyPassword("whatever")).toBe(false);
  });

  it("runs one hash at a time with a few waiting, and refuses the rest at once instead of queueing them", async () => {
    // Cheap parameters: what is measured is the queue, not scrypt.
    const cheap = { N: 2 ** 12, r: 8, p: 1 };
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 1 + MAX_WAITING_HASHES + 3 }, () => hashPassword("crowd", cheap)),
    );
    const refused = results.filter((r) => r.status === "rejected");
    // The queue also refuses by the expected wait, on the times of the real hashes above: fewer may be taken.
    const hashed = results.filter((r) => r.status === "fulfilled").length;
    expect(hashed).toBeGreaterThanOrEqual(HASHES_ALWAYS_ADMITTED);
    expect(hashed).toBeLessThanOrEqual(1 + MAX_WAITING_HASHES);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(PasswordHashesBusy);
    expect(performance.now() - started).toBeLessThan(5_000);
    // Once the queue has drained, hashes are taken again.
    expect(await hashPassword("after the crowd", cheap)).toMatch(/^scrypt\$4096\$/);
  });
});

/** A hash the test finishes when it says, on a clock the test moves. */
function controlledQueue({ maxWaiting = 8, maxExpectedWaitMs = 1_000 } = {}) {
  let clock = 0;
  const queue = new HashQueue({ maxWaiting, maxExpectedWaitMs, now: () => clock });
  const finishers: (() => void)[] = [];
  const hash = () => queue.run(() => new Promise<void>((resolve) => finishers.push(resolve)));
  /** Lets the running hash take `ms`, finishes it, and lets the next one start. */
  const finishRunning = async (ms: number) => {
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    await tick(); // p-limit starts the next hash a microtask after the last ended
    clock += ms;
    finishers.shift()!();
    await tick();
  };
  return { queue, hash, finishRunning };
}

describe("the queue of password hashes", () => {
  it("refuses a hash that would wait over a second by the recent hashes' times, though the queue has room", async () => {
    const { queue, hash, finishRunning } = controlledQueue();
    // Two hashes of 600 ms each: the recent mean is 600 ms.
    const first = [hash(), hash()];
    await finishRunning(600);
    await finishRunning(600);
    await Promise.all(first);
    expect(queue.meanHashMs).toBe(600);

    const running = hash();
    const waiting = hash(); // one ahead: 600 ms expected, and never refused below HASHES_ALWAYS_ADMITTED anyway
    // Two ahead: 1,200 ms expected.
    await expect(hash()).rejects.toBeInstanceOf(PasswordHashesBusy);
    expect(queue.running + queue.waiting).toBe(2);
    await finishRunning(600);
    await finishRunning(600);
    await Promise.all([running, waiting]);
  });

  it("takes as many as MAX_WAITING_HASHES allows while hashes are quick", async () => {
    const { queue, hash, finishRunning } = controlledQueue({ maxWaiting: 4 });
    const warm = hash();
    await finishRunning(150);
    await warm;
    // 1 running and 4 waiting: the last expects 4 x 150 = 600 ms.
    const taken = Array.from({ length: 5 }, () => hash());
    expect(queue.running + queue.waiting).toBe(5);
    await expect(hash()).rejects.toBeInstanceOf(PasswordHashesBusy);
    for (let i = 0; i < 5; i++) await finishRunning(150);
    await Promise.all(taken);
  });

  it(`always takes ${HASHES_ALWAYS_ADMITTED} at once, however slow the last hashes were`, async () => {
    const { queue, hash, finishRunning } = controlledQueue();
    const slow = hash();
    await finishRunning(5_000);
    await slow;
    const taken = Array.from({ length: HASHES_ALWAYS_ADMITTED }, () => hash());
    expect(queue.running + queue.waiting).toBe(HASHES_ALWAYS_ADMITTED);
    await expect(hash()).rejects.toBeInstanceOf(PasswordHashesBusy);
    for (let i = 0; i < HASHES_ALWAYS_ADMITTED; i++) await finishRunning(5_000);
    await Promise.all(taken);
  });
});
