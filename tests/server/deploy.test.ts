import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { ignoredSettings, parseConfig } from "~/config.server";
import { OTHERS_BITS } from "~/lib/owner-only-files.server";

import { SERVER_GLIBC_TUNABLES, SERVER_NODE_ARGS } from "../../server/memory-settings";
import { ROOT } from "./harness";

/**
 * The systemd unit of the deployment guide (docs/deploy.md): systemd itself finds nothing wrong
 * with it (`systemd-analyze verify`, where systemd is installed), and it starts the server with
 * the memory settings the server is measured with, not only the ones `npm run serve` has, and the
 * umask the server sets itself (docs/deploy.md#the-shops-files).
 */

const UNIT = path.join(ROOT, "docs/deploy/makervolt@.service");
const unit = readFileSync(UNIT, "utf8");
const systemdAnalyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find((file) => existsSync(file));

describe("docs/deploy/makervolt@.service", () => {
  it("starts node with the server's memory settings", () => {
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? "";
    for (const arg of SERVER_NODE_ARGS) expect(execStart.split(" "), arg).toContain(arg);
    expect(execStart).toMatch(/ build\/server\.js$/);
    expect(unit).toContain(`Environment=GLIBC_TUNABLES=${SERVER_GLIBC_TUNABLES}\n`);
  });

  it("gives each instance the port in its name, whatever PORT the environment file sets", () => {
    // EnvironmentFile= beats Environment=, so the port travels on the command line.
    expect(/^ExecStart=(.*)$/m.exec(unit)?.[1]).toMatch(/^\/usr\/bin\/env PORT=%i \/usr\/bin\/node /);
    expect(unit).not.toMatch(/^Environment=PORT/m);
  });

  it("starts it with the umask the server sets itself, so what it creates is the shop user's alone", () => {
    expect(unit).toContain(`\nUMask=0${OTHERS_BITS.toString(8).padStart(3, "0")}\n`);
  });

  it.runIf(systemdAnalyze)("passes systemd-analyze verify, as an instance on port 3000", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "makervolt-unit-"));
    try {
      // Where node is not at /usr/bin/node (a version manager), the guide says to change that line.
      const text = existsSync("/usr/bin/node") ? unit : unit.replace("/usr/bin/node", process.execPath);
      const file = path.join(dir, "makervolt@3000.service");
      writeFileSync(file, text);
      const output = execFileSync(systemdAnalyze!, ["verify", file], { encoding: "utf8", stdio: "pipe" });
      expect(output).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The settings an environment file gives, as systemd reads it: KEY=VALUE lines, # comments. */
function settingsOf(text: string): Record<string, string> {
  const lines = text.split("\n").filter((line) => /^[A-Z_]+=/.test(line));
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
}

describe("docs/deploy/makervolt.env", () => {
  const example = readFileSync(path.join(ROOT, "docs/deploy/makervolt.env"), "utf8");
  /** The file with its other database chosen, as its comments say: the embedded block out, PostgreSQL's in. */
  const withPostgres = example
    .replace(/^(DATA_DIR|BACKUP_DIR|BACKUP_INTERVAL_MINUTES|BACKUP_KEEP)=/gm, "#$1=")
    .replace(/^#(DATABASE_URL|DATABASE_POOL_SIZE)=/gm, "$1=");

  it("describes one database as shipped, and the other once its comments are followed, with nothing ignored", () => {
    for (const text of [example, withPostgres]) {
      const settings = settingsOf(text);
      expect(ignoredSettings(settings)).toEqual([]);
      expect(() => parseConfig({ ...settings, NODE_ENV: "production", PORT: "3000" })).not.toThrow();
    }
    expect(settingsOf(example)).toMatchObject({ DATA_DIR: "/var/lib/makervolt/data" });
    expect(settingsOf(example)).not.toHaveProperty("DATABASE_URL");
    expect(settingsOf(withPostgres)).not.toHaveProperty("DATA_DIR");
    expect(settingsOf(withPostgres)).toHaveProperty("DATABASE_URL");
  });

  it("sets no PORT, and says why", () => {
    expect(settingsOf(example)).not.toHaveProperty("PORT");
    expect(example).toMatch(/Not PORT: each instance listens on the port in its name/);
  });
});
