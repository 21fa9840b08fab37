/**
 * The processes `npm run bench` runs (scripts/bench.ts): the build, the catalogue fill and the built
 * server, each stopped when the benchmark ends, fails or is interrupted; and the server's memory,
 * read from /proc.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";

import { serverEnv, serverNodeArgs } from "../../server/memory-settings";

/**
 * Children started, each the leader of its own process group (`detached`), for stopAll() on the
 * way out. A group, because `npm run db:scale` is npm, a shell, tsx and finally node: stopping npm
 * alone left the fill running, writing into the data directory after it had been removed.
 */
const started = new Set<ChildProcess>();
let stopRequested = false;

function track(child: ChildProcess): ChildProcess {
  started.add(child);
  return child;
}

/** Whether any process of the group led by `pid` is still there. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Gone already.
  }
}

/**
 * Runs a command to its end with its output held back, printed only when it fails (a build and a
 * fill print pages of progress that say nothing when they work).
 */
export function runQuietly(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true }));
    const output: Buffer[] = [];
    child.stdout!.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) {
        started.delete(child);
        return resolve();
      }
      // Stopped by stopAll() (Ctrl-C): its output would only bury the benchmark's own message.
      if (!stopRequested) process.stderr.write(Buffer.concat(output));
      reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

export interface Server {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal) once the server has gone. */
  exited: Promise<number | null>;
  /** The last lines it wrote to stderr, to show when it fails. */
  stderrTail: string[];
}

export function startServer(options: { buildDir: string; dataDir: string; port: number; nodeArgs: string[] }): Server {
  const child = track(
    spawn(process.execPath, [...serverNodeArgs(), ...options.nodeArgs, path.join(options.buildDir, "server.js")], {
      // Started as `npm run serve` starts it (server/memory-settings.ts).
      env: serverEnv({
        ...process.env,
        NODE_ENV: "production",
        PORT: String(options.port),
        DATA_DIR: options.dataDir,
        // The embedded database, whatever the environment says about a hosted one.
        SUPABASE_URL: "",
        SUPABASE_ANON_KEY: "",
      }),
      // stdout is the request log: a line per request, nothing the benchmark reads.
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    }),
  );
  const stderrTail: string[] = [];
  readline.createInterface({ input: child.stderr! }).on("line", (line) => {
    stderrTail.push(line);
    if (stderrTail.length > 40) stderrTail.shift();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  if (child.pid === undefined) throw new Error("the server did not start");
  return { child, pid: child.pid, exited, stderrTail };
}

/** Waits until /healthz answers 200 (at most a minute), failing at once if the server exits (with its last stderr lines, if kept). */
export async function waitForHealth(
  origin: string,
  server: Pick<Server, "exited"> & Partial<Pick<Server, "stderrTail">>,
): Promise<void> {
  let gone = false;
  void server.exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gone) {
      const said = server.stderrTail?.length ? `:\n  ${server.stderrTail.join("\n  ")}` : "";
      throw new Error(`the server exited before answering /healthz${said}`);
    }
    const ok = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer /healthz within a minute");
}

/** SIGTERM to the process group of every child started; SIGKILL to any group still there after `graceMs`. */
export async function stopAll(graceMs = 15_000): Promise<void> {
  stopRequested = true;
  await Promise.all(
    [...started].map(async (child) => {
      const pid = child.pid;
      if (pid === undefined) return;
      signalGroup(pid, "SIGTERM");
      const deadline = Date.now() + graceMs;
      while (groupAlive(pid)) {
        if (Date.now() > deadline) signalGroup(pid, "SIGKILL");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      started.delete(child);
    }),
  );
}

/** A memory figure from /proc/<pid>/status (VmRSS now, VmHWM the peak so far), in MB; NaN once the process has gone. */
export function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    return kb === undefined ? NaN : Number(kb) / 1024;
  } catch {
    return NaN;
  }
}

/** The scheduler state of a process's main thread (R running or runnable, S sleeping, ...); null once it has gone. */
export function mainThreadState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
    // "pid (command) S ...": the command may hold spaces and parentheses, the state follows the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return null;
  }
}

/**
 * Waits until the server has finished what the last load left behind, and returns how long that
 * took (seconds). autocannon stops at the end of its time and drops its connections, but the
 * server still works through the requests it had taken (up to one a connection, each a page to
 * render); left alone, that work would be charged to the next target. Idle means the server's
 * main thread (JavaScript, and PGlite, which runs in it) asleep at every look for `quietMs`;
 * a thread waiting for a CPU on a busy machine counts as running, so a starved server is not
 * mistaken for an idle one.
 */
export async function waitUntilIdle(pid: number, { quietMs = 100, maxMs = 60_000, everyMs = 5 } = {}) {
  const began = performance.now();
  let quietSince = performance.now();
  while (performance.now() - began < maxMs) {
    const state = mainThreadState(pid);
    if (state === null) break;
    if (state !== "S") quietSince = performance.now();
    else if (performance.now() - quietSince >= quietMs) break;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return (performance.now() - began) / 1000;
}

/** Samples a process's RSS every `intervalMs`, each sample tagged with what was running then. */
export class RssSampler {
  readonly samples: { seconds: number; mb: number; during: string }[] = [];
  during = "start";
  private readonly began = performance.now();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    intervalMs = 250,
  ) {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
    this.sample();
  }

  private sample() {
    const mb = statusMb(this.pid, "VmRSS");
    if (Number.isNaN(mb)) return;
    const seconds = Math.round((performance.now() - this.began) / 100) / 10;
    this.samples.push({ seconds, mb: Math.round(mb * 10) / 10, during: this.during });
  }

  get peakMb(): number {
    return Math.max(...this.samples.map((s) => s.mb));
  }

  /** The highest sample taken during each activity. */
  peakByActivity(): Record<string, number> {
    const peaks: Record<string, number> = {};
    for (const { mb, during } of this.samples) peaks[during] = Math.max(peaks[during] ?? 0, mb);
    return peaks;
  }

  stop() {
    clearInterval(this.timer);
    this.sample();
  }
}
