import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";

import { catalogueChanged } from "~/backends/catalogue-changes.server";
import { exportCatalogue, importCatalogueFile, setWithdrawn } from "~/backends/sql/catalogue.server";
import { type Config, getConfig } from "~/config.server";
import { logger } from "~/lib/log.server";
import { appCounter, appGauge } from "~/lib/metrics.server";

import { type Backup, backUp } from "./backup.server";
import { type ControlReply, type ControlRequest, setControlHandler } from "./control-socket.server";

// What the running server does for its operator over the control socket: backups, the catalogue (ADR 028).

const backupsTaken = appCounter({
  name: "makervolt_backups_total",
  help: "Backups of the embedded database, by outcome.",
  labelNames: ["outcome"] as const,
});

// Both outcomes from the first scrape, at 0: an alert on `failed` growing needs the series to exist.
for (const outcome of ["done", "failed"]) backupsTaken.inc({ outcome }, 0);

const lastBackup = appGauge({
  name: "makervolt_backup_last_success_timestamp_seconds",
  help: "When the last backup of the embedded database that succeeded finished (Unix time); 0 before the first.",
});

const PUBLIC_DIR = path.resolve("public");

/** One backup at a time; one asked for while another runs gets its own after, begun after the request. */
function serialise<T>(task: () => Promise<T>, previous: { current: Promise<unknown> }): Promise<T> {
  const next = previous.current.catch(() => {}).then(task);
  previous.current = next;
  return next;
}

/** Serves the commands for `db` in `dataDir` and its backup schedule; returns what stops both. */
export function serveOperatorCommands(
  db: PGlite,
  dataDir: string,
  backups: Config["backups"] = getConfig().backups,
): () => Promise<void> {
  const queue = { current: Promise.resolve() as Promise<unknown> };

  const backUpInto = (dir: string, keep?: number) =>
    serialise(async (): Promise<Backup> => {
      try {
        const backup = await backUp(db, dataDir, dir, keep);
        backupsTaken.inc({ outcome: "done" });
        lastBackup.set(Date.now() / 1000);
        logger().info(
          { file: backup.file, bytes: backup.bytes, pausedMs: Math.round(backup.pausedMs) },
          `Backed up the database to ${backup.file}`,
        );
        return backup;
      } catch (error) {
        backupsTaken.inc({ outcome: "failed" });
        logger().error({ err: error }, `The backup into ${dir} failed`);
        throw error;
      }
    }, queue);

  const handle = async (request: ControlRequest): Promise<ControlReply> => {
    switch (request.command) {
      case "backup": {
        const dir = request.dir ?? backups?.dir;
        if (!dir)
          return {
            ok: false,
            message:
              "The server has no BACKUP_DIR: set it (docs/operations.md#backups), or name a directory with --to.",
          };
        const keep = request.dir ? undefined : backups?.keep;
        const backup = await backUpInto(path.resolve(dir), keep);
        return { ok: true, file: backup.file, bytes: backup.bytes };
      }
      case "catalogue-export":
        return { ok: true, records: await exportCatalogue(db) };
      case "catalogue-import": {
        const result = await importCatalogueFile(db, request.text, request.format, {
          dryRun: request.dryRun,
          publicDir: PUBLIC_DIR,
        });
        if (result.summary && !request.dryRun) {
          // Pages and cached reads show the new catalogue from the next request on.
          catalogueChanged();
          const { products, added, changed, unchanged } = result.summary;
          logger().info({ products, added, changed, unchanged }, "Imported the catalogue");
        }
        return { ok: true, ...result };
      }
      case "catalogue-withdraw": {
        const result = await setWithdrawn(db, request.ids, request.withdrawn);
        if (result.changed.length > 0) {
          catalogueChanged();
          logger().info(
            { ids: result.changed.map((product) => product.id) },
            request.withdrawn ? "Withdrew products from sale" : "Relisted products",
          );
        }
        return { ok: true, ...result };
      }
      default:
        return { ok: false, message: `Unknown command ${JSON.stringify((request as { command?: unknown }).command)}.` };
    }
  };
  setControlHandler(dataDir, handle);

  let timer: NodeJS.Timeout | null = null;
  if (backups) {
    const dir = path.resolve(backups.dir);
    timer = setInterval(() => void backUpInto(dir, backups.keep).catch(() => {}), backups.intervalMinutes * 60_000);
    // The schedule must not keep a stopping server alive.
    timer.unref();
    logger().info(
      `Backing up the database to ${dir} every ${backups.intervalMinutes} minutes, keeping ${backups.keep}`,
    );
  }

  return async () => {
    setControlHandler(dataDir, null);
    if (timer) clearInterval(timer);
    await queue.current.catch(() => {});
  };
}
