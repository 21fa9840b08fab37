/**
 * `npm run bench -- --topology proxy`: the shop as it runs at scale (docs/scaling.md),
 * nginx with the example config and its cache in front of two server processes on one PostgreSQL
 * server (tests/support/proxy-topology.ts), the catalogue filled to --products.
 *
 * What it measures, side by side in alternating rounds as the main benchmark does, with wrk
 * (scripts/bench/wrk.ts says why not autocannon here): a real file from public/ through nginx (the
 * ceiling); anonymous browsing without JavaScript, documents only, over the 50 most visited
 * catalogue and product URLs (POPULAR_PATHS, round robin); and a JavaScript shopper's mix over
 * the same pages, one document per five client navigations, which ask for the page's data
 * (`.data`, JS_SHOPPER_PATHS). The budget: both at least half the static file's rate
 * (docs/budgets.md). All the while, a signed-in shopper browses the same URLs and their data and
 * asks for notices, and an anonymous one reads every answer in full: any anonymous answer
 * carrying the signed-in email, their toast or a Set-Cookie is a leak, and one leak fails the
 * run. Before and after the load, every popular URL and its data must be a cache hit without a
 * cookie.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { cataloguePath } from "~/models/catalogue/catalogue-query";
import { productPath } from "~/models/seo/canonical";
import { SHARED_PAGE_URLS, SITEMAP_PATHS } from "~/models/site/pages";

import { formFieldsOf } from "../../tests/support/form-fields";
import { pageDataPath } from "../../tests/support/page-data";
import { startProxyTopology } from "../../tests/support/proxy-topology";
import { runQuietly } from "../support/child-processes";
import type { BenchOptions } from "./options";
import { targetsTable } from "./report";
import { warmUpAndAlternate } from "./rounds";
import { summarise } from "./stats";
import { wrkTarget } from "./wrk";

const CEILING = "static";
/** docs/budgets.md: anonymous browsing through the proxy, as a share of the static file's rate. */
const BUDGET_RATIO = 0.5;
/** Part of a notice's toast (app/models/toast/toast.ts) that HTML escaping leaves as it is. */
const TOAST_TEXT = "implemented yet";
const BROWSER = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) makervolt-bench",
};

/**
 * What shoppers open most, 50 URLs: every page in the sitemap and every shared page's example URLs
 * (the list of the shop's pages, app/models/site/pages.ts), then the catalogue's sorts, filters and
 * searches, and product pages.
 */
export const POPULAR_PATHS: readonly string[] = [
  ...new Set([
    ...SITEMAP_PATHS,
    ...SHARED_PAGE_URLS,
    ...["sort=price-low", "sort=price-high", "sort=rating", "view=list", "page=2", "stock=1"].map(
      (query) => `${cataloguePath(null)}?${query}`,
    ),
    ...["sensor", "arduino", "esp32", "led", "motor", "display"].map((word) => `${cataloguePath(null)}?search=${word}`),
    `${cataloguePath("sensors")}?sort=price-low`,
    `${cataloguePath("development-boards")}?sort=rating`,
    `${cataloguePath("tools")}?sort=price-high`,
    ...Array.from({ length: 23 }, (_, i) => productPath(i + 1)),
  ]),
].slice(0, 50);

/** Client navigations per document in a JavaScript shopper's visit. */
const NAVIGATIONS_PER_DOCUMENT = 5;

/**
 * A JavaScript shopper's requests: each visit opens one popular page as a document and follows
 * five links (the next popular pages), each a client navigation asking for its page's data. One
 * visit starts on each popular page, so every page is asked for as a document once and as data
 * five times.
 */
export const JS_SHOPPER_PATHS: readonly string[] = POPULAR_PATHS.flatMap((first, visit) => [
  first,
  ...Array.from({ length: NAVIGATIONS_PER_DOCUMENT }, (_, step) =>
    pageDataPath(POPULAR_PATHS[(visit + step + 1) % POPULAR_PATHS.length]!),
  ),
]);

/** Every popular page and its data: what the leak watch and the cache check go through. */
const WATCHED_PATHS: readonly string[] = POPULAR_PATHS.flatMap((path) => [path, pageDataPath(path)]);

interface Watch {
  /** Anonymous pages read in full and checked. */
  checked: number;
  /** Pages the signed-in shopper got (each must carry their email). */
  personal: number;
  leaks: string[];
}

