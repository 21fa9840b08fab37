import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";

import type { Response } from "express";

/**
 * Load shedding (ADR 024). Node renders every page on one thread: when requests arrive faster than
 * it renders them, they wait in line, each longer than the last, until clients give up. So pages
 * are rendered a few at a time, a few more wait their turn for a short while, and the rest are
 * refused at once (503 with Retry-After, a few bytes): the server spends its time on the pages it
 * took, and those stay fast.
 *
 * - At most `maxRendering` pages render at once: more would not finish sooner (one thread), only
 *   hold more memory and make each turn of the event loop longer, and Node accepts one new
 *   connection a turn: long turns left new visitors' connections unaccepted for seconds.
 * - At most `maxWaiting` more wait for a turn, each for at most `maxWaitMs`: an ordinary crowd (a
 *   few dozen shoppers at once) is served, a little later.
 * - While the event loop is behind anyway (its mean delay over the last `sampleIntervalMs` over
 *   `maxDelayMs`: something besides rendering keeps it busy), nothing waits.
 *
 * What is refused is only what would be rendered (server/app.ts asks once static files and the page
 * cache have had their turn): pages the page cache answers, static files and `/healthz` cost about
 * what the refusal would, and a form post carries something the shopper typed (its own limits bound
 * what it costs: ADR 023, ADR 024).
 *
 * Node measures the delay (perf_hooks.monitorEventLoopDelay); the libraries that decide on it
 * (toobusy-js, overload-protection) are unmaintained and @fastify/under-pressure is for Fastify
 * only, so the decision is this module.
 */

/** The limits are settings (app/config.server.ts: RENDERS_AT_ONCE and the rest, docs/configuration.md). */
export interface LoadShedderOptions {
  /** Pages rendered at once. */
  maxRendering: number;
  /** Pages waiting for a turn; one more is refused. */
  maxWaiting: number;
  /** The longest a page waits for a turn before it is refused (ms). */
  maxWaitMs: number;
  /** Over this mean event-loop delay in a sampling interval, the loop is behind and nothing waits (ms). */
  maxDelayMs: number;
  /** How often the delay is read (ms). */
  sampleIntervalMs?: number;
  /** For tests: where the delay is read from. */
  histogram?: Pick<IntervalHistogram, "mean" | "reset" | "enable" | "disable">;
}

/** The histogram's resolution: timers are checked this often, so delays are counted above it. */
const RESOLUTION_MS = 10;

/** A page waiting for its turn: called once, with whether it may start. */
type Waiting = (admitted: boolean) => void;

/**
 * What admit() needs of the response: when it closes, and its connection (whether its visitor is
 * still there, and which other pages it asked for).
 */
interface RenderedResponse {
  once(event: "close", listener: () => void): unknown;
  req: { socket: { destroyed: boolean; once(event: "close", listener: () => void): unknown } };
}

/** A connection's pages in line: the last one's response has closed, or the connection has. */
interface ConnectionLine {
  lastPageTaken: Promise<void>;
  /**
   * When a connection closes, Node closes the response it is sending and the next, not those
   * queued behind them (pipelined and never sent): the line moves on when the connection closes too.
   */
  closed: Promise<void>;
}

/** A page's turn to render. */
export interface RenderTurn {
  /**
   * The page has been rendered and handed to Node: the turn is over, however slowly its client
   * reads it. It is over too when the response closes first; calling this again does nothing.
   */
  end(): void;
}

export class LoadShedder {
  private rendering = 0;
  private readonly waiting: Waiting[] = [];
  private readonly lines = new WeakMap<RenderedResponse["req"]["socket"], ConnectionLine>();
  private behind = false;
  private readonly options: Required<Omit<LoadShedderOptions, "histogram">>;
  private readonly histogram: NonNullable<LoadShedderOptions["histogram"]>;
  private readonly timer: NodeJS.Timeout;

