import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { hostname } from "node:os";
import path from "node:path";

import { StartupError } from "~/lib/startup-error.server";

import { answerControl, CONTROL_SOCKET_FILE, restrictSocket } from "./control-socket.server";

// Two writers corrupt a PGlite directory: the first opener's lock listens on a socket, and one that no longer answers
// is stale, whoever owned it (ADR 010, ADR 028); without a socket (too long a path), its pid and host tell.
const LOCK_FILE = "makervolt.lock";
const SOCKET_FILE = CONTROL_SOCKET_FILE;

/** A lock younger than this without its socket yet is a server still starting, not a dead one. */
const STARTING_MS = 5_000;

interface LockOwner {
  pid: number;
  host: string;
  socket: boolean;
}

export function dataDirProblem(dir: string, error: unknown): StartupError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === "EACCES" || code === "EPERM" || code === "EROFS"
      ? "is not writable by this user"
      : code === "ENOTDIR" || code === "EEXIST"
        ? "is not a directory"
        : code === "ENOSPC"
          ? "is on a full disk"
          : code === "ENOENT"
            ? "cannot be created there"
            : `cannot be used (${code ?? (error as Error).message})`;
  return new StartupError(`DATA_DIR ${dir} ${reason}: fix it, or set DATA_DIR to a writable directory.`, {
    cause: error,
  });
}

const held = new Set<string>();

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<LockOwner>;
    return typeof owner.pid === "number" && typeof owner.host === "string"
      ? { pid: owner.pid, host: owner.host, socket: owner.socket === true }
      : null;
  } catch {
    return null;
  }
}

function pidRuns(owner: LockOwner): boolean {
  // Another machine's process (a shared disk) cannot be checked from here: assume it runs.
  if (owner.host !== hostname()) return true;
  // Our own pid in a lock we do not hold is a previous life of this pid (a restarted container's pid 1).
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function probe(socketPath: string): Promise<"live" | "gone" | "missing"> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.setTimeout(2_000, () => {
      // Accepting but silent: a process that is alive (stopped in a debugger, swapped out).
      socket.destroy();
      resolve("live");
    });
    socket.once("connect", () => {
      socket.destroy();
      resolve("live");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      // ECONNREFUSED: the file is there, its listener gone; anything but these two, assume it lives.
      resolve(error.code === "ECONNREFUSED" ? "gone" : error.code === "ENOENT" ? "missing" : "live");
    });
  });
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

async function lockState(dir: string, owner: LockOwner | null): Promise<"held" | "starting" | "stale"> {
  if (!owner) return "stale";
  if (!owner.socket) return pidRuns(owner) ? "held" : "stale";
  const socket = await probe(path.join(dir, SOCKET_FILE));
  if (socket === "live") return "held";
  return socket === "missing" && ageMs(path.join(dir, LOCK_FILE)) < STARTING_MS ? "starting" : "stale";
}

export async function isAbandoned(dir: string): Promise<boolean> {
  const file = path.join(dir, LOCK_FILE);
  if (held.has(file)) return false;
  const owner = readOwner(file);
  return owner !== null && (await lockState(dir, owner)) === "stale";
}

/** The lock's socket, which carries the operator's commands too; null when it cannot be made. */
async function listen(dir: string, socketPath: string): Promise<net.Server | null> {
  rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => answerControl(dir, connection));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
    await restrictSocket(socketPath);
  } catch {
    server.close();
    return null;
  }
  // It answers the probe of another server; it must not keep this process running.
  server.unref();
  return server;
}

export async function lockDataDir(dir: string): Promise<() => void> {
  const file = path.join(dir, LOCK_FILE);
  const socketPath = path.join(dir, SOCKET_FILE);
  if (held.has(file)) throw new StartupError(`DATA_DIR ${dir} is already open in this process.`);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      // "wx": atomically, so two servers starting together cannot both win.
      writeFileSync(file, `${JSON.stringify({ pid: process.pid, host: hostname(), socket: true })}\n`, {
        flag: "wx",
        mode: 0o600,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(file);
      const state = await lockState(dir, owner);
      if (state === "starting" && attempt < 4) {
        // Ask again shortly: it either listens by then, or its server died starting.
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      if (state !== "stale") {
        throw new StartupError(
          `DATA_DIR ${dir} is in use by another MakerVolt server (pid ${owner?.pid ?? "unknown"} on ${owner?.host ?? "unknown"}). ` +
            `Stop that server first, or give this one its own DATA_DIR; if no server uses it, delete ${file}.`,
        );
      }
      // Stale (or being written this instant: retried): moved aside atomically, so only one server removes it.
      if (owner || attempt > 0) {
        const aside = `${file}.stale-${process.pid}`;
        try {
          renameSync(file, aside);
          rmSync(aside, { force: true });
        } catch (renameError) {
          if ((renameError as NodeJS.ErrnoException).code !== "ENOENT") throw renameError;
        }
      }
      continue;
    }
    const server = await listen(dir, socketPath);
    if (!server) writeFileSync(file, `${JSON.stringify({ pid: process.pid, host: hostname(), socket: false })}\n`);
    held.add(file);
    const release = () => releaseLock(file, socketPath, server);
    // Also on an exit that skips closing the database (a shutdown that ran out of time).
    process.once("exit", release);
    return release;
  }
  throw new StartupError(`DATA_DIR ${dir}: could not take its lock file ${file}; another server may be starting.`);
}

function releaseLock(file: string, socketPath: string, server: net.Server | null) {
  if (!held.delete(file)) return;
  server?.close();
  // Only our own lock and socket: never those another server took over after ours went stale.
  if (readOwner(file)?.pid === process.pid) {
    rmSync(socketPath, { force: true });
    rmSync(file, { force: true });
  }
}