/**
 * A signed-in shopper and an anonymous one taking turns on the popular URLs until `stop` is set,
 * one request at a time; the anonymous answers are checked for anything of the other's.
 */
async function watchForLeaks(origin: string, stop: { now: boolean }): Promise<Watch> {
  const watch: Watch = { checked: 0, personal: 0, leaks: [] };
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const signedIn = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, origin), {
      ...init,
      redirect: "manual",
      headers: { ...BROWSER, cookie: cookie(), ...(init.headers as Record<string, string>) },
    });
    keep(response);
    return response;
  };
  const signUpPage = await (await signedIn("/auth?mode=sign-up")).text();
  const signUpFields = formFieldsOf(signUpPage);
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const signUp = await signedIn("/auth?mode=sign-up", form({ ...signUpFields, email, password: "bench password" }));
  if (signUp.status !== 303) throw new Error(`the leak watch could not sign up (${signUp.status})`);

  for (let i = 0; !stop.now; i++) {
    const url = WATCHED_PATHS[i % WATCHED_PATHS.length]!;
    if (i % 10 === 0) await signedIn("/notice", form({ feature: "wishlist", redirectTo: "/" }));
    const theirs = await signedIn(url);
    if ((await theirs.text()).includes(email)) watch.personal++;
    const mine = await fetch(new URL(url, origin), { headers: BROWSER });
    const body = await mine.text();
    watch.checked++;
    if (body.includes(email)) watch.leaks.push(`${url}: the signed-in shopper's email`);
    if (body.includes(TOAST_TEXT)) watch.leaks.push(`${url}: the signed-in shopper's toast`);
    if (mine.headers.get("set-cookie")) watch.leaks.push(`${url}: Set-Cookie`);
  }
  return watch;
}

const FROM_CACHE = new Set(["HIT", "STALE", "UPDATING", "REVALIDATED"]);

/** Every popular URL and its data once, anonymously: each must answer 200 from nginx's cache, with no cookie. */
async function cacheCheck(origin: string): Promise<{ hits: number; problems: string[] }> {
  let hits = 0;
  const problems: string[] = [];
  for (const url of WATCHED_PATHS) {
    // Twice: the first may be the one that fills the cache.
    await fetch(new URL(url, origin), { headers: BROWSER }).then((r) => r.arrayBuffer());
    const response = await fetch(new URL(url, origin), { headers: BROWSER });
    await response.arrayBuffer();
    if (response.status !== 200) problems.push(`${url}: ${response.status}`);
    if (response.headers.get("set-cookie")) problems.push(`${url}: Set-Cookie`);
    // A copy past its minute is still served from the cache (STALE, UPDATING) while nginx refreshes it.
    const status = response.headers.get("x-cache-status") ?? "none";
    if (FROM_CACHE.has(status)) hits++;
    else problems.push(`${url}: X-Cache-Status ${status}`);
  }
  return { hits, problems };
}

