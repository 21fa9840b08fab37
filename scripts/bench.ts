/**
 * `npm run bench`: what shoppers cost the server, checked against the budgets in docs/budgets.md.
 *
 * What it measures. The built production server on a fresh temporary catalogue of 10,000
 * generated products (`--products`), under autocannon at 20 connections with a browser's headers:
 * a real file from public/ (`/favicon.svg`), `/healthz`, `/about` (from the server's page cache
 * after its first visit, ADR 020, and rendered every time for a visitor with a cookie), the home
 * page, the catalogue, a filtered category page, a product page, a search, and two cold workloads,
 * product pages and searches that never repeat a URL (scripts/bench/cold-urls.ts: the page and
 * catalogue caches would otherwise answer them). Then the server's peak memory, and what a first
 * visit to `/products` downloads (its HTML, and the JavaScript and CSS it loads, gzipped).
 *
 * Why this way. The machines are shared and noisy, so an absolute figure from one run cannot be
 * compared with another run's:
 * - throughput is a ratio to the static file served by the same server in the same run
 *   (express.static and the HTTP stack alone: the ceiling of any page, ratio 1);
 * - the targets take turns in alternating rounds (every target once a round, the order rotated a
 *   step each round), so a burst of load from something else on the machine falls on all of them
 *   rather than on one; between turns the server finishes what the last one left in flight
 *   (processes.ts, waitUntilIdle), so no target pays for another's work;
 * - each target's figures are medians over its rounds, which one disturbed round cannot move.
 * An answer that is not 2xx, or a socket error, fails the run: a benchmark of error pages says
 * nothing. A missed budget fails it too, unless `--no-fail`.
 *
 * Usage: npm run bench [-- --products 100000 --rounds 5 --seconds 4 --connections 20 --no-fail]
 *        npm run bench -- --help   (all options; docs/benchmarks.md)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { exampleUrl } from "~/models/site/pages";

import { type BudgetResult, checkBudgets } from "./bench/budgets";
import { coldProductPaths, coldSearchPaths, PathPool, SHOPPER_TYPOS } from "./bench/cold-urls";
import { firstVisitAssets, gzipBytes } from "./bench/first-visit";
import { type Failure, loadTarget, type Target } from "./bench/load";
import { type BenchOptions, parseBenchOptions, USAGE } from "./bench/options";
import { RssSampler, statusMb, waitUntilIdle } from "./bench/processes";
import { benchProxy } from "./bench/proxy";
import { budgetsTable, comparisonTable, firstVisitTable, type FirstVisitWeights, targetsTable } from "./bench/report";
import { warmUpAndAlternate } from "./bench/rounds";
import { summarise, type TargetSummary } from "./bench/stats";
import { runQuietly, stopAll } from "./support/child-processes";
import { buildShop, type Shop, startShop } from "./support/shop-server";

const BUILD_DIR = process.env.BUILD_DIR || "build-bench";
/** The static file, whose requests a second are the ratios' denominator. */
const CEILING = "static";
/** The catalogue size docs/budgets.md sets its budgets for. */
const BUDGET_PRODUCTS = 10_000;
/** Fixed seeds: every run asks for the same cold URLs in the same order. */
const PRODUCT_SEED = 0xb0d1;
const SEARCH_SEED = 0x5ea6;

/** Set once Ctrl-C (or SIGTERM) has started the clean-up: what fails after that is no news. */
let stopping = false;

/**
 * What the bench measures, each by a name its budgets (bench/budgets.ts) and the saved runs know
 * it by. The pages' URLs are their example URLs in the list of the shop's pages
 * (app/models/site/pages.ts); the sorts, pages and searches measured on the catalogue are the bench's.
 */
