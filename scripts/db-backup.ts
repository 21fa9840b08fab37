/**
 * A backup of the embedded database now (docs/operations.md#backups):
 *
 *   npm run db:backup [-- --to DIR]
 *
 * While the shop runs, the running server takes it, without stopping (ADR 028); with no server
 * running, this command opens DATA_DIR and takes it itself. Into BACKUP_DIR (keeping the newest
 * BACKUP_KEEP there, as the schedule does), or DATA_DIR-backups beside DATA_DIR when BACKUP_DIR is
 * unset, or the directory given with --to (keeping them all). A PostgreSQL server is backed up
 * with pg_dump; hosted Supabase backs its projects up itself.
 */
import { copyFile, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";

import { backUp } from "~/backends/embedded/backup.server";
import { holdsNoCluster } from "~/backends/embedded/new-cluster.server";
import { configuredDatabase } from "~/backends/index.server";
import { getConfig } from "~/config.server";

import { fail, onEmbeddedDatabase, parseCommandLine, persistedDataDir } from "./operator/command-line";

const USAGE = `Usage: npm run db:backup [-- --to DIR]

Backs up the embedded database (DATA_DIR) now, whether the shop runs or not (docs/operations.md#backups).

  (no option)  into BACKUP_DIR, keeping the newest BACKUP_KEEP; without BACKUP_DIR into DATA_DIR-backups
  --to DIR     into DIR, written by this command (the running server may not write there), nothing removed
  --help       this text`;

/** Where backups go when BACKUP_DIR is unset: beside DATA_DIR, so inside whatever holds it. */
function besideDataDir(dataDir: string): string {
  return `${path.resolve(dataDir)}-backups`;
}

/** Moves `file` into `dir` (another file system too): this command writes there, not the server. */
async function moveInto(file: string, dir: string): Promise<string> {
  const moved = path.join(dir, path.basename(file));
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await rename(file, moved).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "EXDEV") throw error;
      await copyFile(file, moved);
      await rm(file);
    });
  } catch (error) {
    fail(`The backup was taken, but it could not be moved into ${dir}: ${(error as Error).message}. It is ${file}.`, 1);
  }
  return moved;
}

async function main() {
  const line = parseCommandLine(process.argv.slice(2), { valued: ["to"], flags: [], usage: USAGE });
  if (line.positional.length > 0) fail(USAGE);
  const backend = configuredDatabase();
  if (backend === "postgres")
    fail("A PostgreSQL server is backed up with pg_dump: docs/operations.md#backups says how.");
  if (backend === "supabase")
    fail(
      "Hosted Supabase backs up its projects itself (the dashboard's Database, Backups): docs/operations.md#backups.",
    );

  const { backups } = getConfig();
  const dataDir = persistedDataDir();
  const to = line.options.get("to");
  const own = path.resolve(backups?.dir ?? besideDataDir(dataDir));
  if (holdsNoCluster(path.resolve(dataDir))) fail(`DATA_DIR ${dataDir} holds no database to back up.`, 1);

  const { file, bytes, by } = await onEmbeddedDatabase(
    // The server writes where it may (under systemd, ReadWritePaths): its backups directory. A
    // directory named, it keeps everything there; none, it keeps its own BACKUP_KEEP.
    { command: "backup", ...(to || !backups ? { dir: own } : {}) },
    (reply) => ({ file: reply.file as string, bytes: reply.bytes as number, by: "the running server" }),
    async (opened) => ({
      ...(await backUp(opened.pglite, opened.location, to ? path.resolve(to) : own, to ? Infinity : backups?.keep)),
      by: "this command",
    }),
  );
  const kept = to && path.dirname(file) !== path.resolve(to) ? await moveInto(file, path.resolve(to)) : file;
  console.log(`Backed up the database to ${kept} (${(bytes / 1024 / 1024).toFixed(1)} MB, taken by ${by}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
