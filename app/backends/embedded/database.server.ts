import { rmSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

import { describePrepared, prepareDatabase } from "~/backends/sql/schema.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";
import { getConfig } from "~/config.server";
import { logger } from "~/lib/log.server";
import { closeIfOpened, memoiseInProcess } from "~/lib/memoise-promise.server";
import { restrictToOwner } from "~/lib/owner-only-files.server";
import { StartupError } from "~/lib/startup-error.server";

import { dataDirProblem, lockDataDir } from "./data-dir-lock.server";
import { claimDataDir, shutOthersOut } from "./data-dir-owner.server";
import { createClusterInChild, holdsNoCluster, temporaryDataDir } from "./new-cluster.server";
import { serveOperatorCommands } from "./operator-commands.server";

// PGlite in this process, built from the Supabase CLI's `supabase/` folder (ADR 001). One query at a time and no lock
// of its own: open it once (getDatabase), and only through `db.transaction()`, since a BEGIN through exec() leaks.

const extensions = { fuzzystrmatch, pg_trgm };

export type Database = SqlClient & { close(): Promise<void> };

export const MEMORY_DATA_DIR = "memory://";

/** shared_buffers is WebAssembly memory that never shrinks (ADR 007, 045); a small log, small backups (ADR 028). */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=16MB",
  "-c",
  "min_wal_size=32MB",
  "-c",
  "max_wal_size=64MB",
];

export interface DatabaseOptions {
  /** Default: DATA_DIR. */
  dataDir?: string;
  /** Default: ./supabase. */
  supabaseDir?: string;
  seed?: boolean;
  /** Create a new cluster in a child process, `memory://` in a temporary directory, as the server does (ADR 012). */
  createInChild?: boolean;
}

export interface OpenedDatabase {
  db: Database;
  pglite: PGlite;
  location: string;
  /** Closes the database and releases DATA_DIR's lock: use this, not `db.close()`. */
  close(): Promise<void>;
  appliedMigrations: string[];
  seeded: boolean;
  /** DATA_DIR was open to other users and has been made its owner's alone: the warning to give, else null. */
  madePrivate: string | null;
}

export function configuredDataDir(): string {
  return getConfig().dataDir;
}

/** Opens (creates, migrates, seeds) a database for tests and scripts, or throws a StartupError. */
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
    // PGlite sets its files' modes itself, past any umask (ADR 033).
    if (onDisk) restrictToOwner(location);
    return { db, pglite: db, location, close, ...prepared, madePrivate };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

interface AppDatabase extends OpenedDatabase {
  stopCommands(): Promise<void>;
}

async function openAndReport(): Promise<AppDatabase> {
  const opened = await openDatabase({ createInChild: true });
  if (opened.madePrivate) logger().warn(opened.madePrivate);
  logger().info(`Embedded database at ${configuredDataDir()}${describePrepared(opened)}`);
  return { ...opened, stopCommands: serveOperatorCommands(opened.pglite, opened.location) };
}

// A failed open is not remembered: /healthz reports 503 and a later request retries.
const appDatabase = memoiseInProcess("__makervoltDatabase", openAndReport);

export async function getDatabase(): Promise<Database> {
  return (await appDatabase()).db;
}

/** Closes the process's database if it was opened, cleanly: the next start needs no recovery. */
export async function closeDatabase(): Promise<void> {
  await closeIfOpened(appDatabase, async (opened) => {
    await opened.stopCommands();
    await opened.close();
  });
}
