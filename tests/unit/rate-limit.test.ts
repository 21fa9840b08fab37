import { describe, expect, it } from "vitest";

import { FailureLimiter } from "~/services/rate-limit.server";

describe("FailureLimiter", () => {
  it("limits a key after its failures, until the window ends", () => {
    let now = 0;
    const limiter = new FailureLimiter(5, 60_000, 100, () => now);
    for (let i = 0; i < 5; i++) {
      expect(limiter.isLimited("a@example.com")).toBe(false);
      limiter.recordFailure("a@example.com");
    }
    expect(limiter.isLimited("a@example.com")).toBe(true);
    expect(limiter.isLimited("b@example.com")).toBe(false);
    now += 59_999;
    expect(limiter.isLimited("a@example.com")).toBe(true);
    now += 1;
    expect(limiter.isLimited("a@example.com")).toBe(false);
  });

  it("forgets a key on reset (a successful sign-in)", () => {
    const limiter = new FailureLimiter(2, 60_000);
    limiter.recordFailure("k");
    limiter.recordFailure("k");
    expect(limiter.isLimited("k")).toBe(true);
    limiter.reset("k");
    expect(limiter.isLimited("k")).toBe(false);
  });

  it("never holds more than maxKeys windows, dropping expired and then the oldest", () => {
    let now = 0;
    const limiter = new FailureLimiter(1, 1000, 3, () => now);
    limiter.recordFailure("old");
    now = 2000;
    for (const key of ["a", "b", "c", "d"]) limiter.recordFailure(key);
    expect(limiter.size).toBe(3);
    expect(limiter.isLimited("a")).toBe(false);
    expect(limiter.isLimited("d")).toBe(true);
  });
});
