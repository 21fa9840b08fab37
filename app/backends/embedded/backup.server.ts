import { chmod, copyFile, lstat, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";

import { restrictToOwner } from "~/lib/owner-only-files.server";

/**
 * Backups of the embedded database while the shop runs (ADR 028, docs/operations.md#backups).
 *
 * A backup is a gzipped tar of DATA_DIR as it is at one instant when no statement runs: the files
 * a crash at that instant would have left, which PostgreSQL opens by replaying its write-ahead log,
 * so everything committed before the backup began is in it and nothing half-written is. PGlite runs
 * one statement at a time in this process, so holding its locks keeps every statement and
 * transaction out. Copying all of DATA_DIR under them took 0.6-1.1 s at 10,000 products (100 MB),
 * during which no shopper could sign in; so the files are copied twice, as rsync would: first while
 * the shop runs (a torn copy), then, under the locks, again only those changed since or changed
 * just before (the log's current segment, a few tables' pages). The copy goes to a directory beside
 * the backup and is compressed after the locks are let go.
 *
 * PGlite's own `dumpDataDir` does the same copy but fails on the lock's socket in DATA_DIR (a file
 * it cannot read), and the lock's file and socket must not be restored anyway.
 *
 * DATA_DIR's `session-secret` is in the backup (a restored shop keeps its shoppers signed in), so
 * backups are as secret as DATA_DIR: a new backup directory, the copy being made and the archive
 * are all their owner's alone (0700 and 0600), whatever the umask or BACKUP_DIR's own mode.
 */

/** A backup's file name: `makervolt-2026-11-26T21-40-00.123Z.tar.gz`, so names sort by time. */
const BACKUP_NAME = /^makervolt-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.tar\.gz$/;

/** The lock and its socket belong to the server that made the backup, not to a restored one. */
function isLockFile(name: string): boolean {
  return name.startsWith("makervolt.lock");
}

/** What a file was when it was copied: its modification time (nanoseconds) and size. */
interface CopiedFile {
  mtimeNs: bigint;
  size: bigint;
}

/**
 * A file modified this recently before its copy could have changed again within the same tick of
 * a coarse file-system clock without its time showing it: it is copied again regardless.
 */
const RECENT_NS = 2_000_000_000n;

/**
 * Copies the files of `from` (lock files left out) into `to`, except those `copied` already holds
 * unchanged; removes from `to` what `from` no longer has. Resolves to what it copied, as `copied`
 * for the next pass.
 */
async function copyChanged(
  from: string,
  to: string,
  copied: ReadonlyMap<string, CopiedFile>,
): Promise<Map<string, CopiedFile>> {
  const now = BigInt(Date.now()) * 1_000_000n;
  const seen = new Map<string, CopiedFile>();
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    const source = path.join(entry.parentPath, entry.name);
    const relative = path.relative(from, source);
    // PostgreSQL needs its empty directories too (pg_notify, pg_tblspc, ...).
    if (entry.isDirectory()) await mkdir(path.join(to, relative), { recursive: true, mode: 0o700 });
    if (!entry.isFile() || isLockFile(entry.name)) continue;
    const { mtimeNs, size } = await lstat(source, { bigint: true });
    const before = copied.get(relative);
    seen.set(relative, { mtimeNs, size });
    if (before && before.mtimeNs === mtimeNs && before.size === size && now - mtimeNs > RECENT_NS) continue;
    await mkdir(path.dirname(path.join(to, relative)), { recursive: true, mode: 0o700 });
    await copyFile(source, path.join(to, relative));
    // A copy takes its source's mode, and PGlite writes some files 0666 (database.server.ts).
    await chmod(path.join(to, relative), 0o600);
  }
  for (const relative of copied.keys()) if (!seen.has(relative)) await rm(path.join(to, relative), { force: true });
  return seen;
}

export interface Backup {
  file: string;
  bytes: number;
  /** How long statements waited while the files were copied. */
  pausedMs: number;
}

function backupName(now: Date): string {
  return `makervolt-${now.toISOString().replaceAll(":", "-")}.tar.gz`;
}

/**
 * Backs up the open database `db`, whose files are in `dataDir`, into `backupDir` (created if
 * needed), then keeps only the newest `keep` backups there. Resolves to the new backup.
 */
