/** `npm run bench` options (docs/benchmarks.md), read from the command line. */
import { parseArgs } from "node:util";

import { DEFAULT_PORTS } from "../support/default-ports";

export interface BenchOptions {
  /** Products in the temporary catalogue. */
  products: number;
  rounds: number;
  /** Length of each target's turn in a round. */
  seconds: number;
  /** Each target's warm-up before the first round. */
  warmupSeconds: number;
  connections: number;
  port: number;
  /** Use the build already in the build directory. */
  skipBuild: boolean;
  /** Exit 0 even when a budget fails (errors still fail the run). */
  noFail: boolean;
  /** Where to write the JSON results; null for the default, bench-results/bench-<time>.json. */
  json: string | null;
  /** An earlier run's JSON to print the changes against. */
  compare: string | null;
  /** A DATA_DIR already filled (and kept); null for a temporary one, removed at the end. */
  dataDir: string | null;
  /** Extra flags for the server's node, space-separated. */
  nodeArgs: string[];
  /** `server`: one server process on the embedded database; `proxy`: nginx, two processes, PostgreSQL (scripts/bench/proxy.ts). */
  topology: "server" | "proxy";
  /** Only these targets (the static file always runs: it is the ratios' denominator); null for all. */
  targets: string[] | null;
}

export const USAGE = `Usage: npm run bench [-- options]
  --products N       products in the temporary catalogue (default 10000)
  --rounds N         alternating rounds (default 5)
  --seconds N        seconds per target per round (default 4)
  --warmup N         seconds of warm-up per target before the rounds (default 2)
  --connections N    concurrent connections (default 20)
  --port N           the server's port (default ${DEFAULT_PORTS.bench})
  --skip-build       use the build already in $BUILD_DIR (default build-bench)
  --no-fail          exit 0 when a budget fails (errors still fail the run)
  --json PATH        where to write the results (default bench-results/bench-<time>.json)
  --compare PATH     an earlier run's JSON: print the change per target
  --data-dir DIR     use (and keep) this DATA_DIR, filled up to --products
  --node-args "..."  extra flags for the server's node
  --targets a,b      only these targets, beside the static file (default all; budgets of the
                     others are not checked): e.g. --targets cold-search,cold-typo-search
  --topology T       server (default: one process, embedded database) or proxy (nginx with its
                     cache, two processes, one PostgreSQL: 50 popular pages as documents, and as
                     a JavaScript shopper asks for them, one document per five navigations)`;

const WHOLE_NUMBERS = {
  products: { default: 10_000, min: 1 },
  rounds: { default: 5, min: 1 },
  seconds: { default: 4, min: 1 },
  warmup: { default: 2, min: 0 },
  connections: { default: 20, min: 1 },
  port: { default: DEFAULT_PORTS.bench, min: 1 },
} as const;

function wholeNumber(name: keyof typeof WHOLE_NUMBERS, raw: string | undefined): number {
  const { default: fallback, min } = WHOLE_NUMBERS[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) {
    throw new Error(`--${name} must be a whole number of at least ${min} (got "${raw}")`);
  }
  return value;
}

function topology(raw: string | undefined): BenchOptions["topology"] {
  if (raw === undefined || raw === "server" || raw === "proxy") return raw ?? "server";
  throw new Error(`--topology must be server or proxy (got "${raw}")`);
}

/** The options in `argv` (without node and the script); throws with a message on anything unknown or invalid. */
export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== "--"),
    options: {
      products: { type: "string" },
      rounds: { type: "string" },
      seconds: { type: "string" },
      warmup: { type: "string" },
      connections: { type: "string" },
      port: { type: "string" },
      "skip-build": { type: "boolean", default: false },
      "no-fail": { type: "boolean", default: false },
      json: { type: "string" },
      compare: { type: "string" },
      "data-dir": { type: "string" },
      "node-args": { type: "string" },
      topology: { type: "string" },
      targets: { type: "string" },
    },
    strict: true,
    allowPositionals: false,
  });
  return {
    products: wholeNumber("products", values.products),
    rounds: wholeNumber("rounds", values.rounds),
    seconds: wholeNumber("seconds", values.seconds),
    warmupSeconds: wholeNumber("warmup", values.warmup),
    connections: wholeNumber("connections", values.connections),
    port: wholeNumber("port", values.port),
    skipBuild: values["skip-build"],
    noFail: values["no-fail"],
    json: values.json ?? null,
    compare: values.compare ?? null,
    dataDir: values["data-dir"] ?? null,
    nodeArgs: (values["node-args"] ?? "").split(/\s+/).filter(Boolean),
    topology: topology(values.topology),
    targets: values.targets === undefined ? null : values.targets.split(",").filter(Boolean),
  };
}
