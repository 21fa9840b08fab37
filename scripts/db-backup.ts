/**
 * A backup of the embedded database now (docs/operations.md#backups):
 *
 *   npm run db:backup [-- --to DIR]
 *
 * While the shop runs, the running server takes it, without stopping (ADR 028); with no server
 * running, this command opens DATA_DIR and takes it itself. Into BACKUP_DIR (keeping the newest
 * BACKUP_KEEP there, as the schedule does) or the directory given with --to (keeping them all).
 * A PostgreSQL server is backed up with pg_dump; hosted Supabase backs its projects up itself.
 */
import path from "node:path";

import { getConfig } from "~/config.server";
import { configuredDatabase } from "~/backends/index.server";
import { backUp } from "~/backends/embedded/backup.server";
import { holdsNoCluster } from "~/backends/embedded/new-cluster.server";

import { fail, onEmbeddedDatabase, parseCommandLine, persistedDataDir } from "./operator/command-line";

async function main() {
  const line = parseCommandLine(process.argv.slice(2), { valued: ["to"], flags: [] });
  if (line.positional.length > 0) fail("Usage: npm run db:backup [-- --to DIR]");
  const backend = configuredDatabase();
  if (backend === "postgres")
    fail("A PostgreSQL server is backed up with pg_dump: docs/operations.md#backups says how.");
  if (backend === "supabase")
    fail(
      "Hosted Supabase backs up its projects itself (the dashboard's Database, Backups): docs/operations.md#backups.",
    );

  const { backups } = getConfig();
  const to = line.options.get("to");
  const dir = to ?? backups?.dir;
  if (!dir)
    fail("Where to? Set BACKUP_DIR (docs/operations.md#backups), or name a directory: npm run db:backup -- --to DIR");
  const keep = to ? Infinity : (backups?.keep ?? Infinity);
  if (holdsNoCluster(path.resolve(persistedDataDir())))
    fail(`DATA_DIR ${persistedDataDir()} holds no database to back up.`, 1);

  const { file, bytes, by } = await onEmbeddedDatabase(
    // Only --to travels: without it the server uses its own BACKUP_DIR and BACKUP_KEEP.
    { command: "backup", ...(to ? { dir: path.resolve(to) } : {}) },
    (reply) => ({ file: reply.file as string, bytes: reply.bytes as number, by: "the running server" }),
    async (opened) => ({
      ...(await backUp(opened.pglite, opened.location, path.resolve(dir), keep)),
      by: "this command",
    }),
  );
  console.log(`Backed up the database to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, taken by ${by}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
