/**
 * Building the shop and starting the built server, one way for `npm run bench`, `npm run soak`,
 * `npm run audit` and the server tests (tests/server/harness.ts).
 *
 *   await buildShop({ buildDir: "build-bench", existing: "reuse" });
 *   const shop = await startShop({ buildDir: "build-bench", port: 3200 });   // /healthz has answered 200
 *   ... shop.origin, shop.pid ...
 *   await shop.stop();
 *
 * The server is started as `npm run serve` starts it (server/memory-settings.ts: its node flags and
 * malloc tunables), in production mode, on the embedded database (DATA_DIR, default a fresh one in
 * memory). Its output is always read (server-output.ts), a failure to start included, for the
 * message when it exits or does not answer.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type { Readable } from "node:stream";

import { serverEnv, serverNodeArgs } from "../../server/memory-settings";
import { run, spawnTracked, stopChild } from "./child-processes";
import { isErrorLogLine, ServerOutput } from "./server-output";

export interface BuildOptions {
  /** Where `npm run build` puts the server (its BUILD_DIR). */
  buildDir: string;
  /**
   * What to do with a build already in `buildDir`: `rebuild` it (the default); `reuse` it, building
   * only when there is none; or `require` it, never building and failing when there is none
   * (a script's --skip-build).
   */
  existing?: "rebuild" | "reuse" | "require";
  /** Hold the build's output back, printing it only if the build fails (default: show it as it comes). */
  quiet?: boolean;
}

/** Builds the shop into `buildDir` (`npm run build` with BUILD_DIR), unless told to use the build already there. */
export async function buildShop({ buildDir, existing = "rebuild", quiet = false }: BuildOptions): Promise<void> {
  const built = existsSync(path.join(buildDir, "server.js"));
  if (existing === "require") {
    if (!built)
      throw new Error(
        `No build in ${buildDir}/ (no server.js): drop --skip-build, or run BUILD_DIR=${buildDir} npm run build`,
      );
    return;
  }
  if (existing === "reuse" && built) return;
  const started = performance.now();
  console.log(
    built || existing === "rebuild" ? `Building into ${buildDir}/ ...` : `No server in ${buildDir}/: building ...`,
  );
  await run("npm", ["run", "build"], { ...process.env, BUILD_DIR: buildDir }, { quiet });
  console.log(`  built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

export interface ShopOptions {
  /** Where the build is: the server is `<buildDir>/server.js`. */
  buildDir: string;
  port: number;
  /** The host in `origin` (default 127.0.0.1). The server listens on every address either way. */
  host?: string;
  /** DATA_DIR (default `memory://`, a fresh database in memory). */
  dataDir?: string;
  /** More environment, over the defaults (NODE_ENV, PORT, DATA_DIR, no other database). */
  env?: NodeJS.ProcessEnv;
  /** Extra flags for node, after the memory settings (e.g. --cpu-prof). */
  nodeArgs?: readonly string[];
  /** A command that execs node, so that the pid is the server's: e.g. `["nice", "-n", "10"]`. */
  wrap?: readonly string[];
  /** Run server/index.ts from source as `npm run dev` does (NODE_ENV=development, Vite inside it), not the build. */
  development?: boolean;
  /** The server's working directory (default this process's). */
  cwd?: string;
  /**
   * Lead a process group of its own, tracked by child-processes.ts (default), so that stop() ends
   * all it started; the script stops it on Ctrl-C. false: a plain child, which a terminal's Ctrl-C
   * reaches with this process (the server tests).
   */
  ownGroup?: boolean;
  /** Each line the server writes to stdout (its JSON log: a line a request), as it comes. */
  onStdoutLine?: (line: string) => void;
  /** Each line the server writes to stderr, as it comes. */
  onStderrLine?: (line: string) => void;
  /** Echo on this process's stderr every line of the server's stderr, and its log's lines that isErrorLogLine() picks. */
  echoErrors?: boolean;
  /** Also write everything the server prints (stdout and stderr) to this file. */
  logFile?: string;
  /** How long to wait for /healthz (default a minute). */
  healthTimeoutMs?: number;
  /** Started once /healthz answers 200 (default), or `any` status (a shop in an outage answers 503). */
  healthyStatus?: 200 | "any";
}

export interface Shop {
  origin: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the server has gone. */
  exited: Promise<number | null>;
  /** Resolves once the server has gone and its output has ended too. */
  closed: Promise<void>;
  /** What the server wrote last, ready to print (ServerOutput.last). */
  lastOutput(options?: { logLines?: number }): string;
  /**
   * Stops the server: `signal` (default SIGTERM, a graceful shutdown), then SIGKILL after
   * `graceMs` (default 15 s). Resolves with the exit code.
   */
  stop(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<number | null>;
}

function onLines(stream: Readable, handle: (line: string) => void) {
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on("line", handle);
}

/** Sends `signal` to a child of this process's own group; SIGKILL if it is still there after `graceMs`. */
async function stopPlainChild(child: ChildProcess, exited: Promise<unknown>, signal: NodeJS.Signals, graceMs: number) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

interface Launched {
  shop: Shop;
  /** Why it is not running, once it is not: could not be spawned, or exited. */
  gone(): string | undefined;
}

function launch(options: ShopOptions): Launched {
  const { buildDir, port, host = "127.0.0.1", dataDir = "memory://", wrap = [], nodeArgs = [] } = options;
  const { development = false, ownGroup = true } = options;
  const origin = `http://${host}:${port}`;
  const node = development
    ? [process.execPath, ...nodeArgs, "--import", "tsx", "server/index.ts"]
    : [process.execPath, ...serverNodeArgs(), ...nodeArgs, path.join(buildDir, "server.js")];
  const [command, ...args] = [...wrap, ...node];
  const spawnOptions = {
    cwd: options.cwd,
    env: serverEnv({
      ...process.env,
      NODE_ENV: development ? "development" : "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      // The embedded database, whatever the environment says about another one (an empty setting is unset).
      DATABASE_URL: "",
      SUPABASE_URL: "",
      SUPABASE_ANON_KEY: "",
      ...options.env,
    }),
    stdio: ["ignore", "pipe", "pipe"] as ["ignore", "pipe", "pipe"],
  };
  const child = ownGroup ? spawnTracked(command!, args, spawnOptions) : spawn(command!, args, spawnOptions);
  let gone: string | undefined;
  child.once("error", (error) => (gone ??= `could not be started (${command}): ${error.message}`));

  const output = new ServerOutput(child.stdout!, child.stderr!);
  if (options.onStdoutLine || options.echoErrors) {
    onLines(child.stdout!, (line) => {
      options.onStdoutLine?.(line);
      if (options.echoErrors && isErrorLogLine(line)) process.stderr.write(`server: ${line}\n`);
    });
  }
  if (options.onStderrLine || options.echoErrors) {
    onLines(child.stderr!, (line) => {
      options.onStderrLine?.(line);
      if (options.echoErrors) process.stderr.write(`server: ${line}\n`);
    });
  }
  if (options.logFile) {
    const file = createWriteStream(options.logFile);
    child.stdout!.pipe(file, { end: false });
    child.stderr!.pipe(file, { end: false });
    child.once("close", () => file.end());
  }

  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code, signal) => {
      gone ??= `exited ${signal ? `on ${signal}` : `with code ${code}`}`;
      resolve(code);
    }),
  );
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const stop: Shop["stop"] = async ({ signal = "SIGTERM", graceMs = 15_000 } = {}) => {
    if (ownGroup) await stopChild(child, { signal, graceMs });
    else await stopPlainChild(child, exited, signal, graceMs);
    return exited;
  };
  const shop: Shop = {
    origin,
    port,
    pid: child.pid!,
    child,
    exited,
    closed,
    lastOutput: (last) => output.last(last),
    stop,
  };
  return { shop, gone: () => gone };
}

