import { EventEmitter } from "node:events";

import { afterEach, describe, expect, it, vi } from "vitest";

import { LoadShedder } from "../../server/load-shedding";

/**
 * Load shedding (ADR 024): a few pages render at once, a few more wait their turn for a bounded
 * time, the rest are refused at once; while the event loop is behind, nothing waits. A turn ends
 * when the page has been handed over, and one connection's pages take their turns one at a time.
 */

/** A connection whose close the test decides. */
function connection() {
  const events = new EventEmitter();
  const socket = {
    destroyed: false,
    once: (event: string, listener: () => void) => events.once(event, listener),
    close: () => {
      socket.destroyed = true;
      events.emit("close");
    },
  };
  return socket;
}

/** A response whose close the test decides, on a connection of its own unless given one. */
function response(socket = connection()) {
  const events = new EventEmitter();
  return {
    once: (event: string, listener: () => void) => events.once(event, listener),
    req: { socket },
    close: () => events.emit("close"),
  };
}

/** Whether `promise` has settled by the time the tasks queued now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
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

function shedder(options: Partial<ConstructorParameters<typeof LoadShedder>[0]> = {}) {
  const made = new LoadShedder({
    maxRendering: 2,
    maxWaiting: 2,
    maxWaitMs: 250,
    maxDelayMs: 60,
    sampleIntervalMs: 100,
    ...options,
  });
  shedders.push(made);
  return made;
}

describe("LoadShedder", () => {
  it("renders a few at once, lets a few wait, and refuses the rest at once", async () => {
    const gate = shedder();
    const rendering = [response(), response()];
    for (const res of rendering) expect(await gate.admit(res)).toHaveProperty("end");
    const waiting = [response(), response()].map((res) => gate.admit(res));
    expect(await gate.admit(response())).toBeNull();
    expect(gate.load).toMatchObject({ rendering: 2, waiting: 2 });
    // A render ends: the longest waiting starts.
    rendering[0]!.close();
    expect(await waiting[0]).toHaveProperty("end");
    expect(gate.load).toMatchObject({ rendering: 2, waiting: 1 });
  });

  it("refuses a page that waited too long for its turn", async () => {
    vi.useFakeTimers();
    const gate = shedder();
    await gate.admit(response());
    await gate.admit(response());
    const waiting = gate.admit(response());
    vi.advanceTimersByTime(250);
    expect(await waiting).toBeNull();
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
    expect(await gate.admit(response())).toBeNull();
    first.close();
    expect(await waiting).toBeNull();
    // A free turn is still taken at once: being behind only stops the waiting.
    expect(await gate.admit(response())).toHaveProperty("end");
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
    expect(await leaving).toBeNull();
    expect(await staying).toHaveProperty("end");
    expect(gate.load).toMatchObject({ rendering: 1, waiting: 0 });
  });

  it("ends a turn when its page has been handed over, before its client has taken it", async () => {
    const gate = shedder({ maxRendering: 1, maxWaiting: 0 });
    const unread = response();
    const turn = await gate.admit(unread);
    expect(await gate.admit(response())).toBeNull();
    // Before the change the turn lasted until the response closed: the client had read it all.
    turn!.end();
    expect(gate.load.rendering).toBe(0);
    expect(await gate.admit(response())).toHaveProperty("end");
    // Its response closing later, or the turn ended twice, frees nothing more.
    unread.close();
    turn!.end();
    expect(gate.load.rendering).toBe(1);
  });

  it("gives a connection's pages their turns one at a time, each once the one before has been taken", async () => {
    const gate = shedder({ maxRendering: 4 });
    const pipelining = connection();
    const [first, second, third] = [response(pipelining), response(pipelining), response(pipelining)];
    const firstTurn = await gate.admit(first);
    const secondTurn = gate.admit(second);
    const thirdTurn = gate.admit(third);
    // Before the change all three rendered at once.
    expect(await settled(secondTurn)).toBe(false);
    // Rendered and handed over, but not yet taken: the connection's next page still waits, others do not.
    firstTurn!.end();
    expect(await settled(secondTurn)).toBe(false);
    expect(await gate.admit(response())).toHaveProperty("end");
    first.close();
    expect(await secondTurn).toHaveProperty("end");
    expect(await settled(thirdTurn)).toBe(false);
    // The connection closes: what it still waited for is refused, its turn given to nobody.
    pipelining.close();
    expect(await thirdTurn).toBeNull();
    expect(gate.load.rendering).toBe(2);
  });
});
