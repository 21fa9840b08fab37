/**
 * Building the shop and starting the built server, one way for `npm run bench`, `npm run soak` and
 * `npm run audit` (scripts/support/ is what the three share).
 *
 *   await buildShop({ buildDir: "build-bench", existing: "reuse" });
 *   const shop = await startShop({ buildDir: "build-bench", port: 3200 });   // /healthz has answered 200
 *   ... shop.origin, shop.pid ...
 *   await shop.stop();
 *
 * The server is started as `npm run serve` starts it (server/memory-settings.ts: its node flags and
 * malloc tunables), in production mode, on the embedded database (DATA_DIR, default a fresh one in
 * memory), as the leader of a process group of its own, tracked by child-processes.ts. Everything
 * it prints is read: its log is JSON lines on stdout (pino, app/lib/log.server.ts), a failure to
 * start included, so the last lines of stdout and stderr alike are kept for the message when it
 * exits or does not answer.
 */
import { type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type { Readable } from "node:stream";

import { serverEnv, serverNodeArgs } from "../../server/memory-settings";
import { run, spawnTracked, stopChild } from "./child-processes";

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
  /** More environment, over the defaults (NODE_ENV=production, PORT, DATA_DIR, no hosted Supabase). */
  env?: NodeJS.ProcessEnv;
  /** Extra flags for node, after the memory settings (e.g. --cpu-prof). */
  nodeArgs?: readonly string[];
  /**
   * A command to run node under, which must exec it so that the pid is the server's:
   * e.g. `["nice", "-n", "10"]`.
   */
  wrap?: readonly string[];
  /** Each line the server writes to stdout (its JSON log: a line a request), as it comes. */
  onStdoutLine?: (line: string) => void;
  /** Each line the server writes to stderr, as it comes. */
  onStderrLine?: (line: string) => void;
  /**
   * Echo on this process's stderr what the server says that is not routine: every line of its
   * stderr, and the lines of its log at level error or above (or that are not JSON). The request
   * log (info) stays quiet.
   */
  echoErrors?: boolean;
  /** Also write everything the server prints (stdout and stderr) to this file. */
  logFile?: string;
  /** How long to wait for /healthz to answer 200 (default a minute). */
  healthTimeoutMs?: number;
}

export interface Shop {
  origin: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the server has gone. */
  exited: Promise<number | null>;
  /**
   * What the server wrote last, ready to print (indented): the last `logLines` lines of its log on
   * stdout (default 30; 0 after a run under load, when they are only requests), the errors it
   * logged before those, and the last lines of its stderr.
   */
  lastOutput(options?: { logLines?: number }): string;
  /**
   * Stops the server's process group: `signal` (default SIGTERM, a graceful shutdown), then
   * SIGKILL after `graceMs` (default 15 s). Resolves with the exit code.
   */
  stop(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<number | null>;
}

/** How many of the last lines of each stream are kept for lastOutput(). */
const TAIL_LINES = 30;
/** Kept as text, at most this many characters a stream (a log line with a stack can be long). */
const TAIL_CHARS = 16_384;
/** How many of the last error lines of the log are kept besides (a minute of load logs ~100k request lines). */
const ERROR_LINES = 10;

/** Whether a line of the server's stdout is worth showing: a log line at level error (50) or above, or not a log line at all. */
export function isErrorLogLine(line: string): boolean {
  if (line.trim() === "") return false;
  try {
    const level = (JSON.parse(line) as { level?: unknown }).level;
    return typeof level !== "number" || level >= 50;
  } catch {
    return true;
  }
}

/**
 * The end of a stream, kept cheaply (the bench's load generator runs in this process): chunks are
 * appended and trimmed, and split into lines only when asked for, or when a chunk holds a log line
 * at level error or fatal (pino writes the level first: `{"level":50,...`), kept apart.
 */
class Tail {
  private text = "";
  private trimmed = false;
  private partial = "";
  readonly errors: string[] = [];

  constructor(private readonly keepErrors: boolean) {}

