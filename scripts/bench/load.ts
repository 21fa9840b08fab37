/** One target under load for a while, with autocannon (scripts/bench.ts). */
import autocannon from "autocannon";

import type { PathPool } from "./cold-urls";
import type { RoundFigures } from "./stats";

/** What one target asks for: always the same path, or the next path of a pool (the cold workloads). */
export interface Target {
  name: string;
  /** For the report: the path, or what the pool holds. */
  what: string;
  path?: string;
  pool?: PathPool;
  /** Sent besides a browser's headers. */
  headers?: Record<string, string>;
}

/** What a browser sends with a page request; the server compresses as it would for a shopper. */
const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-GB,en;q=0.9",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) makervolt-bench",
};

/** The first few answers that were not 2xx, with what was asked, to show. */
export interface Failure {
  target: string;
  path: string;
  status: number;
}

const FAILURES_KEPT = 5;

export async function loadTarget(options: {
  origin: string;
  target: Target;
  seconds: number;
  connections: number;
  round: number;
  failures: Failure[];
}): Promise<RoundFigures> {
  const { origin, target, seconds, connections, round, failures } = options;
  type Context = { path?: string };
  const request: autocannon.Request = target.pool
    ? {
        // Called just before each request is written, so every request takes the pool's next path.
        setupRequest: (req, context: Context) => {
          context.path = target.pool!.take();
          return { ...req, method: "GET", path: context.path };
        },
      }
    : { method: "GET", path: target.path };
  request.onResponse = (status, _body, context: Context) => {
    if ((status < 200 || status > 299) && failures.length < FAILURES_KEPT) {
      failures.push({ target: target.name, path: context.path ?? target.path ?? "?", status });
    }
  };
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    headers: { ...BROWSER_HEADERS, ...target.headers },
    requests: [request],
    timeout: 10,
  });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count = 0 }]) => [status, count]),
  );
  const answered = result["2xx"] > 0;
  return {
    round,
    target: target.name,
    requests: result.requests.total,
    seconds: result.duration,
    requestsPerSecond: result.duration > 0 ? result.requests.total / result.duration : NaN,
    // autocannon's latencies are of 2xx answers only; with none, the latency is unknown and at
    // least the whole turn, so it must not read 0 ms (an infinite one sorts last in a median).
    p50: answered ? result.latency.p50 : Infinity,
    p99: answered ? result.latency.p99 : Infinity,
    max: answered ? result.latency.max : Infinity,
    statuses,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
