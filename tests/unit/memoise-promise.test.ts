import { describe, expect, it } from "vitest";

import { memoisePromise } from "~/lib/memoise-promise.server";

/** A `create` that counts its calls and fails the ones it is told to. */
function counting(failures: number[] = []) {
  let calls = 0;
  const create = () => {
    calls += 1;
    return failures.includes(calls) ? Promise.reject(new Error(`attempt ${calls} failed`)) : Promise.resolve(calls);
  };
  return { create, calls: () => calls };
}

describe("memoisePromise", () => {
  it("makes the promise on first use and shares it, pending or settled", async () => {
    const { create, calls } = counting();
    const get = memoisePromise(create);
    expect(calls()).toBe(0);
    const [a, b] = [get(), get()];
    expect(a).toBe(b);
    expect(await a).toBe(1);
    expect(get()).toBe(a);
    expect(calls()).toBe(1);
  });

  it("forgets a rejection, so the next call tries again, and every waiter saw the rejection", async () => {
    const { create, calls } = counting([1]);
    const get = memoisePromise(create);
    const waiting = [get(), get()];
    for (const promise of waiting) await expect(promise).rejects.toThrow("attempt 1 failed");
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
    expect(calls()).toBe(2);
  });

  it("forget hands back the current promise and starts afresh on the next call", async () => {
    const { create } = counting();
    const get = memoisePromise(create);
    expect(get.forget()).toBeUndefined();
    const first = get();
    expect(get.forget()).toBe(first);
    expect(get.forget()).toBeUndefined();
    expect(await get()).toBe(2);
  });
});
