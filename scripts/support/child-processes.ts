/**
 * The child processes of the bench, soak and audit scripts and the lynx journey (the build, the
 * catalogue fill, the server, the tools they install), each started as the leader of a process group of its own
 * (`detached`) and tracked until it is stopped, so that stopAll(), or at the latest this process's
 * exit, stops the whole group. A group, because `npm run db:scale` is npm, a shell, tsx and finally
 * node: stopping npm alone left the fill running, writing into the data directory after it had
 * been removed.
 *
 * Being leaders of their own groups, these children do not get the Ctrl-C a terminal sends to the
 * script: a script that starts any must stop them on SIGINT and SIGTERM (stopAll, or a handle's
 * stop()); on any other way out, the exit hook below kills what is left.
 */
import { type ChildProcess, spawn, type SpawnOptions } from "node:child_process";

const started = new Set<ChildProcess>();
let stopRequested = false;
let exitHookInstalled = false;

/** Whether any process of the group led by `pid` is still there. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to every process of the group led by `pid`; nothing if it has gone. */
export function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Gone already.
  }
}

/** Kills what is still tracked when this process exits (a crash, process.exit() in a signal handler). */
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of started) if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
  });
}

/** Starts `command` as the leader of a new process group, tracked until stopChild() or stopAll() has stopped it. */
export function spawnTracked(
  command: string,
  args: readonly string[],
  options: Omit<SpawnOptions, "detached"> = {},
): ChildProcess {
  installExitHook();
  const child = spawn(command, args, { ...options, detached: true });
  started.add(child);
  return child;
}

/** Stops the group `child` leads: `signal` (default SIGTERM), then SIGKILL to whatever is still there after `graceMs`. */
export async function stopChild(
  child: ChildProcess,
  { signal = "SIGTERM", graceMs = 15_000 }: { signal?: NodeJS.Signals; graceMs?: number } = {},
): Promise<void> {
  const pid = child.pid;
  if (pid !== undefined) {
    signalGroup(pid, signal);
    const deadline = Date.now() + graceMs;
    while (groupAlive(pid)) {
      if (Date.now() > deadline) signalGroup(pid, "SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  started.delete(child);
}

/** stopChild() for every child still tracked, at once. */
export async function stopAll(graceMs = 15_000): Promise<void> {
  stopRequested = true;
  await Promise.all([...started].map((child) => stopChild(child, { graceMs })));
}

/**
 * Runs a command to its end, tracked. Quiet: its output held back, printed only when it fails (a
 * build and a fill print pages of progress that say nothing when they work); otherwise it goes
 * straight to this process's stdout and stderr.
 */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnTracked(command, args, { env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) {
        started.delete(child);
        return resolve();
      }
      // Stopped by stopAll() (Ctrl-C): its output would only bury the script's own message.
      if (!stopRequested) process.stderr.write(Buffer.concat(output));
      reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** run(), quiet. */
export function runQuietly(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return run(command, args, env, { quiet: true });
}