function targets(products: number): Target[] {
  const fixed = (name: string, p: string): Target => ({ name, what: p, path: p });
  const about = exampleUrl("about");
  return [
    fixed(CEILING, "/favicon.svg"),
    fixed("healthz", "/healthz"),
    fixed("about", about),
    {
      // The page cache (ADR 020) answers /about after its first render; a visitor with a cookie is
      // never answered from it, so this is what rendering the page costs.
      name: "about-rendered",
      what: `${about} with a cookie: rendered every time`,
      path: about,
      headers: { cookie: "bench=render" },
    },
    fixed("home", exampleUrl("home")),
    fixed("catalogue", exampleUrl("catalogue")),
    fixed("category", `${exampleUrl("category")}?sort=price-low&page=3`),
    fixed("product", exampleUrl("product-in-stock")),
    fixed("search", `${exampleUrl("catalogue")}?search=sensor&sort=price-low`),
    {
      name: "cold-product",
      what: `/product/<id>, ${products.toLocaleString("en-GB")} ids shuffled`,
      pool: new PathPool(coldProductPaths(products, PRODUCT_SEED)),
    },
    {
      name: "cold-search",
      what: "/products?search=<word>&sort&page&min, each once",
      pool: new PathPool(coldSearchPaths(SEARCH_SEED)),
    },
    {
      // Typos, words in any order, plurals and part numbers: the search's longer ways (ADR 034).
      name: "cold-typo-search",
      what: "/products?search=<typo or words>&sort&page&min, each once",
      pool: new PathPool(coldSearchPaths(SEARCH_SEED, SHOPPER_TYPOS)),
    },
  ];
}

/** The targets `--targets` names, beside the static file; all without it. */
function chosenTargets(options: BenchOptions): Target[] {
  const all = targets(options.products);
  if (!options.targets) return all;
  const unknown = options.targets.filter((name) => !all.some((t) => t.name === name));
  if (unknown.length) {
    throw new Error(`--targets: no target ${unknown.join(", ")} (there are ${all.map((t) => t.name).join(", ")})`);
  }
  return all.filter((t) => t.name === CEILING || options.targets!.includes(t.name));
}

const secondsSince = (since: number) => ((performance.now() - since) / 1000).toFixed(0);
const thousands = (n: number) => n.toLocaleString("en-GB");

function buildUnlessSkipped(options: BenchOptions) {
  return buildShop({ buildDir: BUILD_DIR, existing: options.skipBuild ? "require" : "rebuild", quiet: true });
}

/** The build (unless --skip-build) and the catalogue, each in its own process. */
async function prepare(options: BenchOptions, dataDir: string) {
  await buildUnlessSkipped(options);
  const started = performance.now();
  console.log(`Filling ${dataDir} with ${thousands(options.products)} products ...`);
  await runQuietly("npm", ["run", "db:scale", "--", String(options.products)], { ...process.env, DATA_DIR: dataDir });
  console.log(`  filled in ${secondsSince(started)} s`);
}

/** A warm-up turn for every target, then the alternating rounds. */
async function measureRounds(origin: string, server: Shop, list: Target[], options: BenchOptions, rss: RssSampler) {
  const failures: Failure[] = [];
  const turn = async (target: Target, round: number, seconds: number) => {
    rss.during = target.name;
    const { connections } = options;
    const figures = await loadTarget({ origin, target, seconds, connections, round, failures });
    figures.settleSeconds = Math.round((await waitUntilIdle(server.pid)) * 100) / 100;
    if ((figures.non2xx || figures.errors) && !stopping) {
      console.log(
        `\n  !! ${target.name}: ${figures.non2xx} answers not 2xx ${JSON.stringify(figures.statuses)}, ` +
          `${figures.errors} socket errors (${figures.timeouts} time-outs)`,
      );
    }
    return figures;
  };

  const { warmup, rounds } = await warmUpAndAlternate(list, options, turn);
  rss.during = "end";
  return { warmup, rounds, failures };
}

