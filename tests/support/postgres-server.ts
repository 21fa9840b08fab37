import { execFile, execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { freePort } from "./free-port";

/**
 * A real PostgreSQL server for one test file: Debian's PostgreSQL (installed by
 * scripts/ensure-test-tools.sh when missing), a throwaway cluster in a temp directory, on a
 * free loopback port, with trust authentication and a `makervolt` database.
 *
 *   const postgres = await startPostgres();   // postgres.url: postgres://postgres@127.0.0.1:<port>/makervolt
 *   ...
 *   await postgres.stop();
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

export interface RunningPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/makervolt`: no password (trust authentication). */
  url: string;
  port: number;
  /** The cluster's data directory, inside the temp directory that stop() removes. */
  dataDir: string;
  /** Where the server's programs are, pg_dump and pg_restore among them. */
  binDir: string;
  /** Stops the server (fast shutdown: open connections are cut) and removes its files; safe to call twice. */
  stop(): Promise<void>;
  /** An outage: stops the server (fast shutdown) but keeps its files. */
  halt(): Promise<void>;
  /** The end of an outage: starts the halted server again, on the same port with the same data. */
  resume(): Promise<void>;
}

/** Debian keeps the server programs per major version off PATH; the newest installed major wins. */
function postgresBinDir(): string {
  const majors = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql")
        .filter((name) => existsSync(`/usr/lib/postgresql/${name}/bin/initdb`))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length > 0) return `/usr/lib/postgresql/${majors[0]}/bin`;
  try {
    const bindir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    if (existsSync(path.join(bindir, "initdb"))) return bindir;
  } catch {
    // No pg_config either: the error below says what is missing.
  }
  throw new Error("No PostgreSQL server found (initdb under /usr/lib/postgresql/*/bin or pg_config --bindir).");
}

/**
 * PostgreSQL refuses to run as root, so as root every program runs as Debian's `postgres` user;
 * as anyone else, as that user (who then owns the cluster).
 */
function asPostgres(program: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, args];
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** The output of a failed execFile, for an error message. */
function outputOf(error: unknown): string {
  const { stdout = "", stderr = "", message } = error as { stdout?: string; stderr?: string; message: string };
  return [message, stdout, stderr]
    .map((text) => text.trim())
    .filter(Boolean)
    .join("\n");
}

/** Starts a fresh PostgreSQL server and resolves once its `makervolt` database accepts connections. */
export async function startPostgres(options: { port?: number } = {}): Promise<RunningPostgres> {
  execFileSync("bash", [path.join(ROOT, "scripts/ensure-test-tools.sh"), "postgresql"], { stdio: "inherit" });
  const bin = postgresBinDir();
  const port = options.port ?? (await freePort());

  // mkdtemp makes a 0700 directory of the current user's; as root it is handed to `postgres`,
  // which also keeps its Unix socket and log there (nothing under /var/run or /var/log).
  const dir = mkdtempSync(path.join(tmpdir(), "makervolt-postgres-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  const pgCtl = path.join(bin, "pg_ctl");
  // cwd: the programs run as `postgres`, who may not be allowed into the caller's directory.
  const exec = (program: string, args: string[]) => run(...asPostgres(program, args), { cwd: dir });

  let stopped = false;
  // A test run that crashes or forgets stop() must not leave a server behind: an 'exit' listener
  // may only do synchronous work, so it stops with `immediate` (no checkpoint; the files go anyway).
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    spawnSync(...asPostgres(pgCtl, ["-D", dataDir, "-m", "immediate", "stop"]), { cwd: dir, stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stopNow);

  const fail = async (what: string, error: unknown): Promise<never> => {
    const message = `${what} failed:\n${outputOf(error)}\n--- ${logFile} (last lines) ---\n${tail(logFile)}`;
    process.removeListener("exit", stopNow);
    stopNow();
    throw new Error(message);
  };

  if (process.getuid?.() === 0) await run("chown", ["-R", "postgres:postgres", dir]).catch((e) => fail("chown", e));
  // --no-sync: a test cluster need not survive a power cut, and fsyncing it costs seconds.
  const initdbArgs = ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"];
  await exec(path.join(bin, "initdb"), initdbArgs).catch((e) => fail("initdb", e));
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    // Durability is not under test here, and each of these costs a disk flush per commit.
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
  ].join(" ");
  const start = () => exec(pgCtl, ["-D", dataDir, "-o", serverOptions, "-l", logFile, "-w", "-t", "60", "start"]);
  await start().catch((e) => fail("pg_ctl start", e));
  await exec(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "makervolt"]).catch(
    (e) => fail("createdb makervolt", e),
  );

  return {
    url: `postgres://postgres@127.0.0.1:${port}/makervolt`,
    port,
    dataDir,
    binDir: bin,
    async halt() {
      await exec(pgCtl, ["-D", dataDir, "-m", "fast", "-w", "stop"]);
    },
    async resume() {
      await start();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener("exit", stopNow);
      try {
        await exec(pgCtl, ["-D", dataDir, "-m", "fast", "-w", "stop"]);
      } catch (error) {
        // Stopped already (a test killed it on purpose) is fine; anything else is not: say it, and
        // still remove the files.
        if (!/Is server running\?/.test(outputOf(error))) {
          rmSync(dir, { recursive: true, force: true });
          throw new Error(`pg_ctl stop failed:\n${outputOf(error)}\n--- ${logFile} ---\n${tail(logFile)}`);
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
