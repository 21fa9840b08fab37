import path from "node:path";

import pg from "pg";

import { describePrepared, type Prepared, prepareDatabase } from "~/backends/sql/schema.server";
import type { SqlClient, SqlQueries } from "~/backends/sql/sql-client.server";
import { getConfig } from "~/config.server";
import { logger } from "~/lib/log.server";
import { closeIfOpened, memoiseInProcess } from "~/lib/memoise-promise.server";
import { appCounter, appGauge } from "~/lib/metrics.server";
import { StartupError } from "~/lib/startup-error.server";

// A PostgreSQL server (DATABASE_URL) through a node-postgres pool: the same SQL as embedded (ADR 016).

export interface PostgresOptions {
  url: string;
  poolSize: number;
  /** Plus a quarter of a second, also the longest wait for a connection or an answer (docs/configuration.md). */
  statementTimeoutMs: number;
  /** Default: ./supabase. */
  supabaseDir?: string;
  seed?: boolean;
}

const openPools = new Set<pg.Pool>();

appGauge({
  name: "makervolt_database_connections",
  help: "Connections to the PostgreSQL server (DATABASE_URL): open in the pool, idle in it, and requests waiting for one.",
  labelNames: ["state"],
  collect() {
    const sum = (count: (pool: pg.Pool) => number) => [...openPools].reduce((total, pool) => total + count(pool), 0);
    this.set(
      { state: "total" },
      sum((pool) => pool.totalCount),
    );
    this.set(
      { state: "idle" },
      sum((pool) => pool.idleCount),
    );
    this.set(
      { state: "waiting" },
      sum((pool) => pool.waitingCount),
    );
  },
});

const timeouts = appCounter({
  name: "makervolt_database_timeouts_total",
  help: "Database operations given up on: a statement past DATABASE_STATEMENT_TIMEOUT_MS, no connection in time, or no answer in time.",
  labelNames: ["kind"],
});

/** Counts `error` when it is one of the time-outs set in poolFor; returns it, to be thrown. */
function countTimeout(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  if (code === "57014") timeouts.inc({ kind: "statement" });
  else if (/timeout exceeded when trying to connect/i.test(message)) timeouts.inc({ kind: "connect" });
  else if (/query read timeout/i.test(message)) timeouts.inc({ kind: "answer" });
  return error;
}

/** SqlClient over a node-postgres pool: each transaction holds one connection from BEGIN to COMMIT. */
export class PostgresClient implements SqlClient {
  constructor(readonly pool: pg.Pool) {}

  async query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }> {
    const result = await this.pool.query(sql, params).catch((error: unknown) => Promise.reject(countTimeout(error)));
    return { rows: result.rows as Row[] };
  }

  async exec(sql: string): Promise<void> {
    // Without parameters node-postgres uses the simple protocol, which runs several statements.
    await this.pool.query(sql).catch((error: unknown) => Promise.reject(countTimeout(error)));
  }

  async transaction<T>(body: (tx: SqlQueries) => Promise<T>): Promise<T> {
    const connection = await this.pool.connect().catch((error: unknown) => Promise.reject(countTimeout(error)));
    // A connection that failed underneath is closed, not handed on: that also ends its transaction on the server.
    let broken: Error | undefined;
    const run = async (sql: string, params?: unknown[]) => {
      try {
        return await connection.query(sql, params);
      } catch (error) {
        if (!isSqlError(error)) broken = error as Error;
        throw countTimeout(error);
      }
    };
    try {
      await run("begin");
      const result = await body({
        query: async <Row>(sql: string, params?: unknown[]) => ({ rows: (await run(sql, params)).rows as Row[] }),
        exec: (sql: string) => run(sql),
      });
      await run("commit");
      return result;
    } catch (error) {
      // Waiting for a rollback on a connection that just timed out would double the wait.
      if (!broken) await run("rollback").catch(() => {});
      throw error;
    } finally {
      connection.release(broken);
    }
  }

  close(): Promise<void> {
    openPools.delete(this.pool);
    return this.pool.end();
  }
}

/** An error PostgreSQL answered with (it has a SQLSTATE), as opposed to one of the connection's. */
function isSqlError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
}

export function redactedUrl(url: string): string {
  return url.replace(/\/\/([^/@:]*):[^/@]*@/, "//$1:…@");
}

function poolFor(options: PostgresOptions, max: number, timeouts: boolean): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max,
    application_name: "makervolt",
    ...(timeouts && {
      connectionTimeoutMillis: options.statementTimeoutMs + 250,
      statement_timeout: options.statementTimeoutMs,
      query_timeout: options.statementTimeoutMs + 250,
      idle_in_transaction_session_timeout: options.statementTimeoutMs * 2,
    }),
  });
  // Without a listener, an idle connection the server drops (a restart) would end the process.
  pool.on("error", (error) => logger().error({ err: error }, "A PostgreSQL connection failed while idle"));
  openPools.add(pool);
  return pool;
}

export interface OpenedPostgres extends Prepared {
  db: PostgresClient;
  close(): Promise<void>;
}

/**
 * Prepares the database (ADR 016) on one connection without time-outs, since a migration may take a while, then
 * opens the app's pool; a StartupError naming the URL without its password when it cannot.
 */
export async function openPostgres(options: PostgresOptions): Promise<OpenedPostgres> {
  const setup = new PostgresClient(poolFor(options, 1, false));
  let prepared: Prepared;
  try {
    prepared = await prepareDatabase(setup, {
      supabaseDir: options.supabaseDir ?? path.resolve(process.cwd(), "supabase"),
      seed: options.seed !== false,
    });
  } catch (error) {
    throw error instanceof StartupError
      ? error
      : new StartupError(
          `The PostgreSQL server at ${redactedUrl(options.url)} could not be prepared: ${(error as Error).message}`,
          { cause: error },
        );
  } finally {
    await setup.close();
  }
  const db = new PostgresClient(poolFor(options, options.poolSize, true));
  return { db, close: () => db.close(), ...prepared };
}

function configuredOptions(): PostgresOptions {
  const { postgres } = getConfig();
  if (!postgres) throw new Error("DATABASE_URL is not set");
  return postgres;
}

async function openAndReport(): Promise<OpenedPostgres> {
  const options = configuredOptions();
  const opened = await openPostgres(options);
  logger().info(
    `PostgreSQL server at ${redactedUrl(options.url)} (pool of ${options.poolSize})${describePrepared(opened)}`,
  );
  return opened;
}

const appPostgres = memoiseInProcess("__makervoltPostgres", openAndReport);

export async function getPostgres(): Promise<PostgresClient> {
  return (await appPostgres()).db;
}

export async function closePostgres(): Promise<void> {
  await closeIfOpened(appPostgres, (opened) => opened.close());
}
