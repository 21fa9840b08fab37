import { chmod, copyFile, lstat, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";

import { makeOwnerOnlyDirectory, restrictToOwner } from "~/lib/owner-only-files.server";

// A gzipped tar of DATA_DIR as a crash at one instant would leave it, copied twice as rsync would (the second pass
// under PGlite's locks), while the shop runs (ADR 028); as secret as DATA_DIR itself (ADR 033).

const BACKUP_NAME = /^makervolt-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.tar\.gz$/;

function isLockFile(name: string): boolean {
  return name.startsWith("makervolt.lock");
}

interface CopiedFile {
  mtimeNs: bigint;
  size: bigint;
}

/** A file modified this recently may have changed again within a coarse clock's tick: copied again regardless. */
const RECENT_NS = 2_000_000_000n;

/** Copies what changed since `copied` from `from` (lock files left out) into `to`; resolves to the next `copied`. */
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
  pausedMs: number;
}

function backupName(now: Date): string {
  return `makervolt-${now.toISOString().replaceAll(":", "-")}.tar.gz`;
}

export async function backUp(db: PGlite, dataDir: string, backupDir: string, keep: number = Infinity): Promise<Backup> {
  makeOwnerOnlyDirectory(backupDir);
  const name = backupName(new Date());
  const staging = path.join(backupDir, `.${name}.files`);
  const partial = path.join(backupDir, `.${name}.partial`);
  try {
    await db.exec("checkpoint");
    // Not `recursive`: a folder of that name someone else made first fails the backup, unused.
    await mkdir(staging, { mode: 0o700 });
    const copied = await copyChanged(dataDir, staging, new Map());
    const pauseStarted = performance.now();
    // The transaction lock first, as PGlite's transactions take them: one under way finishes before the copy.
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

const ENTRY_KINDS: Record<string, string> = {
  SymbolicLink: "a symbolic link",
  Link: "a hard link",
  CharacterDevice: "a character device",
  BlockDevice: "a block device",
  FIFO: "a FIFO",
};

function isFileOrFolder(type: string): boolean {
  return type === "File" || type === "OldFile" || type === "Directory";
}

/** Unpacks a backup that holds files and folders only, and PG_VERSION; a link is refused, not skipped (ADR 033). */
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
  makeOwnerOnlyDirectory(dir);
  // Files and folders only again, should the file have changed since it was read.
  await tar.extract({
    file,
    cwd: dir,
    strict: true,
    filter: (entryPath, entry) =>
      "type" in entry && isFileOrFolder(entry.type) && !isLockFile(path.basename(entryPath)),
  });
  restrictToOwner(dir);
}
