import { rmSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

import { describePrepared, prepareDatabase } from "~/backends/sql/schema.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";
import { getConfig } from "~/config.server";
import { logger } from "~/lib/log.server";
import { type MemoisedPromise, memoisePromise } from "~/lib/memoise-promise.server";
import { restrictToOwner } from "~/lib/owner-only-files.server";
import { StartupError } from "~/lib/startup-error.server";

import { dataDirProblem, lockDataDir } from "./data-dir-lock.server";
import { claimDataDir, shutOthersOut } from "./data-dir-owner.server";
import { createClusterInChild, holdsNoCluster, temporaryDataDir } from "./new-cluster.server";
import { serveOperatorCommands } from "./operator-commands.server";

/**
 * The embedded database: PGlite (a real PostgreSQL compiled to WebAssembly) in this process.
 * It is built from the same `supabase/` folder the Supabase CLI uses for a hosted project, so
 * the schema, policies and seed are written once (ADR 001).
 *
 * PGlite runs one query at a time and has no lock on its data directory: open it once per
 * process (getDatabase), and openDatabase locks the directory against other processes
 * (data-dir-lock.server.ts). Transactions go through
 * `db.transaction()` only; a manual BEGIN through exec() would leak into other requests.
 */

const extensions = { fuzzystrmatch, pg_trgm };

/** The embedded database as the SQL backend sees it (PGlite's query, exec and transaction fit SqlClient as they are). */
export type Database = SqlClient & { close(): Promise<void> };

export const MEMORY_DATA_DIR = "memory://";

/**
 * Postgres' default shared_buffers (128 MB) is allocated inside PGlite's WebAssembly memory
 * and never given back: with it, an open database alone held ~360 MB of RSS against the 350 MB
 * budget the whole server then had under load (docs/budgets.md#memory). The catalogue's hot pages (10,000
 * products with their indexes are ~40 MB on disk) mostly fit in 32 MB, the rest comes from
 * the OS page cache, and catalogue reads are cached above the database (ADR 031). Measured:
 * ~240 MB RSS at open instead of ~360 MB.
 */
/*
 * The write-ahead log is kept small (ADR 028): with PostgreSQL's defaults a checkpoint keeps up to
 * 1 GB of old log segments for reuse, and after `npm run db:scale -- 10000` DATA_DIR held 577 MB of
 * them beside 40 MB of data, all of it copied into every backup. The shop writes little (sign-ups,
 * sessions, an import now and then), so more frequent checkpoints cost it nothing it would notice.
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=32MB",
  "-c",
  "min_wal_size=32MB",
  "-c",
  "max_wal_size=64MB",
];

export interface DatabaseOptions {
  /** Where PGlite keeps its files, or "memory://" for a throwaway database. Default: DATA_DIR. */
  dataDir?: string;
  /** The Supabase CLI folder holding migrations/*.sql and seed.sql. Default: ./supabase. */
  supabaseDir?: string;
  /** Run seed.sql when the catalogue is empty. Default true. */
  seed?: boolean;
  /**
   * Create a new cluster (initdb) in a short-lived child process, and keep `memory://` in a
   * temporary directory removed at close, so this process never holds initdb's memory
   * (new-cluster.server.ts, ADR 012). The server does; tests and scripts need not. Default false.
   */
  createInChild?: boolean;
}

export interface OpenedDatabase {
  db: Database;
  /** The same database as PGlite itself, for what only it can do (a backup: backup.server.ts). */
  pglite: PGlite;
  /** The directory its files are in (DATA_DIR resolved; a temporary one for `memory://` in a child). */
  location: string;
  /** Closes the database and releases DATA_DIR's lock: use this, not `db.close()`. */
  close(): Promise<void>;
  /** Migration files applied by this open, in order (empty when the database was current). */
  appliedMigrations: string[];
  /** Whether seed.sql ran during this open. */
  seeded: boolean;
  /** DATA_DIR was open to other users and has been made its owner's alone: the warning to give, else null. */
  madePrivate: string | null;
}

/** DATA_DIR from the environment, or `.data`; relative paths are from the project root. */
export function configuredDataDir(): string {
  return getConfig().dataDir;
}

