/**
 * Rebuilds the embedded database's DATA_DIR from a backup (docs/operations.md#backups):
 *
 *   npm run db:restore -- FILE [--replace]
 *
 * The backup is unpacked beside DATA_DIR and opened once there (PostgreSQL replays its log, and
 * migrations newer than the backup run), and only then put in DATA_DIR's place. A DATA_DIR that
 * already holds something is replaced only with --replace, and only while no server uses it; it is
 * moved aside (DATA_DIR.replaced-<time>), never deleted.
 */
import { existsSync, readdirSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";

import { unpackBackup } from "~/backends/embedded/backup.server";
import { lockDataDir } from "~/backends/embedded/data-dir-lock.server";
import { openDatabase } from "~/backends/embedded/database.server";
import { configuredDatabase } from "~/backends/index.server";
import { rowCounts } from "~/backends/sql/row-counts.server";

import { fail, parseCommandLine, persistedDataDir } from "./operator/command-line";

const USAGE = `Usage: npm run db:restore -- FILE [--replace]

Rebuilds the embedded database's DATA_DIR from a backup made by npm run db:backup, while the shop is
stopped (docs/operations.md#backups).

  FILE       a makervolt-<time>.tar.gz backup
  --replace  move a DATA_DIR that already holds a database aside (DATA_DIR.replaced-<time>) first
  --help     this text`;

async function main() {
  const line = parseCommandLine(process.argv.slice(2), { valued: [], flags: ["replace"], usage: USAGE });
  const file = line.positional[0];
  if (!file || line.positional.length > 1) fail(USAGE);
  if (configuredDatabase() !== "embedded")
    fail(
      "db:restore rebuilds the embedded database; a PostgreSQL server is restored with pg_restore (docs/operations.md#backups).",
    );
  if (!existsSync(file)) fail(`${file} does not exist.`, 1);

  const dataDir = path.resolve(persistedDataDir());
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (occupied && !line.flags.has("replace"))
    fail(
      `DATA_DIR ${dataDir} is not empty. Stop the shop, then run again with --replace: ` +
        "what is there now is moved aside, not deleted.",
      1,
    );

  // Refused before anything is unpacked: a server still running leaves nothing behind.
  if (occupied) await refuseWhileInUse(dataDir);

  const staging = `${dataDir}.restoring-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    await unpackBackup(path.resolve(file), staging);
    const opened = await openDatabase({ dataDir: staging, seed: false });
    const counts = await rowCounts(opened.db);
    await opened.close();

    if (occupied) {
      // Asked again: a server may have started while the backup was unpacked.
      (await lockDataDir(dataDir))();
      const aside = `${dataDir}.replaced-${new Date().toISOString().replaceAll(":", "-")}`;
      await rename(dataDir, aside);
      console.log(`Moved what was in DATA_DIR aside to ${aside}.`);
    }
    await rename(staging, dataDir);
    console.log(
      `Restored ${dataDir} from ${file}: ${counts.products} products, ${counts.accounts} accounts, ` +
        `${counts.sessions} sessions. Start the shop.`,
    );
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    fail(error instanceof Error ? error.message : String(error), 1);
  }
}

/** Taking the lock proves no server uses DATA_DIR; it is let go at once. */
async function refuseWhileInUse(dataDir: string): Promise<void> {
  try {
    (await lockDataDir(dataDir))();
  } catch (error) {
    fail((error as Error).message, 1);
  }
}

void main();