export async function backUp(db: PGlite, dataDir: string, backupDir: string, keep: number = Infinity): Promise<Backup> {
  await mkdir(backupDir, { recursive: true, mode: 0o700 });
  const name = backupName(new Date());
  const staging = path.join(backupDir, `.${name}.files`);
  const partial = path.join(backupDir, `.${name}.partial`);
  try {
    // Written-back buffers make the copy smaller to replay; it is not needed for correctness.
    await db.exec("checkpoint");
    // Before anything is copied into it: in a BACKUP_DIR others can list, they must not enter this.
    // Not `recursive`: a folder of that name someone else made first fails the backup, unused.
    await mkdir(staging, { mode: 0o700 });
    const copied = await copyChanged(dataDir, staging, new Map());
    const pauseStarted = performance.now();
    // The transaction lock first, as PGlite's own transactions take them: a transaction under way
    // finishes before the copy, and no statement runs during it.
    await db._runExclusiveTransaction(() => db._runExclusiveQuery(() => copyChanged(dataDir, staging, copied)));
    const pausedMs = performance.now() - pauseStarted;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true, mode: 0o600 }, ["."]);
    const file = path.join(backupDir, name);
    await rename(partial, file);
    await removeOldBackups(backupDir, keep);
    return { file, bytes: (await stat(file)).size, pausedMs };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** The backups in `backupDir`, oldest first. */
async function listBackups(backupDir: string): Promise<string[]> {
  const names = await readdir(backupDir).catch(() => []);
  return names
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .map((name) => path.join(backupDir, name));
}

async function removeOldBackups(backupDir: string, keep: number): Promise<void> {
  const backups = await listBackups(backupDir);
  for (const file of backups.slice(0, Math.max(0, backups.length - keep))) await rm(file, { force: true });
}

/** What a tar entry is, for an operator, by node-tar's names of its types. */
const ENTRY_KINDS: Record<string, string> = {
  SymbolicLink: "a symbolic link",
  Link: "a hard link",
  CharacterDevice: "a character device",
  BlockDevice: "a block device",
  FIFO: "a FIFO",
};

/** Files and folders: all a backup holds (backUp copies nothing else), so all a restore writes. */
function isFileOrFolder(type: string): boolean {
  return type === "File" || type === "OldFile" || type === "Directory";
}

/**
 * Unpacks `file` into `dir` (new or empty), checking first that it is a backup of a database:
 * a tar of files and folders only, whose entries stay inside it and which holds PG_VERSION. Throws
 * with what is wrong, naming the entry.
 *
 * A link in a backup is refused, not skipped: no backup of ours has one, so one means the file was
 * made by someone else, and node-tar checks only a link's own target, not where it leads through
 * links unpacked before it (`y -> ../..`, then `x -> y/../elsewhere`), which PostgreSQL would then
 * write through. Devices and FIFOs likewise.
 */
export async function unpackBackup(file: string, dir: string): Promise<void> {
  let holdsCluster = false;
  let foreign: string | null = null;
  try {
    await tar.list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.path.replace(/^\.\//, "") === "PG_VERSION") holdsCluster = true;
        if (!isFileOrFolder(entry.type))
          foreign ??= `${entry.path} is ${ENTRY_KINDS[entry.type] ?? `of type ${entry.type}`}`;
      },
    });
  } catch (error) {
    throw new Error(`${file} is not a MakerVolt backup (not a readable .tar.gz): ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (foreign)
    throw new Error(`${file} is not a MakerVolt backup: ${foreign}, and a backup holds only files and folders.`);
  if (!holdsCluster) throw new Error(`${file} is not a MakerVolt backup: it holds no database (no PG_VERSION).`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // strict: a damaged entry fails the restore; tar refuses paths that leave `dir` by itself. Only
  // files and folders again, should the file have changed since it was read above.
  await tar.extract({
    file,
    cwd: dir,
    strict: true,
    filter: (entryPath, entry) =>
      "type" in entry && isFileOrFolder(entry.type) && !isLockFile(path.basename(entryPath)),
  });
  // The modes in the tar are whatever its maker wrote.
  restrictToOwner(dir);
}
