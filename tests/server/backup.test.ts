import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";

import { openDatabase } from "~/backends/embedded/database.server";
import { serveOperatorCommands } from "~/backends/embedded/operator-commands.server";
import type { SqlQueries } from "~/backends/sql/sql-client.server";

import { newPostgresDatabase, stopTestPostgres, testPostgres } from "../support/sql-databases";
import { type RunningServer, runScript, startServer, tempDataDir } from "./harness";
import { expectSignedIn, signUpsUntilStopped } from "./sign-ups-until-stopped";

/**
 * Backups and restore (docs/operations.md#backups, ADR 028), on the embedded database and on a
 * PostgreSQL server: a backup taken while shoppers sign up restores every account and session
 * committed before it began, and the catalogue, row for row; the shop on the restored data keeps
 * those shoppers signed in.
 */

const SECRET = "backup-test-secret-0123456789abcdef0123";

afterAll(stopTestPostgres);

/** The whole catalogue, and the accounts and sessions of `emails`, row for row as text. */
async function rowsOf(db: SqlQueries, emails: string[]) {
  const text = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ row: string }>(sql, params)).rows.map((r) => r.row);
  return {
    products: await text("select p::text as row from public.products p order by id"),
    accounts: await text("select u::text as row from auth.users u where email = any($1) order by email", [emails]),
    sessions: await text(
      `select s::text as row from auth.sessions s join auth.users u on u.id = s.user_id
       where u.email = any($1) order by s.id`,
      [emails],
    ),
  };
}

async function embeddedRows(dataDir: string, emails: string[]) {
  const opened = await openDatabase({ dataDir, seed: false });
  try {
    return await rowsOf(opened.db, emails);
  } finally {
    await opened.close();
  }
}

async function postgresRows(url: string, emails: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await rowsOf(
      {
        query: async <Row>(sql: string, params?: unknown[]) => ({
          rows: (await client.query(sql, params)).rows as Row[],
        }),
        exec: (sql: string) => client.query(sql),
      },
      emails,
    );
  } finally {
    await client.end();
  }
}

