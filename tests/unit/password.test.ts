import { describe, expect, it } from "vitest";

import {
  hashPassword,
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
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
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
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1 + MAX_WAITING_HASHES);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(PasswordHashesBusy);
    expect(performance.now() - started).toBeLessThan(5_000);
    // Once the queue has drained, hashes are taken again.
    expect(await hashPassword("after the crowd", cheap)).toMatch(/^scrypt\$4096\$/);
  });
});
