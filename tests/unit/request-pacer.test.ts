import { describe, expect, it } from "vitest";

import { ARRIVALS_WINDOW_MS, RequestPacer } from "../../server/request-pacer";

/**
 * While new connections arrive, requests begin a few milliseconds' worth per turn of the event loop, so that the loop
 * comes round to accept the next (ADR 045). The clock is the test's: each request "takes" the milliseconds it says.
 */

function pacerWithClock(turnMs: number) {
  const clock = { ms: 0 };
  const pacer = new RequestPacer(turnMs, () => clock.ms);
  const begun: string[] = [];
  const request = (name: string, ms: number) => () => {
    begun.push(name);
    clock.ms += ms;
  };
  /** A request on a connection of its own: a new one. */
  const arriving = (name: string, ms: number) => pacer.begin({}, request(name, ms));
  return { pacer, begun, request, arriving, clock };
}

/** The next turn of the event loop, once the pacer's own (setImmediate) has run. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("RequestPacer", () => {
  it("begins requests at once while the turn has room", () => {
    const { pacer, begun, arriving } = pacerWithClock(2);
    arriving("a", 0.5);
    arriving("b", 0.5);
    expect(begun).toEqual(["a", "b"]);
    expect(pacer.length).toBe(0);
  });

  it("while connections arrive, leaves the rest for the next turns, in order, a turn's worth at a time", async () => {
    const { pacer, begun, arriving } = pacerWithClock(2);
    for (const name of ["a", "b", "c", "d", "e"]) arriving(name, 1.5);
    expect(begun).toEqual(["a", "b"]);
    expect(pacer.length).toBe(3);
    await nextTurn();
    expect(begun).toEqual(["a", "b", "c", "d"]);
    await nextTurn();
    expect(begun).toEqual(["a", "b", "c", "d", "e"]);
    expect(pacer.length).toBe(0);
  });

  it("lets no request overtake those waiting, even in a turn with room", async () => {
    const { begun, arriving } = pacerWithClock(2);
    arriving("slow", 5);
    arriving("waiting", 0.1);
    await nextTurn();
    arriving("late", 0.1);
    expect(begun).toEqual(["slow", "waiting", "late"]);
  });

  it("begins everything at once when no new connection has come for a while", async () => {
    const { pacer, begun, request, arriving, clock } = pacerWithClock(2);
    const kept = {};
    pacer.begin(kept, request("first", 0.1));
    clock.ms += ARRIVALS_WINDOW_MS;
    for (const name of ["a", "b", "c"]) pacer.begin(kept, request(name, 5));
    expect(begun).toEqual(["first", "a", "b", "c"]);
    // A new connection: this turn has been long already, so its request and those after it wait for the next.
    arriving("new", 5);
    pacer.begin(kept, request("paced again", 0.1));
    expect(begun).toEqual(["first", "a", "b", "c"]);
    await nextTurn();
    expect(begun.at(-1)).toBe("new");
    await nextTurn();
    expect(begun.at(-1)).toBe("paced again");
  });

  it("keeps counting the turn's time when a request throws", async () => {
    const { pacer, begun, request, arriving } = pacerWithClock(2);
    expect(() =>
      pacer.begin({}, () => {
        request("throws", 3)();
        throw new Error("failed");
      }),
    ).toThrow("failed");
    arriving("next", 0.1);
    expect(begun).toEqual(["throws"]);
    await nextTurn();
    expect(begun).toEqual(["throws", "next"]);
  });
});
