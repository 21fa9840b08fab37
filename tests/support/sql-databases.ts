import { randomBytes } from "node:crypto";
import path from "node:path";

import pg from "pg";

import { openDatabase } from "~/backends/embedded/database.server";
import { openPostgres } from "~/backends/postgres/database.server";
import type { Prepared } from "~/backends/sql/schema.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";

import { startPostgres } from "./postgres-server";

/**
 * The two drivers under the SQL backend (ADR 016), for tests that must hold on both: the embedded
 * PGlite database in memory, and a real PostgreSQL server started for the test file (one server
 * per file, one new database per call).
 *
 *   describe.each(SQL_DRIVERS)("on %s", (driver) => { ... openTestDatabase(driver) ... });
 *   afterAll(stopTestPostgres);
 */

export const SQL_DRIVERS = ["PGlite", "PostgreSQL"] as const;
export type SqlDriver = (typeof SQL_DRIVERS)[number];

export interface TestDatabase extends Prepared {
  db: SqlClient;
  /** Closes the connection (and drops a PostgreSQL test database). */
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  supabaseDir?: string;
  seed?: boolean;
}

let server: ReturnType<typeof startPostgres> | undefined;

/** The file's PostgreSQL server, started on first use. */
export function testPostgres(): ReturnType<typeof startPostgres> {
  server ??= startPostgres();
  return server;
}

/** Stops the file's PostgreSQL server if one was started (an afterAll of the test file). */
export async function stopTestPostgres(): Promise<void> {
  const started = server;
  server = undefined;
  await (await started?.catch(() => null))?.stop();
}

/** A new, empty PostgreSQL database on the file's server; dropped by the returned function. */
export async function newPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const { url } = await testPostgres();
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    url: databaseUrl.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A fresh database on `driver`, prepared from `supabaseDir` (default ./supabase) like the app's. */
export async function openTestDatabase(driver: SqlDriver, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const supabaseDir = options.supabaseDir ?? path.resolve("supabase");
  const seed = options.seed ?? true;
  if (driver === "PGlite") return openDatabase({ dataDir: "memory://", supabaseDir, seed });
  const database = await newPostgresDatabase();
  try {
    const opened = await openPostgres({
      url: database.url,
      poolSize: 5,
      statementTimeoutMs: 10_000,
      supabaseDir,
      seed,
    });
    return {
      ...opened,
      async close() {
        await opened.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
