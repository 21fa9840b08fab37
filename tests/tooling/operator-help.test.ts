import { execFile } from "node:child_process";
import path from "node:path";

import { describe, expect, it } from "vitest";

/**
 * Every operator command answers --help with its usage on standard output and exit 0, before it
 * looks at any setting or database (docs/operations.md); an unknown option still exits 2, with the
 * usage after the reason.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

function run(script: string, args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", path.join("scripts", script), ...args],
      // Settings that would otherwise make a command reach for a database: --help must not.
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", DATA_DIR: "memory://" } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe.each([
  ["db-backup.ts", "npm run db:backup"],
  ["db-restore.ts", "npm run db:restore"],
  ["catalogue.ts", "npm run catalogue"],
  ["db-scale.ts", "npm run db:scale"],
])("%s", (script, command) => {
  it("answers --help and -h with its usage, exit 0", async () => {
    for (const flag of ["--help", "-h"]) {
      const { code, stdout, stderr } = await run(script, [flag]);
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^Usage:[\\s\\S]*${command.replace(":", "\\:")}`));
    }
  });

  it.runIf(script !== "db-scale.ts")("refuses an unknown option with the reason, then the usage, exit 2", async () => {
    const { code, stderr } = await run(script, ["--frobnicate"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Unknown option --frobnicate\.\n\nUsage:/);
  });
});
