import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

import { isAbandoned } from "./data-dir-lock.server";

// A new cluster (PGlite's initdb) costs its process about 550 MB it never gives back, so a short-lived child makes
// it and the server opens it like any other (ADR 012); migrations and seed stay in openDatabase.

/** A data directory PGlite has not initialised yet (no cluster in it; our lock or session secret may be). */
export function holdsNoCluster(dir: string): boolean {
  return !existsSync(path.join(dir, "PG_VERSION"));
}

/** The child's whole program, through `-e`: no file of ours is needed at run time, built or not. */
const CHILD_PROGRAM = `
const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2])
  .then((db) => db.close())
  .catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
`;

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

/** A fresh directory for `memory://`, removed at close; those that killed servers left behind go first. */
export async function temporaryDataDir(): Promise<string> {
  const root = tmpdir();
  for (const name of readdirSync(root)) {
    const dir = path.join(root, name);
    if (name.startsWith(TEMPORARY_PREFIX) && (await isAbandoned(dir))) rmSync(dir, { recursive: true, force: true });
  }
  return mkdtempSync(path.join(root, TEMPORARY_PREFIX));
}