/** The HTML of `/products`, and the scripts and stylesheets it makes a browser load, raw and gzipped. */
async function firstVisit(origin: string) {
  const get = async (url: string) => {
    const response = await fetch(new URL(url, origin), { headers: { accept: "text/html,*/*" } });
    if (!response.ok) throw new Error(`first visit: ${url} answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  };
  const weigh = async (urls: string[]) => {
    const files = await Promise.all(
      urls.map(async (url) => {
        const body = await get(url);
        return { url, raw: body.length, gzip: gzipBytes(body) };
      }),
    );
    const sum = (key: "raw" | "gzip") => files.reduce((total, f) => total + f[key], 0);
    return { raw: sum("raw"), gzip: sum("gzip"), files: files.length, list: files };
  };
  const html = await get("/products");
  const assets = firstVisitAssets(html.toString("utf8"));
  const [js, css] = await Promise.all([weigh(assets.scripts), weigh(assets.stylesheets)]);
  const weights: FirstVisitWeights = { html: { raw: html.length, gzip: gzipBytes(html) }, js, css };
  return { weights, files: { js: js.list, css: css.list } };
}

/** Starts the server, measures, and stops it; everything the report needs. */
async function benchmark(options: BenchOptions, dataDir: string) {
  const list = chosenTargets(options);
  const server = await startShop({
    buildDir: BUILD_DIR,
    dataDir,
    port: options.port,
    nodeArgs: options.nodeArgs,
    // What a page costs, not load shedding (the overload soak's subject, docs/soak.md): every one of
    // the fixed connections' requests may wait its turn. With the defaults (2 at once, 8 waiting)
    // the cold targets' 20 connections were refused and paused, and measured those pauses.
    env: {
      RENDERS_WAITING: String(2 * options.connections),
      RENDER_WAIT_MS: "10000",
      EVENT_LOOP_DELAY_LIMIT_MS: "10000",
    },
  });
  const { origin } = server;
  let serverGone = false;
  void server.exited.then(() => (serverGone = true));

  const rss = new RssSampler(server.pid);
  const measured = await measureRounds(origin, server, list, options, rss);
  const visit = await firstVisit(origin);
  rss.stop();
  const memory = { peakRssMb: statusMb(server.pid, "VmHWM"), highestSampleMb: rss.peakMb, samples: rss.samples };
  if (serverGone) throw new Error(`the server exited during the run:\n${server.lastOutput()}`);
  return { list, ...measured, visit, memory, serverOutput: server.lastOutput({ logLines: 0 }) };
}

type Measured = Awaited<ReturnType<typeof benchmark>>;

function printReport(options: BenchOptions, run: Measured, summary: TargetSummary[], budgets: BudgetResult[]) {
  console.log(
    `\n${thousands(options.products)} products, ${options.connections} connections, ${options.rounds} alternating ` +
      `rounds of ${options.seconds} s per target; medians over the rounds; ratio = req/s / ${CEILING}'s req/s`,
  );
  console.log(targetsTable(summary, new Map(run.list.map((t) => [t.name, t.what]))));
  for (const { name, pool } of run.list) {
    if (!pool) continue;
    const note = pool.repeats
      ? `!! ${thousands(pool.repeats)} of them repeats: the run needed more than the ${thousands(pool.paths.length)} ` +
        "distinct URLs there are (each repeated only after all the others; more products would avoid it)"
      : "no URL twice";
    console.log(`${name}: ${thousands(pool.used)} URLs asked for, warm-up included; ${note}`);
  }
  const settled = [...run.warmup, ...run.rounds].reduce((s, f) => s + (f.settleSeconds ?? 0), 0);
  console.log(`between turns, the server took ${settled.toFixed(0)} s in all to finish the requests left in flight`);
  console.log(
    `\nserver memory: peak RSS ${run.memory.peakRssMb.toFixed(0)} MB (VmHWM at the end), ` +
      `highest RSS sampled during the run ${run.memory.highestSampleMb.toFixed(0)} MB`,
  );
  console.log(`\n${firstVisitTable(run.visit.weights)}`);
  console.log(`\n${budgetsTable(budgets)}`);
  if (options.products !== BUDGET_PRODUCTS) {
    console.log(
      `(the budgets hold at ${thousands(BUDGET_PRODUCTS)} products; this run had ${thousands(options.products)})`,
    );
  }
}

function printComparison(file: string, summary: TargetSummary[]) {
  try {
    const before = JSON.parse(readFileSync(file, "utf8")) as { date?: string; summary?: TargetSummary[] };
    console.log(`\nCompared with ${file} (${before.date ?? "undated"}); ratios are the figures to compare:`);
    console.log(comparisonTable(before.summary ?? [], summary));
  } catch (error) {
    console.log(`\n--compare ${file}: could not read it (${(error as Error).message})`);
  }
}

function machine() {
  const cpus = os.cpus();
  const git = (...args: string[]) => spawnSync("git", args, { encoding: "utf8" }).stdout?.trim() || null;
  return {
    cpuModel: cpus[0]?.model ?? "unknown",
    cores: cpus.length,
    totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    commit: git("rev-parse", "HEAD"),
    uncommittedChanges: Boolean(git("status", "--porcelain", "--untracked-files=no")),
  };
}

function writeResults(file: string, results: object) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(results, null, 2) + "\n");
  console.log(`\nResults written to ${file}`);
}