/** Starts the server without waiting for it (a test of a server that should refuse to start). */
export function spawnShop(options: ShopOptions): Shop {
  return launch(options).shop;
}

/**
 * Starts the server and resolves once /healthz answers (200, unless `healthyStatus` says any).
 * Throws, with its last lines on stdout and stderr, if it exits first or does not answer in time
 * (it is killed then).
 */
export async function startShop(options: ShopOptions): Promise<Shop> {
  const { shop, gone } = launch(options);
  const { healthyStatus = 200, healthTimeoutMs = 60_000 } = options;
  const answered = healthyStatus === 200 ? "answered 200" : "answered";
  const fail = async (what: string) => {
    await shop.stop({ signal: "SIGKILL", graceMs: 0 });
    // Up to a second for the last of its output to arrive.
    await Promise.race([shop.closed, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    return new Error(`the server (${shop.origin}) ${what}\n${shop.lastOutput()}`);
  };

  const deadline = Date.now() + healthTimeoutMs;
  let lastTry = "no answer yet";
  for (;;) {
    const why = gone();
    if (why) throw await fail(`${why} before /healthz ${answered} (${lastTry})`);
    if (Date.now() > deadline) {
      const within = `within ${healthTimeoutMs / 1000} s (${lastTry})`;
      throw await fail(`did not answer /healthz${healthyStatus === 200 ? " with 200" : ""} ${within}`);
    }
    try {
      const response = await fetch(`${shop.origin}/healthz`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (healthyStatus === "any" || response.status === 200) return shop;
      lastTry = `its last answer: ${response.status}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      lastTry = `its last try: ${cause}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
