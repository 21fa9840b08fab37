/**
 * The budgets of docs/budgets.md that one `npm run bench` run measures, and their check.
 * Sizes are in KB of 1,024 bytes and memory in MB of 1,024 KB.
 */
import type { TargetSummary } from "./stats";

export const KB = 1024;

/** What one run measured, as the budgets read it. */
export interface Measurements {
  targets: readonly TargetSummary[];
  /** The server's peak resident memory (VmHWM), MB. */
  peakRssMb: number;
  /** A first visit to /products, in bytes. */
  firstVisit: { htmlRawBytes: number; jsGzipBytes: number; cssGzipBytes: number };
  /** Targets the run left out on purpose (`--targets`): their budgets are not checked. */
  leftOut?: readonly string[];
}

type Comparison = ">=" | "<" | "<=";

interface Budget {
  name: string;
  comparison: Comparison;
  limit: number;
  unit: "" | "ms" | "MB" | "KB";
  /** The target it measures, if one: not checked in a run without it (`--targets`). */
  target?: string;
  measure: (m: Measurements) => number;
}

export interface BudgetResult {
  name: string;
  comparison: Comparison;
  limit: number;
  unit: string;
  actual: number;
  passed: boolean;
}

const target = (m: Measurements, name: string) => m.targets.find((t) => t.target === name);

/** Target names are scripts/bench.ts's. */
export const BUDGETS: readonly Budget[] = [
  // Rendered: the page cache (ADR 020) answers /about without rendering it, so the budget is the cookie's visit.
  {
    name: "/about rendered, ratio to static",
    comparison: ">=",
    limit: 0.12,
    unit: "",
    target: "about-rendered",
    measure: (m) => ratioOf(m, "about-rendered"),
  },
  {
    name: "cold product page, ratio",
    comparison: ">=",
    limit: 0.08,
    unit: "",
    target: "cold-product",
    measure: (m) => ratioOf(m, "cold-product"),
  },
  {
    name: "cold search, ratio",
    comparison: ">=",
    limit: 0.05,
    unit: "",
    target: "cold-search",
    measure: (m) => ratioOf(m, "cold-search"),
  },
  // Search, typo fallback included, stays within the cold-search budget (docs/budgets.md).
  {
    name: "cold typo search, ratio",
    comparison: ">=",
    limit: 0.05,
    unit: "",
    target: "cold-typo-search",
    measure: (m) => ratioOf(m, "cold-typo-search"),
  },
  {
    name: "search p99 (sensor, price-low)",
    comparison: "<",
    limit: 100,
    unit: "ms",
    target: "search",
    measure: (m) => target(m, "search")?.p99 ?? NaN,
  },
  { name: "server peak RSS", comparison: "<=", limit: 300, unit: "MB", measure: (m) => m.peakRssMb },
  {
    name: "/products HTML, raw",
    comparison: "<=",
    limit: 60,
    unit: "KB",
    measure: (m) => m.firstVisit.htmlRawBytes / KB,
  },
  {
    name: "first-load JS, gzip",
    comparison: "<=",
    limit: 105,
    unit: "KB",
    measure: (m) => m.firstVisit.jsGzipBytes / KB,
  },
  { name: "CSS, gzip", comparison: "<=", limit: 15, unit: "KB", measure: (m) => m.firstVisit.cssGzipBytes / KB },
];

function ratioOf(m: Measurements, name: string): number {
  return target(m, name)?.ratio ?? NaN;
}

/** Whether `actual` keeps to the limit; a figure that could not be measured (NaN) never does. */
export function withinLimit(actual: number, comparison: Comparison, limit: number): boolean {
  if (Number.isNaN(actual)) return false;
  if (comparison === ">=") return actual >= limit;
  if (comparison === "<") return actual < limit;
  return actual <= limit;
}

/** Every budget but those of targets the run left out (`--targets`). */
export function checkBudgets(measurements: Measurements, budgets: readonly Budget[] = BUDGETS): BudgetResult[] {
  const leftOut = new Set(measurements.leftOut);
  return budgets
    .filter((b) => !b.target || !leftOut.has(b.target))
    .map(({ name, comparison, limit, unit, measure }) => {
      const actual = measure(measurements);
      return { name, comparison, limit, unit, actual, passed: withinLimit(actual, comparison, limit) };
    });
}