export async function benchProxy(options: BenchOptions, buildDir: string): Promise<number> {
  const date = new Date().toISOString();
  // Installs what is missing through apt when it can, or says what to install.
  await runQuietly("bash", ["scripts/ensure-test-tools.sh", "postgresql", "nginx", "wrk"], process.env);
  console.log(`Starting PostgreSQL, two server processes and nginx, filling ${options.products} products ...`);
  const shop = await startProxyTopology({
    buildDir,
    port: options.port,
    // The leak watch's shopper signs in at sign-up, with no mail to follow (docs/accounts.md#confirmation).
    env: { SIGN_UP_CONFIRMATION: "optional" },
    prepare: (databaseUrl) =>
      runQuietly("npm", ["run", "db:scale", "--", String(options.products)], {
        ...process.env,
        DATABASE_URL: databaseUrl,
      }),
  });
  // Ctrl-C or SIGTERM: PostgreSQL and nginx run detached and would outlive the benchmark.
  const interrupted = () => void shop.stop().finally(() => process.exit(130));
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    const list = [
      { name: CEILING, what: "/favicon.svg through nginx", paths: ["/favicon.svg"] },
      {
        name: "popular",
        what: `documents only (no JavaScript): ${POPULAR_PATHS.length} catalogue and product URLs, round robin`,
        paths: POPULAR_PATHS,
      },
      {
        name: "js-shopper",
        what: `JavaScript shoppers: 1 document per ${NAVIGATIONS_PER_DOCUMENT} navigations (.data), the same ${POPULAR_PATHS.length} pages`,
        paths: JS_SHOPPER_PATHS,
      },
    ];
    const before = await cacheCheck(shop.origin);

    const stop = { now: false };
    const watching = watchForLeaks(shop.origin, stop);
    // Awaited once the load is over; should the load fail first, its error is the one to report.
    watching.catch(() => {});
    const turn = (target: (typeof list)[number], round: number, seconds: number) =>
      wrkTarget({
        origin: shop.origin,
        target: target.name,
        paths: target.paths,
        seconds,
        connections: options.connections,
        round,
      });
    const { warmup, rounds } = await warmUpAndAlternate(list, options, turn);
    stop.now = true;
    const watch = await watching;
    const after = await cacheCheck(shop.origin);

    const summary = summarise(rounds, CEILING);
    const popular = summary.find((s) => s.target === "popular")!;
    const jsShopper = summary.find((s) => s.target === "js-shopper")!;
    const fixed = (n: number, digits = 0) =>
      n.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits });
    console.log(
      `\nnginx + 2 processes + PostgreSQL, ${fixed(options.products)} products, ${options.connections} connections, ` +
        `${options.rounds} alternating rounds of ${options.seconds} s; medians; ratio = req/s / ${CEILING}'s`,
    );
    const what = new Map(list.map((target) => [target.name, target.what]));
    console.log(targetsTable(summary, what, { ratioDigits: 2, latencyDigits: 1 }));
    for (const [when, check] of [
      ["before", before],
      ["after", after],
    ] as const) {
      console.log(
        `${when} the load, each popular URL and its data once: ${check.hits} of ${WATCHED_PATHS.length} served from the cache, ` +
          `${check.problems.length} problems${check.problems.length ? `: ${check.problems.slice(0, 5).join("; ")}` : ""}`,
      );
    }
    console.log(
      `Leak watch: ${fixed(watch.checked)} anonymous pages and page data read in full beside ${fixed(watch.personal)} signed-in ones: ` +
        `${watch.leaks.length} leaks`,
    );
    for (const leak of watch.leaks.slice(0, 10)) console.log(`!!! leak: ${leak}`);

    const all = [...warmup, ...rounds];
    const non2xx = all.reduce((n, f) => n + f.non2xx, 0);
    const socketErrors = all.reduce((n, f) => n + f.errors, 0);
    const budgets = [popular, jsShopper].map((figures) => ({
      name: `${figures.target} through the proxy / static through the proxy`,
      limit: BUDGET_RATIO,
      measured: figures.ratio,
      passed: figures.ratio >= BUDGET_RATIO,
    }));
    const passed = budgets.every((budget) => budget.passed);
    const file = options.json ?? path.join("bench-results", `bench-proxy-${date.replace(/:/g, "-")}.json`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify(
        {
          date,
          topology: "proxy",
          machine: {
            cpuModel: os.cpus()[0]?.model,
            cores: os.cpus().length,
            node: process.version,
            loadAverage: os.loadavg(),
          },
          options,
          paths: { popular: POPULAR_PATHS, jsShopper: JS_SHOPPER_PATHS },
          warmup,
          rounds,
          summary,
          cacheChecks: { before, after },
          leakWatch: watch,
          budgets,
          failures: { non2xx, socketErrors },
        },
        null,
        2,
      ) + "\n",
    );
    console.log(`\nResults written to ${file}`);

    const problems = before.problems.length + after.problems.length;
    if (non2xx || socketErrors || watch.leaks.length || problems) {
      console.log(
        `\n!!! FAILED: ${non2xx} answers 4xx/5xx, ${socketErrors} socket errors, ${watch.leaks.length} leaks, ` +
          `${problems} cache problems.`,
      );
      return 1;
    }
    for (const figures of [popular, jsShopper]) {
      const met = figures.ratio >= BUDGET_RATIO;
      console.log(
        `Budget: ${figures.target} at ${fixed(figures.ratio, 2)} of the static file (at least ${BUDGET_RATIO}): ${met ? "met" : "MISSED"}.`,
      );
    }
    return passed || options.noFail ? 0 : 1;
  } finally {
    await shop.stop();
  }
}
