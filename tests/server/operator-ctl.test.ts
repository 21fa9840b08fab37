import { execFile } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { rawRequest, ROOT, type RunningServer, startServer } from "./harness";

/**
 * docs/deploy.md's operator commands as written there (its "Operator commands" section, read from
 * the file), through docs/deploy/makervolt-ctl, against the built server started as the unit starts
 * it: as an unprivileged user (nobody, standing in for makervolt), with the shipped environment file
 * (docs/deploy/makervolt.env, its /var/lib/makervolt moved to a temporary folder), and with the
 * `--to` directory read-only to the server, as ProtectSystem=strict makes it. Root only: the
 * wrapper and the test switch users.
 */

const NOBODY = { uid: 65534, gid: 65534 };
const CTL = path.join(ROOT, "docs/deploy/makervolt-ctl");

/** The command lines of docs/deploy.md's "Operator commands" section, comments dropped. */
function documentedSteps(): string[] {
  const text = readFileSync(path.join(ROOT, "docs/deploy.md"), "utf8");
  const section = text.slice(text.indexOf("## Operator commands"), text.indexOf("## Backups"));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((block) => block[1]!.split("\n"))
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line.startsWith("sudo "));
}

/** The settings of an environment file, as systemd reads it. */
function settingsOf(text: string): Record<string, string> {
  const lines = text.split("\n").filter((line) => /^[A-Z_]+=/.test(line));
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
}

function run(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(CTL, args, { cwd: tmpdir(), env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe.runIf(process.getuid?.() === 0)("makervolt-ctl, as docs/deploy.md runs it", () => {
  it("backs up (--to too), exports, imports, withdraws, relists and restores as the service's user", async () => {
    // /var/lib/makervolt: the service user's; /etc/makervolt: root's; /mnt/offsite: the user's, not the server's to write.
    const varLib = mkdtempSync(path.join(tmpdir(), "makervolt-var-"));
    const etc = mkdtempSync(path.join(tmpdir(), "makervolt-etc-"));
    const offsite = mkdtempSync(path.join(tmpdir(), "makervolt-offsite-"));
    for (const dir of [varLib, offsite]) chownSync(dir, NOBODY.uid, NOBODY.gid);
    const envFile = path.join(etc, "makervolt.env");
    const shipped = readFileSync(path.join(ROOT, "docs/deploy/makervolt.env"), "utf8");
    writeFileSync(envFile, shipped.replaceAll("/var/lib/makervolt", varLib), { mode: 0o600 });
    chmodSync(envFile, 0o600);
    const settings = settingsOf(readFileSync(envFile, "utf8"));
    const ctlEnv = {
      MAKERVOLT_ENV_FILE: envFile,
      MAKERVOLT_USER: "nobody",
      MAKERVOLT_DIR: ROOT,
      MAKERVOLT_NODE: process.execPath,
    };
    const start = () =>
      startServer({ dataDir: settings.DATA_DIR, env: settings, runAs: NOBODY, readOnlyPaths: [offsite] });

    let server: RunningServer | null = await start();
    try {
      // The shipped file describes one database: nothing in it is ignored.
      expect(server.output()).not.toMatch(/is set but ignored/);
      const steps = documentedSteps();
      expect(steps[0]).toBe("sudo install -m 0755 docs/deploy/makervolt-ctl /usr/local/bin/");
      for (const step of steps.slice(1)) {
        const words = step.split(/\s+/);
        if (step.startsWith("sudo systemctl stop")) {
          await server!.stop();
          server = null;
          continue;
        }
        if (step.startsWith("sudo systemctl start")) {
          server = await start();
          continue;
        }
        expect(words.slice(0, 2), step).toEqual(["sudo", "makervolt-ctl"]);
        let args = words
          .slice(2)
          .map((word) => word.replace("/var/lib/makervolt", varLib).replace("/mnt/offsite", offsite));
        if (args[0] === "restore") {
          // The documented name stands for the newest backup there.
          const backups = readdirSync(path.join(varLib, "backups")).filter((name) => name.endsWith(".tar.gz"));
          args = ["restore", path.join(varLib, "backups", backups.sort().at(-1)!), ...args.slice(2)];
        }
        const result = await run(args, ctlEnv);
        // An export says what it wrote on standard error: standard output is the file when --out is not given.
        if (args[1] === "export") expect(result.stderr, step).toMatch(/^Exported 72 products to /);
        else expect(result.stderr, step).toBe("");
        expect(result.code, step).toBe(0);
        const output = result.stdout;
        if (args[0] === "backup") expect(output, step).toMatch(/taken by the running server/);
        if (args[0] === "backup" && args[1] === "--to") {
          expect(
            readdirSync(offsite).filter((name) => name.endsWith(".tar.gz")),
            step,
          ).toHaveLength(1);
        }
        if (args.includes("--dry-run")) expect(output, step).toMatch(/would add 0, change 0 and leave 72/);
        if (args[1] === "withdraw")
          expect((await rawRequest(server!.origin, { path: "/product/55" })).status).toBe(410);
        if (args[1] === "relist") expect((await rawRequest(server!.origin, { path: "/product/55" })).status).toBe(200);
        if (args[0] === "restore") expect(output, step).toMatch(/Restored .*: 72 products/);
      }
      expect(steps.some((step) => step.includes(" restore "))).toBe(true);
      // What the commands wrote is the service user's.
      expect(statSync(path.join(varLib, "catalogue.csv")).uid).toBe(NOBODY.uid);
      expect(statSync(path.join(offsite, readdirSync(offsite)[0]!)).uid).toBe(NOBODY.uid);
      expect((await rawRequest(server!.origin, { path: "/product/1" })).status).toBe(200);
    } finally {
      await server?.stop();
      for (const dir of [varLib, etc, offsite]) rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses to run without root, and answers --help", async () => {
    const help = await run(["--help"], {});
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toMatch(/^Usage: sudo makervolt-ctl backup \[--to DIR\]/);
    const unknown = await run(["frobnicate"], {});
    expect(unknown.code).toBe(2);
    const asNobody = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        "setpriv",
        [`--reuid=${NOBODY.uid}`, `--regid=${NOBODY.gid}`, "--clear-groups", CTL, "backup"],
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      );
    });
    expect(asNobody.code).toBe(2);
    expect(asNobody.stderr).toMatch(/run it with sudo/);
  });
});
