/**
 * Soak test: the built production server with a large catalogue under a minute of mixed shopper
 * traffic (autocannon). It must give no 5xx, no socket errors or time-outs, and no memory growth:
 * idle RSS at the end at most 10 % above idle RSS after the warm-up.
 *
 * The warm-up runs the same traffic in rounds until the server's memory is steady (idle RSS changed
 * by under 5 % in the last round; at most --warmup-rounds). A fresh server legitimately grows for a
 * minute or two: the catalogue cache fills, V8 sizes its heap for the load, malloc's arenas reach
 * their working size. Only growth after that is a leak; a fixed short warm-up mistook the first
 * for the second (docs/soak.md).
 *
 * With --overload it is the overload run instead (ADR 024): 200 connections, a fifth of them signing
 * in, warmed up the same way. Then every request must be answered within 5 s (no time-outs, no
 * socket errors), pages (documents and page data) with a p99 under 1 s, every refusal must be a 429
 * or a 503 with Retry-After, and peak RSS must stay within the memory budget (300 MB).
 *
 * Usage: npm run soak [-- --seconds 60 --connections 50 --products 10000 --port 3240]
 *        npm run soak -- --overload   # 200 connections, 20 % sign-ins, 5 s time-out
 *        npm run soak -- --warmup 30 --warmup-rounds 6   # warm-up rounds of 30 s, at most 6 (the defaults)
 *        npm run soak -- --data-dir /tmp/mv-10k   # reuse (and top up) a filled DATA_DIR
 *        npm run soak -- --server-log /tmp/soak-server.log --node-args=--trace-gc   # to investigate
 *
 * Builds into $BUILD_DIR (default build/) if there is no server there, fills a temporary DATA_DIR
 * unless one is given, and writes a JSON summary to soak-results.json (or --out).
 *
 * The server runs with TRUST_PROXY=1 and every request carries the X-Forwarded-For a proxy would
 * add, from a pool of shopper addresses: from one loopback address the per-address sign-in limit
 * (100 failures an hour) would turn every sign-in into a cheap 429 within seconds, and the soak
 * would no longer hash passwords, the most expensive thing the server does.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import autocannon from "autocannon";

import { SORTS } from "~/models/catalogue/catalogue-query";
import { CATEGORIES } from "~/models/catalogue/categories";
import { PRODUCT_TABS } from "~/models/product/product-query";
import { PAGE_ROUTES, type RouteName } from "~/models/site/pages";

import { Visitor } from "../tests/server/harness";
import { stopAll } from "./support/child-processes";
import { DEFAULT_PORTS } from "./support/default-ports";
import { buildShop, startShop } from "./support/shop-server";

const USAGE = `Usage: npm run soak [-- options]   (docs/soak.md)
  --overload          the overload run: 200 connections, 20 % sign-ins, 5 s time-out
  --seconds N         seconds measured (default 60)
  --warmup N          seconds per warm-up round (default 30)
  --warmup-rounds N   at most this many warm-up rounds (default 6)
  --connections N     concurrent connections (default 50, 200 with --overload)
  --sign-ins SHARE    the share of requests that sign in, 0 to under 1 (default 0.025, 0.2 with --overload)
  --products N        products in the catalogue (default 10000)
  --port N            the server's port (default ${DEFAULT_PORTS.soak})
  --data-dir DIR      use (and top up) this DATA_DIR instead of a temporary one
  --out FILE          the JSON summary (default soak-results.json)
  --server-log FILE   also write everything the server prints here
  --node-args "..."   extra flags for the server's node (--node-args=--trace-gc for one that starts with --)
  --help              this text`;
const OPTIONS = {
  overload: { type: "boolean" },
  help: { type: "boolean" },
  seconds: { type: "string" },
  warmup: { type: "string" },
  "warmup-rounds": { type: "string" },
  connections: { type: "string" },
  "sign-ins": { type: "string" },
  products: { type: "string" },
  port: { type: "string" },
  "data-dir": { type: "string" },
  out: { type: "string" },
  "server-log": { type: "string" },
  "node-args": { type: "string" },
} as const;
/** Parsed strictly: an unknown or misspelt option stops the run before anything is built or started. */
let parsed;
try {
  parsed = parseArgs({ args: process.argv.slice(2).filter((a) => a !== "--"), options: OPTIONS, strict: true });
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const args = new Map(Object.entries(parsed.values).map(([name, value]) => [name, String(value)]));
/** The overload run (see the top of this file): what changes from the soak's defaults. */
const OVERLOAD = args.has("overload");
const SECONDS = Number(args.get("seconds") ?? 60);
const WARMUP_SECONDS = Number(args.get("warmup") ?? 30);
// The overload run too: after one round its caches were still filling, and the growth check mistook it for a leak.
const WARMUP_ROUNDS = Number(args.get("warmup-rounds") ?? 6);
/** The warm-up ends when a round changes idle RSS by less than this, either way (a drop is garbage collected). */
const STEADY_GROWTH = 0.05;
const CONNECTIONS = Number(args.get("connections") ?? (OVERLOAD ? 200 : 50));
/** The share of requests that are sign-ins (right and wrong passwords). */
const SIGN_IN_SHARE = Number(args.get("sign-ins") ?? (OVERLOAD ? 0.2 : 0.025));
/** autocannon gives up on a request after this long: a time-out (seconds). */
const TIMEOUT_SECONDS = OVERLOAD ? 5 : 10;
/** Overload: pages (documents and page data) must answer within this at the 99th percentile. */
const PAGE_P99_LIMIT_MS = 1_000;
/** Overload: the server's peak RSS must stay within the memory budget (docs/budgets.md#memory). */
const PEAK_RSS_LIMIT_MB = 300;
const PRODUCTS = Number(args.get("products") ?? 10_000);
const PORT = Number(args.get("port") ?? DEFAULT_PORTS.soak);
const GIVEN_DATA_DIR = args.get("data-dir");
const OUT = args.get("out") ?? "soak-results.json";
/** Also stream everything the server prints to this file (its request log, errors), for investigating. */
const SERVER_LOG = args.get("server-log");
/** Extra flags for the server's node, space-separated (e.g. "--cpu-prof --heapsnapshot-signal=SIGUSR2"). */
const NODE_ARGS = (args.get("node-args") ?? "").split(" ").filter(Boolean);
const BUILD_DIR = process.env.BUILD_DIR || "build";
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** End RSS may be this much above RSS after the warm-up. */
const RSS_GROWTH_LIMIT = 0.1;
const RSS_SAMPLE_MS = 500;
/**
 * The load generator (this process) must not be starved by the server it loads, or the time-outs it
 * counts are its own: it runs at this niceness, above everything else on the machine, where it may
 * (as root). The server then runs at the ordinary priority, as it does in production. Where the
 * generator may not be raised, the server is lowered instead (SERVER_NICENESS), which on a machine
 * busy with other work leaves the server a tenth of a core: that run says so.
 */
const GENERATOR_NICENESS = -10;
/** The server's niceness when the generator cannot be raised; nice(1) runs it in its own process, so its pid is the server's. */
const SERVER_NICENESS = 10;

for (const [name, value] of [
  ["seconds", SECONDS],
  ["warmup", WARMUP_SECONDS],
  ["warmup-rounds", WARMUP_ROUNDS],
  ["connections", CONNECTIONS],
  ["products", PRODUCTS],
  ["port", PORT],
] as const) {
  if (!Number.isInteger(value) || value < (name.startsWith("warmup") ? 0 : 1)) {
    console.error(`--${name} must be a whole number (got ${args.get(name)})`);
    process.exit(2);
  }
}
if (!(SIGN_IN_SHARE >= 0 && SIGN_IN_SHARE < 1)) {
  console.error(`--sign-ins must be a share from 0 to under 1 (got ${args.get("sign-ins")})`);
  process.exit(2);
}

// A fixed seed: every run sends the same mix in the same proportions (the interleaving still varies).
let seed = 0x5eed;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const chance = (p: number) => random() < p;

/** What shoppers type: parts, brands, specs, typos, mixed case, a few with no hits and some Unicode. */
const SEARCH_WORDS = [
  "sensor",
  "temperature sensor",
  "Temperature",
  "humidity",
  "oled",
  "OLED display",
  "tft",
  "e-paper",
  "esp32",
  "ESP32-S3",
  "rp2040",
  "arduino",
  "nano",
  "raspberry pi",
  "soldering iron",
  "soldering",
  "multimeter",
  "servo",
  "stepper motor",
  "motor driver",
  "lora",
  "bluetooth",
  "wifi",
  "wi-fi",
  "zigbee",
  "gps",
  "nfc",
  "resistor kit",
  "capacitor",
  "breadboard",
  "jumper wires",
  "led matrix",
  "lcd",
  "i2c",
  "spi",
  "usb-c",
  "3.3 v",
  "12V",
  "amplifier",
  "speaker",
  "microphone",
  "dac",
  "buzzer",
  "oscilloscope",
  "tweezers",
  "hot air",
  "wheel",
  "chassis",
  "gear motor",
  "imu",
  "distance",
  "motion",
  "gas sensor",
  "light sensor",
  "sensr",
  "solderng",
  "osciloscope",
  "8 Ω",
  "±0.5 °C",
  "µcontroller",
  "kg·cm",
  '"oled"',
  "50%",
  "a_b",
  "robot's arm",
  "flux pen",
  "quantum widget",
  "   servo   ",
  "Précision",
  "ultra",
  "mini",
  "pro",
  "compact",
  "rugged",
  "smart",
];

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-GB,en;q=0.9",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) makervolt-soak",
};

