import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

import { StartupError } from "~/services/startup-error.server";

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * So whoever opens a DATA_DIR first writes `makervolt.lock` there, holding its pid, and later
 * openers refuse while that process lives. A lock left by a process that died (kill -9, a power
 * cut) is stale and is taken over.
 */
const LOCK_FILE = "makervolt.lock";

interface LockOwner {
  pid: number;
  host: string;
}

/** What an operator reads when DATA_DIR cannot be used: one line, what is wrong and what to do. */
export function dataDirProblem(dir: string, error: unknown): StartupError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === "EACCES" || code === "EPERM" || code === "EROFS"
      ? "is not writable by this user"
      : code === "ENOTDIR" || code === "EEXIST"
        ? "is not a directory"
        : code === "ENOSPC"
          ? "is on a full disk"
          : `cannot be used (${code ?? (error as Error).message})`;
  return new StartupError(`DATA_DIR ${dir} ${reason}: fix it, or set DATA_DIR to a writable directory.`, {
    cause: error,
  });
}

/** Directories this process holds, so a second open from the same process is caught too. */
const held = new Set<string>();

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<LockOwner>;
    return typeof owner.pid === "number" && typeof owner.host === "string"
      ? { pid: owner.pid, host: owner.host }
      : null;
  } catch {
    return null;
  }
}

function isRunning(owner: LockOwner): boolean {
  // Another machine's process (a shared disk) cannot be checked from here: assume it runs.
  if (owner.host !== hostname()) return true;
  // Our own pid in a lock we do not hold is a previous life of this pid (a restarted container's pid 1).
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** True when `dir` holds a lock whose process is gone: a server that was killed outright left it. */
export function isAbandoned(dir: string): boolean {
  const file = path.join(dir, LOCK_FILE);
  if (held.has(file)) return false;
  const owner = readOwner(file);
  return owner !== null && !isRunning(owner);
}

/** Takes the lock on `dir` (which must exist) or throws a StartupError; returns the function that releases it. */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  if (held.has(file)) throw new StartupError(`DATA_DIR ${dir} is already open in this process.`);
  const me: LockOwner = { pid: process.pid, host: hostname() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // "wx": created only if absent, atomically, so two servers starting together cannot both win.
      writeFileSync(file, `${JSON.stringify(me)}\n`, { flag: "wx", mode: 0o644 });
      held.add(file);
      // Also on an exit that skips closing the database (a shutdown that ran out of time).
      process.once("exit", () => release(file));
      return () => release(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readOwner(file);
    // An unreadable lock is most likely one being written this instant: look again.
    if (owner && isRunning(owner)) {
      throw new StartupError(
        `DATA_DIR ${dir} is in use by another MakerVolt server (pid ${owner.pid} on ${owner.host}). ` +
          `Stop that server first, or give this one its own DATA_DIR; if no server uses it, delete ${file}.`,
      );
    }
    if (owner || attempt > 0) {
      // Stale: moved aside (atomic), so of two servers finding it at once only one removes it.
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
        rmSync(aside, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
  throw new StartupError(`DATA_DIR ${dir}: could not take its lock file ${file}; another server may be starting.`);
}

function release(file: string) {
  if (!held.delete(file)) return;
  // Only our own lock: never one another server took over after ours went stale.
  if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
}
