/**
 * What the operator's commands (`npm run catalogue`, `db:backup`, `db:restore`) share: their
 * command line, their way of failing, and how they reach the database (docs/operations.md).
 */
import { askRunningServer, type ControlReply, type ControlRequest } from "~/backends/embedded/control-socket.server";
import { MEMORY_DATA_DIR, openDatabase, type OpenedDatabase } from "~/backends/embedded/database.server";
import { openPostgres } from "~/backends/postgres/database.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";
import { getConfig } from "~/config.server";
import { createOwnerOnlyFiles } from "~/lib/owner-only-files.server";

// Before the command creates anything: DATA_DIR, backups, a catalogue file (docs/deploy.md#the-shops-files).
createOwnerOnlyFiles();

export interface CommandLine {
  positional: string[];
  /** `--name value` or `--name=value`. */
  options: Map<string, string>;
  /** `--name` alone. */
  flags: Set<string>;
}

/** Says what is wrong on standard error and exits: 2 for a wrong command line or setting, 1 for a failure. */
export function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** Prints `usage` and exits 0: what `--help` (or `-h`) answers, before anything else is looked at. */
export function answerHelp(argv: string[], usage: string): void {
  if (!argv.some((argument) => argument === "--help" || argument === "-h")) return;
  console.log(usage);
  process.exit(0);
}

export function parseCommandLine(
  argv: string[],
  known: { valued: string[]; flags: string[]; usage: string },
): CommandLine {
  answerHelp(argv, known.usage);
  const line: CommandLine = { positional: [], options: new Map(), flags: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i]!;
    if (argument === "--") continue;
    if (!argument.startsWith("--")) {
      line.positional.push(argument);
      continue;
    }
    const [name, inline] = argument.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (known.flags.includes(name) && inline === undefined) line.flags.add(name);
    else if (known.valued.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) fail(`--${name} needs a value.`);
      line.options.set(name, value);
    } else fail(`Unknown option --${name}.\n\n${known.usage}`);
  }
  return line;
}

/** DATA_DIR, refused when it is `memory://` (nothing to keep, nothing another process could reach). */
export function persistedDataDir(): string {
  const { dataDir } = getConfig();
  if (dataDir.startsWith(MEMORY_DATA_DIR))
    fail("DATA_DIR is memory://: that database lives only inside its server. Set DATA_DIR to the shop's folder.");
  return dataDir;
}

/**
 * Runs a command on the embedded database: asks the server running on DATA_DIR (`request`, its
 * reply read by `fromReply`), or, when none runs, opens DATA_DIR itself and runs `direct`.
 */
export async function onEmbeddedDatabase<T>(
  request: ControlRequest,
  fromReply: (reply: ControlReply & { ok: true }) => T,
  direct: (opened: OpenedDatabase) => Promise<T>,
): Promise<T> {
  const dataDir = persistedDataDir();
  const reply = await askRunningServer(dataDir, request);
  if (reply) return reply.ok ? fromReply(reply) : fail(reply.message, 1);
  const opened = await openDatabase({ dataDir }).catch((error: Error) => fail(error.message, 1));
  if (opened.madePrivate) console.error(opened.madePrivate);
  try {
    return await direct(opened);
  } finally {
    await opened.close();
  }
}

/**
 * Runs a command on the shop's SQL database: the PostgreSQL server at DATABASE_URL, or the
 * embedded one (onEmbeddedDatabase).
 */
export async function withSqlDatabase<T>(
  request: ControlRequest,
  fromReply: (reply: ControlReply & { ok: true }) => T,
  direct: (db: SqlClient) => Promise<T>,
): Promise<T> {
  const { postgres } = getConfig();
  if (!postgres) return onEmbeddedDatabase(request, fromReply, (opened) => direct(opened.db));
  // One connection, and time for a whole catalogue: this is not a shopper's page.
  const opened = await openPostgres({ ...postgres, poolSize: 1, statementTimeoutMs: 600_000 }).catch((error: Error) =>
    fail(error.message, 1),
  );
  try {
    return await direct(opened.db);
  } finally {
    await opened.close();
  }
}