  push(chunk: Buffer) {
    const text = chunk.toString("utf8");
    this.text += text;
    if (this.text.length > 2 * TAIL_CHARS) {
      this.text = this.text.slice(-TAIL_CHARS);
      this.trimmed = true;
    }
    if (!this.keepErrors) return;
    const whole = this.partial + text;
    const end = whole.lastIndexOf("\n");
    this.partial = whole.slice(end + 1).slice(-TAIL_CHARS);
    // No line ended in this chunk: what there is waits in `partial` for the rest of its line.
    if (end < 0 || !/"level":[56]\d/.test(whole)) return;
    for (const line of whole.slice(0, end).split("\n")) {
      if (!/^\{"level":[56]\d/.test(line)) continue;
      this.errors.push(line.length > 2_000 ? `${line.slice(0, 2_000)}...` : line);
      if (this.errors.length > ERROR_LINES) this.errors.shift();
    }
  }

  lines(): string[] {
    const lines = this.text.split("\n");
    // A line cut by the trimming is only part of one.
    if (this.trimmed) lines.shift();
    return lines.filter((line) => line.trim() !== "").slice(-TAIL_LINES);
  }
}

function onLines(stream: Readable, handle: (line: string) => void) {
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on("line", handle);
}

/**
 * Starts `<buildDir>/server.js` and resolves once /healthz answers 200. Throws, with the server's
 * last lines on stdout and stderr, if it exits first or does not answer 200 in time (it is
 * killed then).
 */
export async function startShop(options: ShopOptions): Promise<Shop> {
  const { buildDir, port, host = "127.0.0.1", dataDir = "memory://", wrap = [], nodeArgs = [] } = options;
  const origin = `http://${host}:${port}`;
  // Started as `npm run serve` starts it (server/memory-settings.ts).
  const node = [process.execPath, ...serverNodeArgs(), ...nodeArgs, path.join(buildDir, "server.js")];
  const [command, ...args] = [...wrap, ...node];
  const child = spawnTracked(command!, args, {
    env: serverEnv({
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      // The embedded database, whatever the environment says about another one (an empty setting is unset).
      DATABASE_URL: "",
      SUPABASE_URL: "",
      SUPABASE_ANON_KEY: "",
      ...options.env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let spawnError: Error | undefined;
  child.once("error", (error) => (spawnError = error));

  // stdout must be read to its end whatever is done with it: a server whose pipe is full waits.
  const stdoutTail = new Tail(true);
  const stderrTail = new Tail(false);
  child.stdout!.on("data", (chunk: Buffer) => stdoutTail.push(chunk));
  child.stderr!.on("data", (chunk: Buffer) => stderrTail.push(chunk));
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

  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code, signal) => {
      exit = { code, signal };
      resolve(code);
    }),
  );
  // 'close' comes once stdout and stderr have ended too: their last lines are in the tails.
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));

  const lastOutput: Shop["lastOutput"] = ({ logLines = TAIL_LINES } = {}) => {
    const section = (name: string, lines: string[]) =>
      lines.length ? `${name}:\n    ${lines.join("\n    ")}` : `${name}: none`;
    const last = logLines > 0 ? stdoutTail.lines().slice(-logLines) : [];
    const errors = stdoutTail.errors.filter((line) => !last.includes(line));
    return [
      ...(errors.length ? [section(`errors in its log${last.length ? ", before the lines below" : ""}`, errors)] : []),
      ...(logLines > 0 ? [section("its log (stdout), last lines", last)] : []),
      ...(logLines === 0 && !errors.length ? ["errors in its log: none"] : []),
      section("stderr, last lines", stderrTail.lines()),
    ]
      .map((text) => `  ${text}`)
      .join("\n");
  };
  const stop: Shop["stop"] = async ({ signal = "SIGTERM", graceMs = 15_000 } = {}) => {
    await stopChild(child, { signal, graceMs });
    return exited;
  };
  const fail = async (what: string) => {
    // Up to a second for the last of its output to arrive.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    return new Error(`${what}\n${lastOutput()}`);
  };

  const timeoutMs = options.healthTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  let lastTry = "no answer yet";
  for (;;) {
    if (spawnError) {
      await stopChild(child, { signal: "SIGKILL", graceMs: 0 });
      throw new Error(`could not start the server (${command}): ${spawnError.message}`);
    }
    if (exit) {
      await stopChild(child, { signal: "SIGKILL", graceMs: 0 });
      const how = exit.signal ? `on ${exit.signal}` : `with code ${exit.code}`;
      throw await fail(`the server (${origin}) exited ${how} before /healthz answered 200 (${lastTry})`);
    }
    if (Date.now() > deadline) {
      await stopChild(child, { signal: "SIGKILL", graceMs: 0 });
      throw await fail(
        `the server (${origin}) did not answer /healthz with 200 within ${timeoutMs / 1000} s (${lastTry})`,
      );
    }
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
      lastTry = `its last answer: ${response.status}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      lastTry = `its last try: ${cause}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, port, pid: child.pid!, child, exited, lastOutput, stop };
}
