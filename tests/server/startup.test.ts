import { readFileSync } from "node:fs";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { scrape } from "../support/metrics";
import { newPostgresDatabase, stopTestPostgres } from "../support/sql-databases";
import { freePort, logLines, rawRequest, ROOT, startServer, tempDataDir } from "./harness";

/**
 * What the server tells its operator as it starts (docs/operations.md): one line saying which shop
 * this is and how it is set up (version, mode, database, the address bound, SITE_URL, TRUST_PROXY,
 * where the cookie secret came from, never the secret itself); a warning for each setting the
 * database chosen leaves unused; and every metric docs/operations.md lists, from the first scrape.
 */

afterAll(stopTestPostgres);

const SECRET = "startup-test-secret-0123456789abcdef01234";

/** The metrics docs/operations.md's table lists, by name. */
function documentedMetrics(): string[] {
  const text = readFileSync(path.join(ROOT, "docs/operations.md"), "utf8");
  return [...text.matchAll(/^\| `(makervolt_\w+)/gm)].map((match) => match[1]!);
}

/** Every metric family the scrape has, by name. */
function scrapedMetrics(text: string): Set<string> {
  return new Set([...text.matchAll(/^# TYPE (\w+) /gm)].map((match) => match[1]!));
}

describe("starting on the embedded database", () => {
  it("says what it runs, and has every documented metric of the embedded database from the first scrape", async () => {
    const data = tempDataDir();
    const metricsPort = await freePort();
    const server = await startServer({
      dataDir: data.dir,
      env: {
        HOST: "127.0.0.1",
        SITE_URL: "https://shop.example",
        TRUST_PROXY: "1",
        METRICS_PORT: String(metricsPort),
      },
    });
    try {
      const started = logLines(server.output()).find((line) => line.msg.includes(" listening on "));
      expect(started).toMatchObject({
        level: 30,
        version: expect.stringMatching(/^[0-9a-f]{7,}$/) as unknown,
        build: expect.any(String) as unknown,
        nodeEnv: "production",
        listening: `http://127.0.0.1:${server.port}`,
        database: `embedded in ${data.dir}`,
        siteUrl: "https://shop.example",
        trustProxy: "127.0.0.1,::1",
        sessionSecret: `${data.dir}/session-secret (SESSION_SECRET unset)`,
      });
      expect(started?.msg).toMatch(
        new RegExp(
          `^MakerVolt [0-9a-f]+ listening on http://127\\.0\\.0\\.1:${server.port} \\(production; database: embedded in ` +
            `${data.dir}; SITE_URL https://shop\\.example; TRUST_PROXY 127\\.0\\.0\\.1,::1; session secret from ${data.dir}/session-secret`,
        ),
      );
      expect(logLines(server.output()).filter((line) => line.level === 40)).toEqual([]);

      // The first scrape, before any request to the shop.
      const scraped = scrapedMetrics(await scrape(`http://127.0.0.1:${metricsPort}`));
      const postgresOnly = ["makervolt_database_connections", "makervolt_database_timeouts_total"];
      const missing = documentedMetrics().filter((name) => !postgresOnly.includes(name) && !scraped.has(name));
      expect(missing).toEqual([]);
      const text = await scrape(`http://127.0.0.1:${metricsPort}`);
      expect(text).toContain('makervolt_backups_total{outcome="done"} 0');
      expect(text).toContain('makervolt_backups_total{outcome="failed"} 0');
      expect(text).toContain('makervolt_password_hashes{state="waiting"} 0');
    } finally {
      await server.stop();
      data.remove();
    }
  });
});

describe("starting on a PostgreSQL server", () => {
  it("warns of each setting it ignores, never shows a password, and has the database's metrics from the first scrape", async () => {
    const database = await newPostgresDatabase();
    const metricsPort = await freePort();
    const server = await startServer({
      env: {
        DATABASE_URL: database.url,
        SESSION_SECRET: SECRET,
        BACKUP_DIR: "/var/lib/makervolt/backups",
        BACKUP_KEEP: "7",
        METRICS_PORT: String(metricsPort),
      },
    });
    try {
      const lines = logLines(server.output());
      expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual([
        "BACKUP_DIR is set but ignored with a PostgreSQL server (DATABASE_URL): it schedules backups of the embedded database; back it up with pg_dump (docs/operations.md#backups).",
        "BACKUP_KEEP is set but ignored with a PostgreSQL server (DATABASE_URL): it schedules backups of the embedded database; back it up with pg_dump (docs/operations.md#backups).",
      ]);
      const started = lines.find((line) => line.msg.includes(" listening on "));
      const url = new URL(database.url);
      expect(started).toMatchObject({
        listening: `http://[::]:${server.port}`,
        database: `PostgreSQL at postgres://${url.username}@${url.host}${url.pathname}`,
        siteUrl: "unset (each request's own origin)",
        trustProxy: "none",
        sessionSecret: "SESSION_SECRET",
      });
      expect(server.output()).not.toContain(SECRET);
      if (url.password) expect(server.output()).not.toContain(url.password);

      const scraped = scrapedMetrics(await scrape(`http://127.0.0.1:${metricsPort}`));
      const embeddedOnly = ["makervolt_backups_total", "makervolt_backup_last_success_timestamp_seconds"];
      expect(documentedMetrics().filter((name) => !embeddedOnly.includes(name) && !scraped.has(name))).toEqual([]);
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});

describe("LOG_LEVEL", () => {
  it("is read once, by the settings, and holds for the server's lines and the app's alike", async () => {
    const server = await startServer({ env: { LOG_LEVEL: "warn" } });
    try {
      // The app's own info lines (the database opened) and the request log's (this request).
      expect((await rawRequest(server.origin, { path: "/about" })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(logLines(server.output()).filter((line) => line.level < 40)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
