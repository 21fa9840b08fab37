import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";

import type { Response } from "express";

// Pages render a few at a time, a few more wait briefly, the rest are refused at once, and nothing waits while the
// event loop is behind: ADR 024, ADR 033 and docs/operations.md#overload-and-slow-clients say why.

export interface LoadShedderOptions {
  maxRendering: number;
  maxWaiting: number;
  maxWaitMs: number;
  /** Over this mean event-loop delay in a sampling interval, nothing waits. */
  maxDelayMs: number;
  sampleIntervalMs?: number;
  histogram?: Pick<IntervalHistogram, "mean" | "reset" | "enable" | "disable">;
}

/** Timers are checked this often, so delays are counted above it. */
const RESOLUTION_MS = 10;

type Waiting = (admitted: boolean) => void;

interface RenderedResponse {
  once(event: "close", listener: () => void): unknown;
  req: { socket: { destroyed: boolean; once(event: "close", listener: () => void): unknown } };
}

interface ConnectionLine {
  lastPageTaken: Promise<void>;
  /** Node closes only the response it is sending and the next, not those pipelined behind them. */
  closed: Promise<void>;
}

export interface RenderTurn {
  /** The page is in Node's hands (or its response closed first): the turn is over; again, nothing (ADR 033). */
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

  /** The turn to render `res`'s page, or null: refused. A connection's pages take turns in order (ADR 033). */
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

  get load(): { rendering: number; waiting: number; behind: boolean } {
    return { rendering: this.rendering, waiting: this.waiting.length, behind: this.behind };
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
    for (const waiting of this.waiting.splice(0)) waiting(false);
  }

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

  /** Turns go to the longest waiting; while the loop is behind, they are refused instead. */
  private next(): void {
    while (this.rendering < this.options.maxRendering && this.waiting.length > 0) {
      this.waiting.shift()!(!this.behind);
    }
  }
}

const SHED_RETRY_AFTER_SECONDS = 2;

/** A refused connection's next request is not read for this long (ADR 024). */
const PAUSE_AFTER_REFUSAL_MS = 500;

const BUSY_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Very busy - MakerVolt</title></head>
<body><main><h1>MakerVolt is very busy right now</h1><p>Too many people are visiting at once. Please try again in a few seconds.</p></main></body>
</html>
`;

/** The route that answers a monitor's health checks (app/routes/healthz.ts): never refused. */
const HEALTH_CHECK_ROUTE = "routes/healthz";

/** A read that would be rendered, by the route `routeId`. */
export function isSheddable(method: string, routeId: string): boolean {
  return (method === "GET" || method === "HEAD") && routeId !== HEALTH_CHECK_ROUTE;
}

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
