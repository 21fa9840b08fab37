import { spawnSync } from "node:child_process";
import path from "node:path";

import { describe, expect, it } from "vitest";

/** `npm run soak`'s options are checked before anything is built, filled or started (docs/soak.md). */
const soak = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", path.resolve("scripts/soak.ts"), ...args], {
    encoding: "utf8",
    timeout: 60_000,
  });

describe("the soak's options", () => {
  it("refuses an unknown option with its usage, exit 2", () => {
    const run = soak("--overlaod");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("Unknown option '--overlaod'");
    expect(run.stderr).toContain("Usage: npm run soak");
  });

  it("refuses a value that is not a whole number, exit 2", () => {
    const run = soak("--seconds", "ten");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--seconds must be a whole number");
  });

  it("answers --help with its usage, exit 0", () => {
    const run = soak("--help");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("--node-args");
  });
});