  constructor({
    maxRendering,
    maxWaiting,
    maxWaitMs,
    maxDelayMs,
    sampleIntervalMs = 100,
    histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS }),
  }: LoadShedderOptions) {
    this.options = { maxRendering, maxWaiting, maxWaitMs, maxDelayMs, sampleIntervalMs };
    this.histogram = histogram;
    histogram.enable();
    this.timer = setInterval(() => {
      // The histogram holds nothing when no timer fired in the interval: that too is a loop far behind.
      const mean = Number.isNaN(histogram.mean) ? Infinity : histogram.mean / 1e6 - RESOLUTION_MS;
      this.behind = mean > maxDelayMs;
      histogram.reset();
    }, sampleIntervalMs);
    this.timer.unref();
  }

  /**
   * Waits for a turn to render the page `res` will carry: the turn once it may start, null when it
   * is refused instead.
   *
   * A connection's pages take their turns one after another, each once the client has taken the
   * one before (its response has closed): answers on one connection go out in order anyway, and a
   * client that pipelines pages and reads none of them would otherwise have them all rendered and
   * held in memory. Only then does the page join the line every visitor shares.
   */
  async admit(res: RenderedResponse): Promise<RenderTurn | null> {
    const connection = res.req.socket;
    const taken = new Promise<void>((resolve) => res.once("close", resolve));
    const line = this.lines.get(connection);
    if (line) {
      const before = line.lastPageTaken;
      line.lastPageTaken = taken;
      await Promise.race([before, line.closed]);
    } else {
      const closed = new Promise<void>((resolve) => connection.once("close", resolve));
      this.lines.set(connection, { lastPageTaken: taken, closed });
    }
    if (connection.destroyed || !(await this.takeTurn(res))) return null;
    let over = false;
    const end = () => {
      if (over) return;
      over = true;
      this.rendering--;
      this.next();
    };
    res.once("close", end);
    return { end };
  }

  /** Pages being rendered and waiting now, and whether the event loop is behind. */
  get load(): { rendering: number; waiting: number; behind: boolean } {
    return { rendering: this.rendering, waiting: this.waiting.length, behind: this.behind };
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
    for (const waiting of this.waiting.splice(0)) waiting(false);
  }

  /** A place among those rendering, at once or after a wait in line: true once taken, false when refused. */
  private takeTurn(res: RenderedResponse): Promise<boolean> {
    if (this.rendering < this.options.maxRendering && this.waiting.length === 0) return Promise.resolve(this.start());
    if (this.behind || this.waiting.length >= this.options.maxWaiting) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const waiting: Waiting = (admitted) => {
        clearTimeout(timeout);
        // A visitor who left while waiting gets no turn: nobody would receive the page.
        resolve(admitted && !res.req.socket.destroyed && this.start());
      };
      const timeout = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiting), 1);
        waiting(false);
      }, this.options.maxWaitMs);
      this.waiting.push(waiting);
    });
  }

  private start(): true {
    this.rendering++;
    return true;
  }

  /** Turns go to the longest waiting, while there is room; while the loop is behind, they are refused instead. */
  private next(): void {
    while (this.rendering < this.options.maxRendering && this.waiting.length > 0) {
      this.waiting.shift()!(!this.behind);
    }
  }
}

/** Seconds a refused visitor is asked to wait: the line is gone well within them. */
const SHED_RETRY_AFTER_SECONDS = 2;

/**
 * After a refusal, the connection's next request is not read for this long. A client that asks
 * again at once (a script, a retry loop, a load generator) would otherwise spend the event loop on
 * refusals, which kept the renders in flight waiting and, since Node accepts one new connection per
 * turn of the loop, left new visitors' connections unaccepted for seconds (ADR 024). A browser
 * sends nothing more on that connection after a refused page, so shoppers never wait for it.
 */
const PAUSE_AFTER_REFUSAL_MS = 500;

const BUSY_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Very busy - MakerVolt</title></head>
<body><main><h1>MakerVolt is very busy right now</h1><p>Too many people are visiting at once. Please try again in a few seconds.</p></main></body>
</html>
`;

/** Whether a request is one that load shedding may refuse: a read that would be rendered. */
export function isSheddable(method: string, path: string): boolean {
  return (method === "GET" || method === "HEAD") && path !== "/healthz";
}

/** The refusal: 503 with Retry-After and a short page in the shopper's words, never cached. */
export function sendBusy(res: Response): void {
  res.locals.refusal = "overloaded";
  res.once("finish", () => {
    const socket = res.req.socket;
    socket.pause();
    setTimeout(() => socket.resume(), PAUSE_AFTER_REFUSAL_MS).unref();
  });
  res
    .status(503)
    .set({
      "Retry-After": String(SHED_RETRY_AFTER_SECONDS),
      "Cache-Control": "no-store",
      "Content-Type": "text/html; charset=utf-8",
    })
    .send(BUSY_PAGE);
}