interface Session {
  csrfCookie: string;
  csrfToken: string;
  /** `__session=...` of a signed-in shopper, for some of the browsing. */
  signedIn: string;
  email: string;
  password: string;
  /** Hashed script and style URLs from the home page, as a browser fetches them. */
  assets: string[];
}

interface Planned {
  kind: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

function catalogueQuery(): string {
  const params = new URLSearchParams();
  if (chance(0.5)) params.set("sort", pick(SORTS));
  if (chance(0.4)) params.set("min", String(pick([0, 5, 10, 20, 25, 50])));
  if (chance(0.4)) params.set("max", String(pick([15, 30, 60, 75, 100])));
  if (chance(0.3)) params.set("stock", "1");
  if (chance(0.2)) params.set("view", pick(["grid", "list"]));
  if (chance(0.3)) params.set("page", String(int(2, 8)));
  return params.size ? `?${params}` : "";
}

const category = () => pick(CATEGORIES).slug;
const product = () => int(1, PRODUCTS);

/**
 * The pages of the list of the shop's pages (app/models/site/pages.ts) that the mix below models in
 * detail (filters, sorts, searches, tabs, ids); every other page joins the mix at its example URLs.
 */
const MODELLED_IN_DETAIL: ReadonlySet<string> = new Set(["home", "catalogue", "product"] satisfies RouteName[]);
const OTHER_PAGES = PAGE_ROUTES.filter((route) => !MODELLED_IN_DETAIL.has(route.name));

/** A form post with the session's CSRF cookie and token, as a page's form sends it. */
function formPost(s: Session, path: string, fields: Record<string, string>): Omit<Planned, "kind"> {
  return {
    method: "POST",
    path,
    headers: { ...FORM, cookie: s.csrfCookie },
    body: new URLSearchParams({ csrf: s.csrfToken, ...fields }).toString(),
  };
}

/** The traffic mix in shares of 1,000 requests: mostly browsing, a few per cent of sign-ins and notices. */
type MixEntry = [share: number, kind: string, plan: (s: Session) => Omit<Planned, "kind">];
const MIX: MixEntry[] = [
  [80, "home", () => ({ method: "GET", path: "/" })],
  [70, "catalogue", () => ({ method: "GET", path: "/products" })],
  [90, "category", () => ({ method: "GET", path: `/products/${category()}` })],
  [
    140,
    "filter-sort",
    () => ({
      method: "GET",
      path: `${chance(0.5) ? "/products" : `/products/${category()}`}${catalogueQuery() || `?sort=${pick(SORTS)}`}`,
    }),
  ],
  [
    70,
    "page",
    () => {
      // Mostly the first pages; now and then deep in the catalogue (10,000 / 24 ≈ 417 pages), or past its end.
      const page = chance(0.8) ? int(2, 12) : chance(0.8) ? int(13, Math.ceil(PRODUCTS / 24)) : int(500, 2000);
      return { method: "GET", path: `${chance(0.5) ? "/products" : `/products/${category()}`}?page=${page}` };
    },
  ],
  [
    110,
    "search",
    () => {
      const params = new URLSearchParams({ search: pick(SEARCH_WORDS) });
      if (chance(0.3)) params.set("sort", pick(SORTS));
      if (chance(0.2)) params.set("page", "2");
      return { method: "GET", path: `/products?${params}` };
    },
  ],
  [
    20,
    "search-box",
    () =>
      chance(0.5)
        ? { method: "GET", path: `/search?${new URLSearchParams({ search: pick(SEARCH_WORDS) })}` }
        : {
            method: "POST",
            path: "/search",
            headers: FORM,
            body: new URLSearchParams({ search: pick(SEARCH_WORDS), redirectTo: "/products" }).toString(),
          },
  ],
  [
    220,
    "product",
    () => {
      const params = new URLSearchParams();
      if (chance(0.25)) params.set("tab", pick(PRODUCT_TABS));
      if (chance(0.1)) params.set("image", String(int(0, 3)));
      if (chance(0.1)) params.set("quantity", String(int(1, 5)));
      return { method: "GET", path: `/product/${product()}${params.size ? `?${params}` : ""}` };
    },
  ],
  // Client-side navigations with JavaScript fetch the loaders' data (single fetch: `<path>.data`).
  [
    50,
    "data",
    () =>
      pick<() => Omit<Planned, "kind">>([
        () => ({ method: "GET", path: `/products.data${catalogueQuery()}` }),
        () => ({ method: "GET", path: `/products/${category()}.data${catalogueQuery()}` }),
        () => ({ method: "GET", path: `/product/${product()}.data` }),
        () => ({ method: "GET", path: "/_.data" }),
      ])(),
  ],
  // Every other page of the list (about, contact, sign-in and sign-up), at one of its example URLs:
  // a page added to the list joins the mix. A shared page as often as a shopper reads about or
  // contact, a personal one less.
  ...OTHER_PAGES.map((route): MixEntry => [
    route.shared ? 30 : 20,
    route.name,
    () => ({ method: "GET", path: pick(route.examples).url }),
  ]),
  [10, "sign-in-right", (s) => formPost(s, "/auth", { intent: "sign-in", email: s.email, password: s.password })],
  [
    15,
    "sign-in-wrong",
    (s) =>
      formPost(s, "/auth", {
        intent: "sign-in",
        // Mostly guesses at other emails; some at the real account, which its per-email limit then holds off.
        email: chance(0.2) ? s.email : `shopper${int(1, 5000)}@example.com`,
        password: `wrong-${int(100000, 999999)}`,
      }),
  ],
  [14, "notice", (s) => formPost(s, "/notice", { feature: "cart", redirectTo: "/products" })],
  // The same button with JavaScript: a fetcher post, answered with data instead of a redirect.
  [
    6,
    "notice-fetcher",
    (s) => formPost(s, "/notice.data", { feature: "cart", redirectTo: "/products", _fetcher: "1" }),
  ],
  [15, "static", (s) => ({ method: "GET", path: pick(["/favicon.svg", "/robots.txt", ...s.assets]) })],
  [2, "sitemap", () => ({ method: "GET", path: "/sitemap.xml" })],
  [
    8,
    "not-found",
    () => ({
      method: "GET",
      path: pick([
        `/product/${int(PRODUCTS + 1, PRODUCTS * 10)}`,
        "/products/flux-capacitors",
        "/checkout",
        "/product/abc",
      ]),
    }),
  ],
];
/** The kinds of request that sign in; their shares are scaled so that they make SIGN_IN_SHARE of the mix. */
const SIGN_IN_KINDS = new Set(["sign-in-right", "sign-in-wrong"]);
/** Documents and page data: what the overload run's page p99 is about. */
const PAGE_KINDS = new Set([
  "home",
  "catalogue",
  "category",
  "filter-sort",
  "page",
  "search",
  "product",
  "data",
  ...OTHER_PAGES.map((route) => route.name),
]);
{
  const signIns = MIX.filter(([, kind]) => SIGN_IN_KINDS.has(kind)).reduce((sum, [share]) => sum + share, 0);
  const others = MIX.reduce((sum, [share]) => sum + share, 0) - signIns;
  const scale = (SIGN_IN_SHARE * others) / ((1 - SIGN_IN_SHARE) * signIns);
  for (const entry of MIX) if (SIGN_IN_KINDS.has(entry[1])) entry[0] *= scale;
}
const MIX_TOTAL = MIX.reduce((sum, [share]) => sum + share, 0);

/** A pool of shoppers' addresses (documentation ranges), as the proxy in front would report them. */
const ADDRESSES = Array.from({ length: 250 }, (_, i) => `${i < 125 ? "198.51.100" : "203.0.113"}.${(i % 125) + 1}`);

function plan(session: Session): Planned {
  let roll = random() * MIX_TOTAL;
  for (const [share, kind, make] of MIX) {
    roll -= share;
    if (roll < 0) {
      const planned = make(session);
      const headers: Record<string, string> = {
        ...BROWSER_HEADERS,
        "x-forwarded-for": pick(ADDRESSES),
        ...planned.headers,
      };
      // Some shoppers browse signed in (the session is read on every page); never on /auth, which sends them home.
      const signedIn = planned.method === "GET" && !planned.path.startsWith("/auth") && chance(0.15);
      if (signedIn) headers.cookie = session.signedIn;
      return { kind, ...planned, headers };
    }
  }
  throw new Error("unreachable");
}

/**
 * Answers per kind of request and status; the server's own log is counted separately. A refusal
 * (429, 503) that says nothing of when to come back counts as "<status> without Retry-After".
 */
type Tally = Record<string, Record<string, number>>;
/** Latencies in ms per kind of request, to tell which kind is slow. */
type Timings = Record<string, number[]>;

/** Time-outs are told apart by when their request was sent, in slices of this many seconds of a round. */
const TIMEOUT_SLICE_SECONDS = 10;

async function drive(session: Session, seconds: number, tally: Tally, timings: Timings = {}) {
  type Context = { kind?: string; sentAt?: number; id?: number };
  // autocannon gives up on a request it waited too long for and reconnects without telling
  // onResponse (nor which kind it was): requests still unanswered at the end, sent long enough
  // before it, are those time-outs, counted against their kind.
  let sent = 0;
  const unanswered = new Map<number, { kind: string; sentAt: number }>();
  const request: autocannon.Request = {
    // autocannon builds each request just before writing it, so this is (nearly) when it was sent.
    setupRequest: (req, context: Context) => {
      const planned = plan(session);
      context.kind = planned.kind;
      context.sentAt = performance.now();
      context.id = ++sent;
      unanswered.set(context.id, { kind: planned.kind, sentAt: context.sentAt });
      const { method, path, headers, body = "" } = planned;
      return { ...req, method, path, headers, body };
    },
    onResponse: (status, _body, context: Context, headers) => {
      if (context.id !== undefined) unanswered.delete(context.id);
      const kind = context.kind ?? "?";
      const byStatus = (tally[kind] ??= {});
      // autocannon reports a request it gave up on (time-out) without a status.
      let key = status ? String(status) : "timeout";
      const retryAfter = Object.entries(headers ?? {}).some(([name]) => name.toLowerCase() === "retry-after");
      if ((status === 429 || status === 503) && !retryAfter) key += " without Retry-After";
      byStatus[key] = (byStatus[key] ?? 0) + 1;
      if (status && context.sentAt !== undefined) (timings[kind] ??= []).push(performance.now() - context.sentAt);
    },
  };
  const startedAt = performance.now();
  const result = await autocannon({
    url: ORIGIN,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [request],
    timeout: TIMEOUT_SECONDS,
  });
  const givenUpBefore = performance.now() - TIMEOUT_SECONDS * 1000;
  // Whether the time-outs are a cold server's first seconds or spread over the round (docs/soak.md).
  const timeoutsBySlice = Array.from({ length: Math.ceil(seconds / TIMEOUT_SLICE_SECONDS) }, () => 0);
  for (const { kind, sentAt } of unanswered.values()) {
    if (sentAt > givenUpBefore) continue;
    const byStatus = (tally[kind] ??= {});
    byStatus.timeout = (byStatus.timeout ?? 0) + 1;
    const slice = Math.floor((sentAt - startedAt) / 1000 / TIMEOUT_SLICE_SECONDS);
    timeoutsBySlice[Math.min(slice, timeoutsBySlice.length - 1)]!++;
  }
  return { ...result, timeoutsBySlice };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
};

/**
 * Idle RSS: waits until the server has finished what was in flight when the load stopped (its
 * request log has not grown for 3 s; at most 30 s), then takes the lowest RSS over 5 s
 * (V8 collects garbage on its own once the process is idle).
 * autocannon stops without waiting for answers, and sign-ins wait for the password hash (one at
 * a time, each holding 32 MiB while it runs, returned as soon as it finishes), so RSS read at an
 * arbitrary instant swings by that much: growth is judged on idle RSS, after the warm-up and at
 * the end alike.
 */
async function idleRss(pid: number, log: { lines: number }): Promise<number> {
  const deadline = performance.now() + 30_000;
  let last = -1;
  let quietSince = performance.now();
  while (performance.now() < deadline) {
    if (log.lines !== last) {
      last = log.lines;
      quietSince = performance.now();
    } else if (performance.now() - quietSince >= 3_000) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  let lowest = rssMb(pid);
  for (let i = 0; i < 25; i++) {
    await new Promise((r) => setTimeout(r, 200));
    lowest = Math.min(lowest, rssMb(pid));
  }
  return lowest;
}

/** Linux's clock ticks per second (USER_HZ), in which /proc/PID/stat counts CPU time. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds the server has used (all its threads, user and system). Over a phase, against the
 * wall clock, it says how much of the machine the server got: on a machine busy with other work,
 * time-outs with the server at a fraction of a core are the machine's, not the shedder's.
 */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // After "pid (comm) ": state is field 3, utime and stime fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** The share of one core the server used between two readings of cpuSeconds and the clock. */
function coreShare(from: { cpu: number; at: number }, to: { cpu: number; at: number }): number {
  return Number(((to.cpu - from.cpu) / ((to.at - from.at) / 1000)).toFixed(2));
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

/**
 * The built server (started once /healthz answers), its log counted line by line (never kept
 * whole): a minute of load logs ~100k lines.
 */
async function startServer(dataDir: string, generatorRaised: boolean) {
  const log = { lines: 0, serverErrors: [] as string[], stderrLines: 0 };
  const shop = await startShop({
    buildDir: BUILD_DIR,
    port: PORT,
    dataDir,
    // Signed in at once, so the soak's shoppers need no confirmation mail (docs/accounts.md).
    env: { TRUST_PROXY: "1", SIGN_UP_CONFIRMATION: "optional" },
    nodeArgs: NODE_ARGS,
    // At a lower CPU priority than this script (GENERATOR_NICENESS says why): on a machine of two
    // cores a busy server (its render thread and a password hash) otherwise left the load generator
    // a tenth of a core, and the time-outs it then counted were its own.
    wrap: generatorRaised ? [] : ["nice", "-n", String(SERVER_NICENESS)],
    logFile: SERVER_LOG,
    onStdoutLine: (line) => {
      log.lines++;
      // The request log's line for an answer with a 5xx status (server/app.ts: JSON, `"status":503`).
      if (log.serverErrors.length < 20 && /"status":5\d\d\b/.test(line)) log.serverErrors.push(line);
    },
    onStderrLine: () => log.stderrLines++,
  });
  return { shop, log };
}

/** An account to sign in to, a signed-in session, a CSRF token pair for the posts, and the page's assets. */
async function prepare(): Promise<Session> {
  const email = `soak-${Date.now()}@example.com`;
  const password = "soak-password-1";
  const headers = { "x-forwarded-for": "192.0.2.1" };

  const shopper = new Visitor(ORIGIN);
  const signUpFields = await shopper.formFields("/auth?mode=sign-up");
  const signedUp = await shopper.request({
    method: "POST",
    path: "/auth?mode=sign-up",
    headers: { ...FORM, ...headers },
    body: new URLSearchParams({ ...signUpFields, email, password }).toString(),
  });
  if (signedUp.status !== 302 && signedUp.status !== 303) throw new Error(`sign-up answered ${signedUp.status}`);
  const signedIn = shopper.cookies.get("__session");
  if (!signedIn) throw new Error("sign-up set no session cookie");

  const anonymous = new Visitor(ORIGIN);
  const csrfToken = await anonymous.csrfToken("/auth");
  const home = await anonymous.request({ path: "/" });
  // Vite's build.assetsDir (server/app.ts serves it as ASSETS_PATH). A page naming none means the
  // pattern no longer matches the build, and the "static" kind would fetch only two small files.
  const assets = [...new Set(home.body.match(/\/assets\/[\w./-]+\.(?:js|css)/g) ?? [])].slice(0, 6);
  if (assets.length === 0) throw new Error("the home page names no /assets/ scripts or stylesheets");
  const csrfCookie = `csrf=${anonymous.cookies.get("csrf")}`;
  return { csrfCookie, csrfToken, signedIn: `__session=${signedIn}`, email, password, assets };
}

/**
 * One request of each kind in the mix, one after another, before the crowd: a server that has just
 * started has compiled none of its pages yet, and the crowd would otherwise meet every first render
 * at once. What is measured is a running shop under load, not its first second.
 */
async function firstOfEachKind(session: Session) {
  for (const [, , make] of MIX) {
    const { method, path, headers, body } = make(session);
    await fetch(new URL(path, ORIGIN), {
      method,
      headers: { ...BROWSER_HEADERS, ...headers },
      body,
      redirect: "manual",
    });
  }
}

/** Raises this process (the load generator) to GENERATOR_NICENESS; false where it may not. */
function raiseGenerator(): boolean {
  try {
    os.setPriority(GENERATOR_NICENESS);
    return true;
  } catch {
    console.log(
      `Could not raise the load generator to niceness ${GENERATOR_NICENESS} (not root): the server runs at ` +
        `niceness ${SERVER_NICENESS} instead, and on a busy machine gets little of it.`,
    );
    return false;
  }
}

/** The machine's load: what else was running shapes every figure (docs/soak.md). */
function machineLoad() {
  const [one, five] = os.loadavg();
  return { loadAverage1m: Number(one!.toFixed(2)), loadAverage5m: Number(five!.toFixed(2)), cpus: os.cpus().length };
}

function fillDataDir(dataDir: string) {
  console.log(`Filling ${dataDir} with ${PRODUCTS} products...`);
  const started = performance.now();
  const scaled = spawnSync("npx", ["tsx", "scripts/db-scale.ts", String(PRODUCTS)], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (scaled.status !== 0) throw new Error("db-scale failed");
  console.log(`  done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const fmt = (mb: number) => `${mb.toFixed(0)} MB`;
const pct = (fraction: number) => `${fraction >= 0 ? "+" : ""}${(fraction * 100).toFixed(1)} %`;
const byStatus = (tally: Tally) => {
  const totals: Record<string, number> = {};
  for (const statuses of Object.values(tally)) {
    for (const [status, n] of Object.entries(statuses)) totals[status] = (totals[status] ?? 0) + n;
  }
  return totals;
};

async function main() {
  const dataDir = GIVEN_DATA_DIR
    ? path.resolve(GIVEN_DATA_DIR)
    : mkdtempSync(path.join(os.tmpdir(), "makervolt-soak-"));
  const cleanUp = async () => {
    // The server (or a build under way): SIGTERM, and SIGKILL after 20 s.
    await stopAll(20_000);
    if (!GIVEN_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
  // `on`, not `once`: npm and tsx pass a Ctrl-C on to the script, so it arrives twice, and a second
  // SIGINT with no listener would end the process before the clean-up is done, leaving the server
  // (a process group of its own, which the terminal's Ctrl-C does not reach) running.
  let stopping = false;
  const interrupted = () => {
    if (stopping) return;
    stopping = true;
    void cleanUp().finally(() => process.exit(130));
  };
  process.on("SIGINT", interrupted);
  process.on("SIGTERM", interrupted);

  try {
    await buildShop({ buildDir: BUILD_DIR, existing: "reuse" });
    fillDataDir(dataDir);
    const generatorRaised = raiseGenerator();
    const server = await startServer(dataDir, generatorRaised);
    const pid = server.shop.pid;
    // Under load (the instant the traffic stops) and settled (idle, once the requests in flight are done).
    const rss = {
      start: rssMb(pid),
      afterWarmupUnderLoad: NaN,
      afterWarmup: NaN,
      peak: 0,
      endUnderLoad: NaN,
      end: NaN,
    };
    rss.peak = rss.start;
    const began = performance.now();
    const loadBefore = machineLoad();
    // Seconds since the server answered, and RSS in MB: the curve tells growth from a high-water mark.
    const series: [number, number][] = [];
    const sampler = setInterval(() => {
      try {
        const now = rssMb(pid);
        rss.peak = Math.max(rss.peak, now);
        series.push([Math.round((performance.now() - began) / 100) / 10, Math.round(now)]);
      } catch {
        // The server has gone; the exit is reported below.
      }
    }, RSS_SAMPLE_MS);

    const session = await prepare();
    await firstOfEachKind(session);
    console.log(`Server pid ${pid}, RSS at start ${fmt(rss.start)}. Warming up until memory is steady...`);
    const warmupTally: Tally = {};
    const warmup = {
      rounds: [] as number[],
      errors: 0,
      timeouts: 0,
      timeoutsBySlice: [] as number[],
      cores: [] as number[],
    };
    rss.afterWarmup = rss.start;
    for (let round = 1; round <= WARMUP_ROUNDS && WARMUP_SECONDS > 0; round++) {
      const cpuBefore = { cpu: cpuSeconds(pid), at: performance.now() };
      const result = await drive(session, WARMUP_SECONDS, warmupTally);
      warmup.cores.push(coreShare(cpuBefore, { cpu: cpuSeconds(pid), at: performance.now() }));
      warmup.errors += result.errors;
      warmup.timeouts += result.timeouts;
      warmup.timeoutsBySlice.push(...result.timeoutsBySlice);
      rss.afterWarmupUnderLoad = rssMb(pid);
      const idle = await idleRss(pid, server.log);
      warmup.rounds.push(Math.round(idle));
      const grew = idle / rss.afterWarmup - 1;
      rss.afterWarmup = idle;
      console.log(`  round ${round} (${WARMUP_SECONDS} s): idle RSS ${fmt(idle)} (${pct(grew)})`);
      if (round > 1 && Math.abs(grew) < STEADY_GROWTH) break;
      if (round === WARMUP_ROUNDS) console.log("  still growing after the last round: measuring anyway");
    }
    console.log(`RSS after warm-up ${fmt(rss.afterWarmup)} (${fmt(rss.afterWarmupUnderLoad)} as the load stopped).`);
    console.log(`Mixed traffic for ${SECONDS} s at ${CONNECTIONS} connections...`);

    const tally: Tally = {};
    const timings: Timings = {};
    const cpuBefore = { cpu: cpuSeconds(pid), at: performance.now() };
    const result = await drive(session, SECONDS, tally, timings);
    const measuredCores = coreShare(cpuBefore, { cpu: cpuSeconds(pid), at: performance.now() });
    rss.endUnderLoad = rssMb(pid);
    rss.end = await idleRss(pid, server.log);
    clearInterval(sampler);
    rss.peak = Math.max(rss.peak, rss.end);

    const loadAfter = machineLoad();
    const statuses = byStatus(tally);
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    const failing = Object.fromEntries(Object.entries(statuses).filter(([s]) => !/^[23]\d\d$/.test(s)));
    const warmupStatuses = byStatus(warmupTally);
    // A refusal is a 429 or a 503 that says when to come back (ADR 024); any other 5xx is an error.
    const count = (s: Record<string, number>, matches: (status: string) => boolean) =>
      Object.entries(s)
        .filter(([status]) => matches(status))
        .reduce((a, [, n]) => a + n, 0);
    const isServerError = (status: string) => status.startsWith("5") && !status.startsWith("503");
    const isBareRefusal = (status: string) => status.endsWith("without Retry-After");
    const serverErrors = count(statuses, isServerError) + count(warmupStatuses, isServerError);
    const bareRefusals = count(statuses, isBareRefusal) + count(warmupStatuses, isBareRefusal);
    const refusals = count(statuses, (status) => status === "429" || status === "503");
    const socketErrors = result.errors - result.timeouts + warmup.errors - warmup.timeouts;
    const timeouts = result.timeouts + warmup.timeouts;
    const growth = rss.end / rss.afterWarmup - 1;
    const pageTimings = Object.entries(timings)
      .filter(([kind]) => PAGE_KINDS.has(kind))
      .flatMap(([, xs]) => xs);
    const pageP99 = percentile(pageTimings, 99);

    const problems: string[] = [];
    if (serverErrors) problems.push(`${serverErrors} answers were 5xx other than a 503 refusal`);
    if (bareRefusals) problems.push(`${bareRefusals} refusals (429, 503) without Retry-After`);
    if (socketErrors) problems.push(`${socketErrors} socket errors`);
    if (timeouts) problems.push(`${timeouts} requests got no answer within ${TIMEOUT_SECONDS} s`);
    if (growth > RSS_GROWTH_LIMIT) {
      problems.push(`RSS grew ${(growth * 100).toFixed(1)} % after the warm-up (limit 10 %)`);
    }
    if (OVERLOAD && pageP99 > PAGE_P99_LIMIT_MS)
      problems.push(`page p99 ${pageP99} ms (limit ${PAGE_P99_LIMIT_MS} ms)`);
    if (OVERLOAD && rss.peak > PEAK_RSS_LIMIT_MB)
      problems.push(`peak RSS ${fmt(rss.peak)} (limit ${PEAK_RSS_LIMIT_MB} MB)`);

    const warmupSeconds = warmup.rounds.length * WARMUP_SECONDS;
    console.log(
      `\n${OVERLOAD ? "Overload: " : ""}${PRODUCTS} products, ${CONNECTIONS} connections, ` +
        `${(SIGN_IN_SHARE * 100).toFixed(1)} % sign-ins, ${SECONDS} s after ${warmupSeconds} s warm-up`,
    );
    console.log(`requests:            ${total} (${(total / SECONDS).toFixed(0)}/s)`);
    console.log(
      `non-2xx/3xx:         ${
        Object.entries(failing)
          .map(([s, n]) => `${s}: ${n}`)
          .join(", ") || "none"
      }`,
    );
    console.log(
      "  by kind:           " +
        Object.entries(tally)
          .flatMap(([kind, s]) =>
            Object.entries(s)
              .filter(([st]) => !/^[23]/.test(st))
              .map(([st, n]) => `${kind} ${st}: ${n}`),
          )
          .join(", "),
    );
    console.log(`refusals:            ${refusals} (429 and 503 with Retry-After), ${bareRefusals} without`);
    // Where they came from: a cold server meeting the whole crowd at once (the warm-up) or a warm one.
    console.log(
      `socket errors:       ${socketErrors}, time-outs (${TIMEOUT_SECONDS} s): ${timeouts} ` +
        `(${warmup.timeouts} in the warm-up, ${result.timeouts} measured)`,
    );
    if (timeouts) {
      const slices = (counts: number[]) => counts.join(" ");
      console.log(
        `  by ${TIMEOUT_SLICE_SECONDS} s sent:     warm-up ${slices(warmup.timeoutsBySlice)}; ` +
          `measured ${slices(result.timeoutsBySlice)}`,
      );
    }
    const { p50, p99, max } = result.latency;
    console.log(`latency:             p50 ${p50} ms, p99 ${p99} ms, max ${max} ms`);
    console.log(`  pages:             p50 ${percentile(pageTimings, 50)} ms, p99 ${pageP99} ms`);
    const slowest = Object.entries(timings)
      .map(([kind, xs]) => [kind, percentile(xs, 50), percentile(xs, 99)] as const)
      .sort((a, b) => b[2] - a[2])
      .slice(0, 4);
    console.log(`  slowest p99:       ${slowest.map(([k, p50, p99]) => `${k} ${p50}/${p99} ms`).join(", ")}`);
    console.log(
      `server RSS:          start ${fmt(rss.start)}, after warm-up ${fmt(rss.afterWarmup)}, ` +
        `peak ${fmt(rss.peak)}, end ${fmt(rss.end)} (${pct(growth)})`,
    );
    console.log(`  as the load stopped: after warm-up ${fmt(rss.afterWarmupUnderLoad)}, end ${fmt(rss.endUnderLoad)}`);
    console.log(`server log:          ${server.log.lines} request lines, ${server.log.stderrLines} on stderr`);
    console.log(
      `machine:             load average ${loadBefore.loadAverage1m} at the start, ${loadAfter.loadAverage1m} at the end ` +
        `(${loadAfter.cpus} cores); server at niceness ${generatorRaised ? 0 : SERVER_NICENESS}, ` +
        `load generator at ${generatorRaised ? GENERATOR_NICENESS : 0}`,
    );
    console.log(
      `server CPU:          ${warmup.cores.map((c) => `${c}`).join(", ") || "-"} cores in the warm-up, ` +
        `${measuredCores} measured (of ${os.cpus().length})`,
    );
    if (problems.length) {
      console.log(`\nFAILED: ${problems.join("; ")}`);
      if (server.log.serverErrors.length) {
        console.log(`5xx in the request log:\n  ${server.log.serverErrors.join("\n  ")}`);
      }
      console.log(`the server's last output:\n${server.shop.lastOutput({ logLines: 0 })}`);
    } else {
      console.log(
        "\npassed: every request answered in time, refusals with Retry-After, no other 5xx, no socket errors, " +
          (OVERLOAD
            ? `page p99 under ${PAGE_P99_LIMIT_MS} ms, peak RSS within ${PEAK_RSS_LIMIT_MB} MB`
            : "RSS within 10 % of the warm-up's"),
      );
    }

    const summary = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        node: process.version,
        totalMemMb: Math.round(os.totalmem() / 2 ** 20),
        loadBefore,
        loadAfter,
        serverNiceness: generatorRaised ? 0 : SERVER_NICENESS,
        generatorNiceness: generatorRaised ? GENERATOR_NICENESS : 0,
      },
      options: {
        overload: OVERLOAD,
        signInShare: SIGN_IN_SHARE,
        timeoutSeconds: TIMEOUT_SECONDS,
        seconds: SECONDS,
        warmupRoundSeconds: WARMUP_SECONDS,
        warmupRoundsMax: WARMUP_ROUNDS,
        connections: CONNECTIONS,
        products: PRODUCTS,
        port: PORT,
      },
      requests: total,
      requestsPerSecond: total / SECONDS,
      statuses,
      nonSuccessStatuses: failing,
      byKind: tally,
      warmup: {
        seconds: warmupSeconds,
        idleRssMbByRound: warmup.rounds,
        statuses: warmupStatuses,
        byKind: warmupTally,
        errors: warmup.errors,
        timeouts: warmup.timeouts,
        timeoutsBySlice: warmup.timeoutsBySlice,
        serverCores: warmup.cores,
      },
      timeoutsBySlice: result.timeoutsBySlice,
      timeoutSliceSeconds: TIMEOUT_SLICE_SECONDS,
      serverCores: measuredCores,
      refusals,
      socketErrors,
      timeouts,
      latencyMs: { p50, p90: result.latency.p90, p99, max },
      pageLatencyMs: { p50: percentile(pageTimings, 50), p99: pageP99, n: pageTimings.length },
      latencyByKindMs: Object.fromEntries(
        Object.entries(timings).map(([kind, xs]) => [
          kind,
          { p50: percentile(xs, 50), p99: percentile(xs, 99), n: xs.length },
        ]),
      ),
      rssMb: rss,
      rssGrowthAfterWarmup: growth,
      rssSeries: series,
      serverLog: {
        requestLines: server.log.lines,
        stderrLines: server.log.stderrLines,
        fiveHundreds: server.log.serverErrors,
      },
      passed: problems.length === 0,
      problems,
    };
    writeFileSync(OUT, JSON.stringify(summary, null, 2) + "\n");
    console.log(`summary written to ${OUT}`);
    return problems.length === 0;
  } finally {
    await cleanUp();
  }
}

main().then(
  (passed) => process.exit(passed ? 0 : 1),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
