import { describe, expect, it } from "vitest";

import { MemoryFailureCounts } from "~/backends/memory-failure-counts.server";

/** The embedded backend's counts (the database's are in sql-failure-counts.test.ts, on both drivers). */
describe("MemoryFailureCounts", () => {
  it("counts a key's failures until its window ends", async () => {
    let now = 0;
    const counts = new MemoryFailureCounts(100, () => now);
    for (let i = 0; i < 5; i++) await counts.record("email:a@example.com", 60_000);
    expect(await counts.count(["email:a@example.com", "email:b@example.com"])).toEqual(
      new Map([["email:a@example.com", 5]]),
    );
    now += 59_999;
    expect((await counts.count(["email:a@example.com"])).get("email:a@example.com")).toBe(5);
    now += 1;
    expect(await counts.count(["email:a@example.com"])).toEqual(new Map());
  });

  it("forgets a key (a successful sign-in)", async () => {
    const counts = new MemoryFailureCounts();
    await counts.record("k", 60_000);
    await counts.record("k", 60_000);
    await counts.forget("k");
    expect(await counts.count(["k"])).toEqual(new Map());
  });

  it("never holds more than maxKeys windows, dropping expired and then the oldest", async () => {
    let now = 0;
    const counts = new MemoryFailureCounts(3, () => now);
    await counts.record("old", 1000);
    now = 2000;
    for (const key of ["a", "b", "c", "d"]) await counts.record(key, 1000);
    expect(counts.size).toBe(3);
    expect(await counts.count(["a", "d"])).toEqual(new Map([["d", 1]]));
  });
});
