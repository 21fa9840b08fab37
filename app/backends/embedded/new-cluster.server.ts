import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

import { isAbandoned } from "./data-dir-lock.server";

/**
 * Creating a PostgreSQL cluster (PGlite's initdb) costs the process that does it about 550 MB
 * of RSS that it never gives back: WebAssembly memory only grows, and the malloc arenas of the
 * compile threads keep their peak. Opening an existing cluster costs about 150 MB. So a new data
 * directory is created by a short-lived child process, and the server then opens it like any
 * other (ADR 012). The child only runs initdb: the prelude, migrations and seed stay in the
 * server's openDatabase, which also brings existing directories up to date, and makes their files
 * private (initdb writes most of them 0666, whatever the umask).
 */

/** A data directory PGlite has not initialised yet (no cluster in it; our lock or session secret may be). */
export function holdsNoCluster(dir: string): boolean {
  return !existsSync(path.join(dir, "PG_VERSION"));
}

/**
 * The child's whole program. CommonJS through `-e`, so it needs no file of ours at run time:
 * the built server, the dev server and the tests all run it the same way.
 */
const CHILD_PROGRAM = `
const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2])
  .then((db) => db.close())
  .catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
`;

/** Runs initdb for `dir` (which must exist and hold no cluster) in a child process; rejects with what it printed. */
export function createClusterInChild(dir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      // One compile thread: the child's own peak stays lower, on a machine that also runs the server.
      ["--wasm-num-compilation-tasks=1", "-e", CHILD_PROGRAM, pglite, dir],
      { maxBuffer: 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (!error) return resolve();
        const said = stderr.trim().split("\n").pop();
        reject(new Error(said || error.message, { cause: error }));
      },
    );
  });
}

const TEMPORARY_PREFIX = "makervolt-memory-";

/**
 * A fresh directory for `DATA_DIR=memory://` when the server creates its cluster in a child: the
 * data lives in files the OS caches (not in this process's memory), and the directory is removed
 * when the database closes. Directories that servers killed outright left behind (their lock's
 * process is gone) are removed first.
 */
export async function temporaryDataDir(): Promise<string> {
  const root = tmpdir();
  for (const name of readdirSync(root)) {
    const dir = path.join(root, name);
    if (name.startsWith(TEMPORARY_PREFIX) && (await isAbandoned(dir))) rmSync(dir, { recursive: true, force: true });
  }
  return mkdtempSync(path.join(root, TEMPORARY_PREFIX));
}