/**
 * Opens (creating if needed) a database, brings it up to date with the migrations and seeds
 * an empty catalogue. Use getDatabase() in the app; this is for tests and scripts. A directory
 * that cannot be used, is locked by another process or holds a damaged database is a
 * StartupError.
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<OpenedDatabase> {
  const dataDir = options.dataDir ?? configuredDataDir();
  const inMemory = dataDir.startsWith(MEMORY_DATA_DIR);
  const temporary = inMemory && options.createInChild === true;
  const onDisk = !inMemory || temporary;
  let location = dataDir;
  let unlock = () => {};
  let madePrivate: string | null = null;
  if (onDisk) {
    location = temporary ? await temporaryDataDir() : path.resolve(process.cwd(), dataDir);
    try {
      claimDataDir(location);
      madePrivate = shutOthersOut(location);
      const release = await lockDataDir(location);
      const remove = () => rmSync(location, { recursive: true, force: true });
      // A temporary directory goes with its lock, also on an exit that skips closing the database.
      if (temporary) process.once("exit", remove);
      unlock = temporary
        ? () => {
            release();
            process.off("exit", remove);
            remove();
          }
        : release;
    } catch (error) {
      throw error instanceof StartupError ? error : dataDirProblem(location, error);
    }
  }

  if (options.createInChild && holdsNoCluster(location)) {
    try {
      await createClusterInChild(location);
    } catch (error) {
      unlock();
      throw new StartupError(
        `A new database in DATA_DIR ${dataDir} could not be created: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }

  let db: PGlite;
  try {
    db = await PGlite.create(location, { extensions, startParams: START_PARAMS });
  } catch (error) {
    unlock();
    throw new StartupError(
      `The database in DATA_DIR ${location} could not be opened: it is damaged or not a MakerVolt database. ` +
        "Restore it from a backup, or move it aside to start with a fresh one.",
      { cause: error },
    );
  }
  const close = async () => {
    try {
      await db.close();
    } finally {
      unlock();
    }
  };
  try {
    const supabaseDir = options.supabaseDir ?? path.resolve(process.cwd(), "supabase");
    const prepared = await prepareDatabase(db, { supabaseDir, seed: options.seed !== false });
    // PGlite's file system (WebAssembly) sets files' modes itself, past any umask: initdb leaves
    // 968 files 0666 (the log, pg_control, postgresql.auto.conf) and a restart writes some 0644.
    // DATA_DIR's 0700 keeps others out; this makes the files private too, at every open.
    if (onDisk) restrictToOwner(location);
    return { db, pglite: db, location, close, ...prepared, madePrivate };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

interface AppDatabase extends OpenedDatabase {
  /** Stops serving the operator's commands and the backup schedule (operator-commands.server.ts). */
  stopCommands(): Promise<void>;
}

async function openAndReport(): Promise<AppDatabase> {
  const opened = await openDatabase({ createInChild: true });
  if (opened.madePrivate) logger().warn(opened.madePrivate);
  logger().info(`Embedded database at ${configuredDataDir()}${describePrepared(opened)}`);
  return { ...opened, stopCommands: serveOperatorCommands(opened.pglite, opened.location) };
}

// Kept on globalThis so a dev-server rebuild, which re-imports this module, does not open the
// same data directory a second time in this process. A failed open is not remembered, so
// /healthz reports 503 and a later request retries.
const shared = globalThis as typeof globalThis & { __makervoltDatabase?: MemoisedPromise<AppDatabase> };
const appDatabase = (shared.__makervoltDatabase ??= memoisePromise(openAndReport));

/** The process's one embedded database, opened (and migrated and seeded) on first use. */
export async function getDatabase(): Promise<Database> {
  return (await appDatabase()).db;
}

/**
 * Closes the process's database if it was opened: Postgres shuts down cleanly (a checkpoint, so
 * the next start needs no recovery) and DATA_DIR's lock is released. The server calls this
 * after the last request in flight has finished.
 */
export async function closeDatabase(): Promise<void> {
  const opening = appDatabase.forget();
  if (!opening) return;
  const opened = await opening.catch(() => null);
  await opened?.stopCommands();
  await opened?.close();
}