/** Prints and records the run; the exit code. */
function conclude(options: BenchOptions, run: Measured, started: { date: string; loadAverage: number[] }): number {
  const summary = summarise(run.rounds, CEILING);
  const { weights } = run.visit;
  const budgets = checkBudgets({
    targets: summary,
    peakRssMb: run.memory.peakRssMb,
    leftOut: targets(options.products)
      .map((t) => t.name)
      .filter((name) => !run.list.some((t) => t.name === name)),
    firstVisit: { htmlRawBytes: weights.html.raw, jsGzipBytes: weights.js.gzip, cssGzipBytes: weights.css.gzip },
  });
  printReport(options, run, summary, budgets);
  if (options.compare) printComparison(options.compare, summary);

  const all = [...run.warmup, ...run.rounds];
  const non2xx = all.reduce((n, f) => n + f.non2xx, 0);
  const socketErrors = all.reduce((n, f) => n + f.errors, 0);
  const loadAverageAfter = os.loadavg();
  writeResults(options.json ?? path.join("bench-results", `bench-${started.date.replace(/:/g, "-")}.json`), {
    date: started.date,
    machine: { ...machine(), loadAverageBefore: started.loadAverage, loadAverageAfter },
    options: { ...options, buildDir: BUILD_DIR },
    targets: run.list.map(({ name, what, pool }) => ({ name, what, distinctPaths: pool?.paths.length })),
    coldPools: Object.fromEntries(
      run.list.flatMap(({ name, pool }) => (pool ? [[name, { used: pool.used, repeats: pool.repeats }]] : [])),
    ),
    warmup: run.warmup,
    rounds: run.rounds,
    summary,
    memory: run.memory,
    firstVisit: run.visit,
    budgets,
    failures: { non2xx, socketErrors, examples: run.failures },
  });
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(" ");
  console.log(`load average: ${load(started.loadAverage)} before, ${load(loadAverageAfter)} after`);
  const cores = os.cpus().length;
  if (Math.max(started.loadAverage[0]!, loadAverageAfter[0]!) > cores) {
    console.log(
      `note: more work was waiting than there are cores (${cores}); ratios stay comparable, ` +
        "but a target may get no answer at all in a turn",
    );
  }

  if (non2xx || socketErrors) {
    console.log(`\n!!! FAILED: ${non2xx} answers were not 2xx and ${socketErrors} requests met a socket error.`);
    for (const f of run.failures) console.log(`!!!   ${f.target}: ${f.status} for ${f.path}`);
    console.log(`the server's last output:\n${run.serverOutput}`);
    return 1;
  }
  const missed = budgets.filter((b) => !b.passed).length;
  if (!missed) {
    console.log("\nAll budgets met.");
    return 0;
  }
  console.log(`\n${missed} of ${budgets.length} budgets missed${options.noFail ? " (--no-fail: exit 0)" : ""}.`);
  return options.noFail ? 0 : 1;
}

async function main(): Promise<number> {
  if (process.argv.includes("--help")) {
    console.log(USAGE);
    return 0;
  }
  let options: BenchOptions;
  try {
    options = parseBenchOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options.topology === "proxy") {
    await buildUnlessSkipped(options);
    return benchProxy(options, BUILD_DIR);
  }
  const started = { date: new Date().toISOString(), loadAverage: os.loadavg() };
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : mkdtempSync(path.join(os.tmpdir(), "mv-bench-"));
  const cleanUp = async () => {
    await stopAll();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // `on`, not `once`: npm and tsx pass a Ctrl-C on to the script, so it arrives twice, and a second
  // SIGINT with no listener would end the process before the clean-up is done.
  const interrupted = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the server${options.dataDir ? "" : ` and removing ${dataDir}`}`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.on("SIGINT", () => interrupted("SIGINT"));
  process.on("SIGTERM", () => interrupted("SIGTERM"));

  try {
    await prepare(options, dataDir);
    return conclude(options, await benchmark(options, dataDir), started);
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (!stopping) console.error(error instanceof Error ? error.message : error);
    void stopAll().finally(() => process.exit(stopping ? 130 : 1));
  },
);
