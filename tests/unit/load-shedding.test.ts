import { EventEmitter } from "node:events";

import { afterEach, describe, expect, it, vi } from "vitest";

import { LoadShedder } from "../../server/load-shedding";

/**
 * Load shedding (ADR 024): a few pages render at once, a few more wait their turn for a bounded
 * time, the rest are refused at once; while the event loop is behind, nothing waits.
 */

/** A response whose close the test decides, and whose visitor may leave. */
function response() {
  const events = new EventEmitter();
  return {
    once: (event: string, listener: () => void) => events.once(event, listener),
    req: { socket: { destroyed: false } },
    close: () => events.emit("close"),
  };
}

/** A delay histogram the test sets: mean in ms (NaN: no timer fired). */
function histogram() {
  const state = { mean: 0 };
  return {
    state,
    fake: {
      get mean() {
        return state.mean * 1e6 + 10e6;
      },
      reset: () => {},
      enable: () => true,
      disable: () => true,
    },
  };
}

const shedders: LoadShedder[] = [];
afterEach(() => {
  for (const shedder of shedders.splice(0)) shedder.stop();
  vi.useRealTimers();
});

function shedder(options: ConstructorParameters<typeof LoadShedder>[0] = {}) {
  const made = new LoadShedder({ maxRendering: 2, maxWaiting: 2, maxWaitMs: 250, sampleIntervalMs: 100, ...options });
  shedders.push(made);
  return made;
}

describe("LoadShedder", () => {
  it("renders a few at once, lets a few wait, and refuses the rest at once", async () => {
    const gate = shedder();
    const rendering = [response(), response()];
    for (const res of rendering) expect(await gate.admit(res)).toBe(true);
    const waiting = [response(), response()].map((res) => gate.admit(res));
    expect(await gate.admit(response())).toBe(false);
    expect(gate.load).toMatchObject({ rendering: 2, waiting: 2 });
    // A render ends: the longest waiting starts.
    rendering[0]!.close();
    expect(await waiting[0]).toBe(true);
    expect(gate.load).toMatchObject({ rendering: 2, waiting: 1 });
  });

  it("refuses a page that waited too long for its turn", async () => {
    vi.useFakeTimers();
    const gate = shedder();
    await gate.admit(response());
    await gate.admit(response());
    const waiting = gate.admit(response());
    vi.advanceTimersByTime(250);
    expect(await waiting).toBe(false);
    expect(gate.load.waiting).toBe(0);
  });

  it("lets nothing wait while the event loop is behind, and refuses those waiting when a turn frees", async () => {
    vi.useFakeTimers();
    const delay = histogram();
    const gate = shedder({ histogram: delay.fake, maxDelayMs: 60 });
    const first = response();
    await gate.admit(first);
    await gate.admit(response());
    const waiting = gate.admit(response());
    delay.state.mean = 80;
    vi.advanceTimersByTime(100);
    expect(gate.load.behind).toBe(true);
    expect(await gate.admit(response())).toBe(false);
    first.close();
    expect(await waiting).toBe(false);
    // A free turn is still taken at once: being behind only stops the waiting.
    expect(await gate.admit(response())).toBe(true);
    delay.state.mean = 5;
    vi.advanceTimersByTime(100);
    expect(gate.load.behind).toBe(false);
  });

  it("gives no turn to a visitor who left while waiting, and passes it on", async () => {
    const gate = shedder({ maxRendering: 1 });
    const first = response();
    await gate.admit(first);
    const gone = response();
    const leaving = gate.admit(gone);
    const staying = gate.admit(response());
    gone.req.socket.destroyed = true;
    first.close();
    expect(await leaving).toBe(false);
    expect(await staying).toBe(true);
    expect(gate.load).toMatchObject({ rendering: 1, waiting: 0 });
  });
});
