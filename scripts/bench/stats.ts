/**
 * The benchmark's arithmetic (scripts/bench.ts): each target's figures per round, and the summary
 * of the rounds as medians, with the ratio of each target's requests a second to the static file's.
 */

/** One target measured for one round. */
export interface RoundFigures {
  round: number;
  target: string;
  /** Answers received (any status). */
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  /** Latency percentiles of this round's 2xx answers, in ms (autocannon's histogram); Infinity when there were none. */
  p50: number;
  p99: number;
  max: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** Answers that were not 2xx. */
  non2xx: number;
  /** Socket errors, time-outs included. */
  errors: number;
  timeouts: number;
  /** How long the server then took to finish the requests the load left in flight (not part of the figures). */
  settleSeconds?: number;
}

export interface TargetSummary {
  target: string;
  /** Medians over the rounds. */
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Median requests a second over the static file's median. */
  ratio: number;
  /** Totals over the rounds. */
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** The middle value; for an even count, the mean of the two middle values. NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `value / ceiling`, NaN when the ceiling is not a positive number. */
export function ratio(value: number, ceiling: number): number {
  return ceiling > 0 ? value / ceiling : NaN;
}

/**
 * One summary per target, in the order the targets first appear in `rounds`; ratios are to
 * `ceilingTarget` (the static file).
 */
export function summarise(rounds: readonly RoundFigures[], ceilingTarget: string): TargetSummary[] {
  const byTarget = new Map<string, RoundFigures[]>();
  for (const figures of rounds) byTarget.set(figures.target, [...(byTarget.get(figures.target) ?? []), figures]);
  const ceiling = median((byTarget.get(ceilingTarget) ?? []).map((f) => f.requestsPerSecond));
  const sum = (xs: RoundFigures[], pick: (f: RoundFigures) => number) => xs.reduce((a, f) => a + pick(f), 0);
  return [...byTarget].map(([target, figures]) => {
    const requestsPerSecond = median(figures.map((f) => f.requestsPerSecond));
    return {
      target,
      requestsPerSecond,
      p50: median(figures.map((f) => f.p50)),
      p99: median(figures.map((f) => f.p99)),
      ratio: ratio(requestsPerSecond, ceiling),
      requests: sum(figures, (f) => f.requests),
      non2xx: sum(figures, (f) => f.non2xx),
      errors: sum(figures, (f) => f.errors),
      timeouts: sum(figures, (f) => f.timeouts),
    };
  });
}

/** Each round's targets in turn, starting one further along each round so no target always follows the same one. */
export function roundOrder<T>(targets: readonly T[], round: number): T[] {
  const start = targets.length ? round % targets.length : 0;
  return [...targets.slice(start), ...targets.slice(0, start)];
}