/** Resolves once `count()` reaches `atLeast`; counted, not timed, so a busy machine only makes it later. */
async function until(what: string, count: () => number, atLeast: number) {
  for (let waited = 0; count() < atLeast; waited += 20) {
    if (waited > 60_000) throw new Error(`${what}: ${count()} of ${atLeast} after a minute`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A shop under sign-ups, with a backup taken in the middle by `backUp`: once three sign-ups are
 * confirmed, and the sign-ups go on until one more is confirmed after the backup ended.
 */
async function backupUnderLoad(server: RunningServer, backUp: () => Promise<void>) {
  const load = signUpsUntilStopped(server, { label: "before" });
  await until("sign-ups confirmed before the backup", () => load.confirmed.length, 3);
  const askedAt = performance.now();
  await backUp();
  const doneAt = performance.now();
  await until(
    "sign-ups confirmed after the backup",
    () => load.confirmed.filter((s) => s.confirmedAt > doneAt).length,
    1,
  );
  const confirmed = await load.stop();
  const before = confirmed.filter((shopper) => shopper.confirmedAt < askedAt);
  const after = confirmed.filter((shopper) => shopper.confirmedAt > askedAt);
  expect(before.length, "sign-ups confirmed before the backup").toBeGreaterThan(2);
  return { before, after };
}

describe("the embedded database", () => {
  it("is backed up while shoppers sign up, and restores with every account, session and product committed before", async () => {
    const data = tempDataDir();
    const backups = tempDataDir();
    const restored = tempDataDir();
    let backupFile = "";
    try {
      const server = await startServer({ dataDir: data.dir, env: { SESSION_SECRET: SECRET } });
      let shoppers: Awaited<ReturnType<typeof backupUnderLoad>>;
      try {
        shoppers = await backupUnderLoad(server, async () => {
          const backup = await runScript("db-backup.ts", ["--to", backups.dir], { DATA_DIR: data.dir });
          expect(backup.stderr).toBe("");
          expect(backup.stdout).toMatch(
            /Backed up the database to .*makervolt-.*\.tar\.gz .*taken by the running server/,
          );
          expect(backup.code).toBe(0);
        });
      } finally {
        expect(await server.stop()).toBe(0);
      }
      const files = readdirSync(backups.dir);
      expect(files).toEqual([expect.stringMatching(/^makervolt-.*\.tar\.gz$/)]);
      backupFile = path.join(backups.dir, files[0]!);

      const restore = await runScript("db-restore.ts", [backupFile], { DATA_DIR: restored.dir });
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(/Restored .* 72 products, \d+ accounts, \d+ sessions/);

      const emails = shoppers.before.map((shopper) => shopper.email);
      const original = await embeddedRows(data.dir, emails);
      const back = await embeddedRows(restored.dir, emails);
      expect(back.products).toEqual(original.products);
      expect(back.accounts).toHaveLength(emails.length);
      expect(back.accounts).toEqual(original.accounts);
      expect(back.sessions).toEqual(original.sessions);

      const again = await startServer({ dataDir: restored.dir, env: { SESSION_SECRET: SECRET } });
      try {
        await expectSignedIn(again, shoppers.before.slice(0, 3));
      } finally {
        await again.stop();
      }
    } finally {
      data.remove();
      backups.remove();
      restored.remove();
    }
  });

  it("is backed up into BACKUP_DIR by the server, keeping the newest BACKUP_KEEP; with no server the command does it", async () => {
    const data = tempDataDir();
    const backups = tempDataDir();
    try {
      const env = { DATA_DIR: data.dir, BACKUP_DIR: backups.dir, BACKUP_KEEP: "2" };
      const server = await startServer({ dataDir: data.dir, env });
      try {
        for (let i = 0; i < 3; i++) {
          const backup = await runScript("db-backup.ts", [], env);
          expect(backup.stdout).toMatch(/taken by the running server/);
        }
        expect(readdirSync(backups.dir).filter((name) => name.endsWith(".tar.gz"))).toHaveLength(2);
        expect(server.output()).toMatch(/"msg":"Backed up the database to /);
      } finally {
        await server.stop();
      }
      const offline = await runScript("db-backup.ts", [], env);
      expect(offline.stdout).toMatch(/taken by this command/);
      expect(offline.code).toBe(0);
      expect(readdirSync(backups.dir).filter((name) => name.endsWith(".tar.gz"))).toHaveLength(2);
    } finally {
      data.remove();
      backups.remove();
    }
  });

  it("without BACKUP_DIR goes beside DATA_DIR; with --to the command writes the file, where the server may not (systemd)", async () => {
    const data = tempDataDir();
    const offsite = tempDataDir();
    const beside = `${data.dir}-backups`;
    const tarballs = (dir: string) => readdirSync(dir).filter((name) => name.endsWith(".tar.gz"));
    try {
      const env = { DATA_DIR: data.dir };
      // The unit's ProtectSystem=strict: nothing but its ReadWritePaths is the server's to write.
      const server = await startServer({
        dataDir: data.dir,
        ...(process.getuid?.() === 0 ? { readOnlyPaths: [offsite.dir] } : {}),
      });
      try {
        const own = await runScript("db-backup.ts", [], env);
        expect(own.stderr).toBe("");
        expect(own.stdout).toMatch(
          new RegExp(`^Backed up the database to ${beside}/makervolt-.*taken by the running server`),
        );
        expect(tarballs(beside)).toHaveLength(1);

        const away = await runScript("db-backup.ts", ["--to", offsite.dir], env);
        expect(away.stderr).toBe("");
        expect(away.stdout).toMatch(
          new RegExp(`^Backed up the database to ${offsite.dir}/makervolt-.*taken by the running server`),
        );
        expect(tarballs(offsite.dir)).toHaveLength(1);
        // Taken into the server's own directory, then moved: nothing of it is left there.
        expect(tarballs(beside)).toHaveLength(1);
      } finally {
        await server.stop();
      }
    } finally {
      data.remove();
      offsite.remove();
      rmSync(beside, { recursive: true, force: true });
    }
  });

  it("is restored only into an empty DATA_DIR, or with --replace while no server uses it, moving the old one aside", async () => {
    const data = tempDataDir();
    const backups = tempDataDir();
    const junk = path.join(mkdtempSync(path.join(tmpdir(), "makervolt-junk-")), "not-a-backup.tar.gz");
    writeFileSync(junk, "this is not a backup");
    try {
      const env = { DATA_DIR: data.dir };
      const server = await startServer({ dataDir: data.dir });
      const backup = await runScript("db-backup.ts", ["--to", backups.dir], env);
      expect(backup.code).toBe(0);
      const file = path.join(backups.dir, readdirSync(backups.dir)[0]!);

      const occupied = await runScript("db-restore.ts", [file], env);
      expect(occupied.code).toBe(1);
      expect(occupied.stderr).toMatch(/is not empty\. Stop the shop, then run again with --replace/);
      const inUse = await runScript("db-restore.ts", [file, "--replace"], env);
      expect(inUse.code).toBe(1);
      expect(inUse.stderr).toMatch(/in use by another MakerVolt server/);
      // Refused before anything was unpacked: no DATA_DIR.restoring-<pid> left beside it.
      const beside = readdirSync(path.dirname(data.dir)).filter((name) =>
        name.startsWith(`${path.basename(data.dir)}.`),
      );
      expect(beside).toEqual([]);
      await server.stop();

      const notABackup = await runScript("db-restore.ts", [junk, "--replace"], env);
      expect(notABackup.code).toBe(1);
      expect(notABackup.stderr).toMatch(/is not a MakerVolt backup/);

      const replaced = await runScript("db-restore.ts", [file, "--replace"], env);
      expect(replaced.stderr).toBe("");
      expect(replaced.code).toBe(0);
      const aside = /Moved what was in DATA_DIR aside to (\S+)\./.exec(replaced.stdout)?.[1];
      expect(aside && existsSync(path.join(aside, "PG_VERSION"))).toBe(true);
      rmSync(aside!, { recursive: true, force: true });
      expect(existsSync(path.join(data.dir, "PG_VERSION"))).toBe(true);
    } finally {
      data.remove();
      backups.remove();
      rmSync(path.dirname(junk), { recursive: true, force: true });
    }
  });
});

describe("a PostgreSQL server", () => {
  it("is backed up with pg_dump while shoppers sign up and restored with pg_restore, as docs/operations.md says", async () => {
    const { binDir } = await testPostgres();
    const source = await newPostgresDatabase();
    const target = await newPostgresDatabase();
    const dumps = tempDataDir();
    const dump = path.join(dumps.dir, "makervolt.dump");
    const tool = (name: string, args: string[]) =>
      new Promise<void>((resolve, reject) =>
        execFile(path.join(binDir, name), args, (error, _stdout, stderr) =>
          error ? reject(new Error(`${name}: ${stderr}`)) : resolve(),
        ),
      );
    try {
      const server = await startServer({ env: { DATABASE_URL: source.url, SESSION_SECRET: SECRET } });
      let shoppers: Awaited<ReturnType<typeof backupUnderLoad>>;
      try {
        shoppers = await backupUnderLoad(server, () =>
          tool("pg_dump", ["--format=custom", `--file=${dump}`, `--dbname=${source.url}`]),
        );
      } finally {
        await server.stop();
      }
      await tool("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${target.url}`, dump]);

      const emails = shoppers.before.map((shopper) => shopper.email);
      const original = await postgresRows(source.url, emails);
      const back = await postgresRows(target.url, emails);
      expect(back.products).toHaveLength(72);
      expect(back.products).toEqual(original.products);
      expect(back.accounts).toHaveLength(emails.length);
      expect(back.accounts).toEqual(original.accounts);
      expect(back.sessions).toEqual(original.sessions);

      const again = await startServer({ env: { DATABASE_URL: target.url, SESSION_SECRET: SECRET } });
      try {
        await expectSignedIn(again, shoppers.before.slice(0, 3));
      } finally {
        await again.stop();
      }
    } finally {
      await source.drop();
      await target.drop();
      dumps.remove();
    }
  });
});

describe("the backup schedule", () => {
  it("backs the open database up every BACKUP_INTERVAL_MINUTES into BACKUP_DIR, keeping BACKUP_KEEP", async () => {
    const data = tempDataDir();
    const backups = tempDataDir();
    const opened = await openDatabase({ dataDir: data.dir });
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const stop = serveOperatorCommands(opened.pglite, opened.location, {
      dir: backups.dir,
      intervalMinutes: 5,
      keep: 2,
    });
    const taken = () => readdirSync(backups.dir).filter((name) => name.endsWith(".tar.gz"));
    const seen = new Set<string>();
    /** Waits (in real time) for a backup not seen yet, and notes it. */
    const nextBackup = async () => {
      for (let i = 0; i < 400; i++) {
        const fresh = taken().filter((name) => !seen.has(name));
        if (fresh.length > 0) return fresh.forEach((name) => seen.add(name));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("No backup came");
    };
    try {
      await vi.advanceTimersByTimeAsync(4 * 60_000);
      expect(taken()).toHaveLength(0);
      for (let round = 0; round < 3; round++) {
        await vi.advanceTimersByTimeAsync(60_000 * (round === 0 ? 1 : 5));
        await nextBackup();
      }
      expect(seen.size).toBe(3);
      expect(taken()).toHaveLength(2);
    } finally {
      await stop();
      vi.useRealTimers();
      await opened.close();
      data.remove();
      backups.remove();
    }
  });
});
