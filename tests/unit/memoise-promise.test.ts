import { describe, expect, it } from "vitest";

import { closeIfOpened, memoiseInProcess, memoisePromise } from "~/lib/memoise-promise.server";

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

describe("memoiseInProcess", () => {
  it("hands a module imported again (a development rebuild) the promise it made the first time", async () => {
    const { create, calls } = counting();
    const first = memoiseInProcess("__makervoltMemoiseTest", create);
    const again = memoiseInProcess("__makervoltMemoiseTest", counting().create);
    expect(again).toBe(first);
    expect(await again()).toBe(1);
    expect(calls()).toBe(1);
    first.forget();
  });
});

describe("closeIfOpened", () => {
  it("closes what was opened, once, and nothing when the open failed or never began", async () => {
    const closed: number[] = [];
    const close = async (opened: number) => void closed.push(opened);
    const get = memoisePromise(counting([2]).create);
    await closeIfOpened(get, close);
    expect(closed).toEqual([]);
    await get();
    await closeIfOpened(get, close);
    await closeIfOpened(get, close);
    expect(closed).toEqual([1]);
    await expect(get()).rejects.toThrow("attempt 2 failed");
    await closeIfOpened(get, close);
    expect(closed).toEqual([1]);
  });
});
