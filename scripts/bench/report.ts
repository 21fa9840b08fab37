/** The benchmark's printed report (scripts/bench.ts): plain-text tables from the run's figures. */
import { type BudgetResult, KB } from "./budgets";
import type { TargetSummary } from "./stats";

/** Columns of figures, right-aligned, between a left-aligned first column and an optional left-aligned note. */
export function table(header: readonly string[], rows: readonly (readonly string[])[], { note = false } = {}): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((row) => (row[i] ?? "").length)));
  const last = header.length - 1;
  const cell = (text: string, i: number) =>
    i === 0 || (note && i === last) ? text.padEnd(widths[i]!) : text.padStart(widths[i]!);
  return all.map((row) => row.map(cell).join("  ").trimEnd()).join("\n");
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : "-");
const whole = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en-GB") : "-");
export const kb = (bytes: number) => `${fixed(bytes / KB, 1)} KB`;

/** Each target's figures, and `what` it is; latencies in whole milliseconds unless told (through nginx they take one or two). */
export function targetsTable(
  targets: readonly TargetSummary[],
  what: ReadonlyMap<string, string>,
  { ratioDigits = 3, latencyDigits = 0 } = {},
): string {
  return table(
    ["target", "req/s", "ratio", "p50 ms", "p99 ms", "requests", "non-2xx", "errors", "what"],
    targets.map((t) => [
      t.target,
      whole(t.requestsPerSecond),
      fixed(t.ratio, ratioDigits),
      fixed(t.p50, latencyDigits),
      fixed(t.p99, latencyDigits),
      whole(t.requests),
      t.non2xx ? `${t.non2xx} !!` : "0",
      t.errors ? `${t.errors} !!` : "0",
      what.get(t.target) ?? "",
    ]),
    { note: true },
  );
}

export function budgetsTable(results: readonly BudgetResult[]): string {
  const shown = (r: BudgetResult, value: number) =>
    `${fixed(value, r.unit === "" ? 3 : r.unit === "KB" ? 1 : 0)}${r.unit ? ` ${r.unit}` : ""}`;
  return table(
    ["budget", "measured", "limit", "result"],
    results.map((r) => [
      r.name,
      shown(r, r.actual),
      `${r.comparison} ${shown(r, r.limit)}`,
      r.passed ? "pass" : "FAIL",
    ]),
  );
}

export interface FirstVisitWeights {
  html: { raw: number; gzip: number };
  js: { raw: number; gzip: number; files: number };
  css: { raw: number; gzip: number; files: number };
}

export function firstVisitTable(weights: FirstVisitWeights): string {
  return table(
    ["first visit to /products", "files", "raw", "gzip"],
    [
      ["HTML", "1", kb(weights.html.raw), kb(weights.html.gzip)],
      ["JavaScript", String(weights.js.files), kb(weights.js.raw), kb(weights.js.gzip)],
      ["CSS", String(weights.css.files), kb(weights.css.raw), kb(weights.css.gzip)],
    ],
  );
}

/** Each target's req/s, ratio and p99 then and now, for targets in both runs. */
export function comparisonTable(before: readonly TargetSummary[], after: readonly TargetSummary[]): string {
  const change = (now: number, then: number) =>
    then > 0 && Number.isFinite(now) ? `${now >= then ? "+" : ""}${fixed((now / then - 1) * 100, 0)} %` : "-";
  const rows = after.flatMap((now) => {
    const then = before.find((t) => t.target === now.target);
    if (!then) return [];
    return [
      [
        now.target,
        `${whole(then.requestsPerSecond)} → ${whole(now.requestsPerSecond)}`,
        change(now.requestsPerSecond, then.requestsPerSecond),
        `${fixed(then.ratio, 3)} → ${fixed(now.ratio, 3)}`,
        `${fixed(then.p99, 0)} → ${fixed(now.p99, 0)}`,
      ],
    ];
  });
  return table(["target", "req/s", "change", "ratio", "p99 ms"], rows);
}
