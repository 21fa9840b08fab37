import type { RequestHandler } from "express";

/** After a new connection's first request, turns stay short this long: more may be waiting to be accepted. */
export const ARRIVALS_WINDOW_MS = 1_000;

/**
 * While new connections arrive, requests begin a few milliseconds' worth per turn of the event loop, the rest in the
 * next turns, in order: Node accepts one new connection per turn, so long turns leave a crowd's new connections
 * unaccepted for seconds. Otherwise they begin at once (ADR 045).
 */
export class RequestPacer {
  private readonly waiting: Array<() => void> = [];
  private readonly connections = new WeakSet<object>();
  private arrivalsUntil = -Infinity;
  private spentMs = 0;
  private turnScheduled = false;

  constructor(
    private readonly turnMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs `begin` now if this turn has room and nothing waits before it, otherwise in a later turn. */
  begin(connection: object, begin: () => void): void {
    if (!this.connections.has(connection)) {
      this.connections.add(connection);
      this.arrivalsUntil = this.now() + ARRIVALS_WINDOW_MS;
    }
    if (this.waiting.length === 0 && this.spentMs < this.room()) this.run(begin);
    else this.waiting.push(begin);
    this.scheduleTurn();
  }

  /** Requests waiting for a later turn. */
  get length(): number {
    return this.waiting.length;
  }

  private room(): number {
    return this.now() < this.arrivalsUntil ? this.turnMs : Infinity;
  }

  private run(begin: () => void): void {
    const started = this.now();
    try {
      begin();
    } finally {
      this.spentMs += this.now() - started;
    }
  }

  /** setImmediate runs in this turn's check phase if asked during its poll phase, else in the next turn's. */
  private scheduleTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      this.spentMs = 0;
      const room = this.room();
      while (this.waiting.length > 0 && this.spentMs < room) this.run(this.waiting.shift()!);
      if (this.waiting.length > 0) this.scheduleTurn();
    });
  }
}

/** Every request through a pacer of `turnMs` a turn while connections arrive; with 0, at once. */
export function pacedRequests(turnMs: number): RequestHandler {
  if (turnMs <= 0) return (_req, _res, next) => next();
  const pacer = new RequestPacer(turnMs);
  return (req, _res, next) => pacer.begin(req.socket, () => next());
}
