import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { freePort } from "./free-port";

/**
 * A real nginx in front of test servers, configured by the shop's example config
 * (docs/nginx/makervolt.conf), so the tests prove what that file does: caching by the shop's own
 * Cache-Control and Vary, the forwarded headers the shop trusts. Everything it writes (config,
 * pid, error log, cache, temp files) stays in a temp directory that stop() removes.
 *
 *   const nginx = await startNginx({ upstreams: [`127.0.0.1:${shop.port}`] });   // nginx.origin
 *   ...
 *   await nginx.stop();
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
export const EXAMPLE_CONFIG = path.join(ROOT, "docs/nginx/makervolt.conf");
const run = promisify(execFile);

export interface NginxConfigContext {
  /** What the server block listens on: `127.0.0.1:<port>`. */
  listen: string;
  /** `host:port` of each server behind nginx. */
  upstreams: string[];
  /** proxy_cache_path's directory, inside the temp directory. */
  cacheDir: string;
  /** The server block's access log, inside the temp directory. */
  accessLogFile: string;
  /** docs/nginx/makervolt.conf with the three above put in: the default configuration. */
  example: string;
}

export interface NginxOptions {
  /** `host:port` of each server behind nginx, e.g. `127.0.0.1:3101`. */
  upstreams: string[];
  port?: number;
  /** The `http { }`-level configuration; default the example as is (`(ctx) => ctx.example`). */
  config?: (ctx: NginxConfigContext) => string;
}

export interface RunningNginx {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** The temp directory with the configuration, error.log and the cache; removed by stop(). */
  dir: string;
  /** The error log so far (notice level: starts, reloads, upstream failures). */
  errorLog(): string;
  /** The access log so far (the example's `makervolt` format: request id, cache status). */
  accessLog(): string;
  /** Writes the configuration anew (for other upstreams, say), checks it, and waits for nginx to take it. */
  reload(options?: { upstreams?: string[] }): Promise<void>;
  /** Graceful shutdown (SIGQUIT), SIGKILL after 5 s; removes the temp directory; safe to call twice. */
  stop(): Promise<void>;
}

function nginxBinary(): string {
  // /usr/sbin is not on every user's PATH.
  return existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
}

/** The example config with this run's upstreams, listen address and cache directory; throws if the file no longer has one of them. */
export function exampleConfig({
  listen,
  upstreams,
  cacheDir,
  accessLogFile,
}: Omit<NginxConfigContext, "example">): string {
  let text = readFileSync(EXAMPLE_CONFIG, "utf8");
  const replace = (pattern: RegExp, replacement: (...match: string[]) => string, what: string) => {
    if (!pattern.test(text)) throw new Error(`${EXAMPLE_CONFIG} has no ${what} for the tests to replace.`);
    text = text.replace(pattern, replacement);
  };
  replace(
    /(upstream makervolt \{[^}]*?)^([ \t]*)server [^;\n]+;\n(?:[ \t]*server [^;\n]+;\n)*/m,
    (_, before: string, indent: string) =>
      before + upstreams.map((address) => `${indent}server ${address};\n`).join(""),
    "`server` line in `upstream makervolt`",
  );
  replace(/^([ \t]*)listen [^;\n]+;$/m, (_, indent: string) => `${indent}listen ${listen};`, "`listen` line");
  replace(/^([ \t]*proxy_cache_path\s+)\S+/m, (_, directive: string) => directive + cacheDir, "proxy_cache_path");
  replace(/^([ \t]*access_log\s+)\S+/m, (_, directive: string) => directive + accessLogFile, "access_log");
  return text;
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.setTimeout(1_000);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

/** Starts nginx in front of `upstreams` and resolves once its port accepts connections. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  execFileSync("bash", [path.join(ROOT, "scripts/ensure-test-tools.sh"), "nginx"], { stdio: "inherit" });
  const nginx = nginxBinary();
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), "makervolt-nginx-"));
  const mainConf = path.join(dir, "nginx.conf");
  const errorLogFile = path.join(dir, "error.log");
  const root = process.getuid?.() === 0;

  const writeConfig = (upstreams: string[]) => {
    const context = {
      listen: `127.0.0.1:${port}`,
      upstreams,
      cacheDir: path.join(dir, "cache"),
      accessLogFile: path.join(dir, "access.log"),
    };
    const fragment = (options.config ?? ((ctx) => ctx.example))({ ...context, example: exampleConfig(context) });
    writeFileSync(path.join(dir, "makervolt.conf"), fragment);
    // Nothing outside `dir`: not /etc/nginx, /var/log/nginx or /run. Without mime.types every
    // response nginx makes itself is text/plain; it makes none but errors.
    const main = [
      "# Written by tests/support/nginx-server.ts around makervolt.conf (docs/nginx/makervolt.conf).",
      "daemon off;",
      "master_process on;",
      "worker_processes 1;",
      // The master stays root to bind and read; workers, which touch the cache, drop to www-data.
      ...(root ? ["user www-data;"] : []),
      `pid ${dir}/nginx.pid;`,
      // notice: the log then says when workers start, which reload() waits for.
      `error_log ${errorLogFile} notice;`,
      "events { worker_connections 256; }",
      "http {",
      "    access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (kind) => `    ${kind}_temp_path ${dir}/${kind}_temp;`,
      ),
      `    include ${dir}/makervolt.conf;`,
      "}",
      "",
    ].join("\n");
    writeFileSync(mainConf, main);
  };
  // -e: nginx opens its compiled-in error log (/var/log/nginx/error.log) before it reads the config.
  const nginxArgs = ["-p", dir, "-c", mainConf, "-e", errorLogFile];
  const checkConfig = async () => {
    try {
      await run(nginx, ["-t", "-q", ...nginxArgs]);
    } catch (error) {
      const { stderr = "", message } = error as { stderr?: string; message: string };
      const conf = readFileSync(path.join(dir, "makervolt.conf"), "utf8");
      throw new Error(
        `nginx -t refused the configuration:\n${stderr.trim() || message}\n--- makervolt.conf ---\n${conf}`,
      );
    }
  };
  const count = (pattern: RegExp) => (tail(errorLogFile, Infinity).match(pattern) ?? []).length;
  const workerStarts = () => count(/start worker process/g);
  // Not "cache manager process 123 exited": that one is restarted on reload too.
  const workerExits = () => count(/ worker process \d+ exited/g);

  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let running = false;
  let removed = false;
  // SIGHUP and SIGQUIT are for the master, which passes them on as it should; SIGKILL is for its
  // whole process group (detached below), since a worker outlives a SIGKILLed master and keeps the port.
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child?.pid) process.kill(name === "SIGKILL" ? -child.pid : child.pid, name);
    } catch {
      // Gone already.
    }
  };
  // A test run that crashes or forgets stop() must not leave nginx behind; 'exit' listeners run
  // synchronously, so no graceful shutdown here.
  const stopNow = () => {
    if (running) signal("SIGKILL");
    running = false;
    removed = true;
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stopNow);

  const stop = async () => {
    if (removed) return;
    process.removeListener("exit", stopNow);
    if (running) {
      signal("SIGQUIT");
      const timer = setTimeout(() => signal("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      // The workers may see the master go before they finish.
      signal("SIGKILL");
    }
    removed = true;
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (root) execFileSync("chown", ["-R", "www-data:www-data", dir]);
    writeConfig(options.upstreams);
    await checkConfig();
    const started = spawn(nginx, nginxArgs, { cwd: dir, detached: true, stdio: "ignore" });
    child = started;
    running = true;
    exited = new Promise((resolve) => started.once("exit", () => ((running = false), resolve())));
    // Not holding the test process open: a forgotten nginx is the 'exit' listener's.
    started.unref();

    const deadline = Date.now() + 10_000;
    while (!(await canConnect(port))) {
      if (!running) throw new Error("nginx exited before it accepted connections");
      if (Date.now() > deadline) throw new Error(`nginx did not accept connections on port ${port} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    const log = tail(errorLogFile);
    await stop();
    throw new Error(`${(error as Error).message}\n--- error.log (last lines) ---\n${log}`);
  }

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    dir,
    errorLog: () => tail(errorLogFile, Infinity),
    accessLog: () => tail(path.join(dir, "access.log"), Infinity),
    async reload({ upstreams = options.upstreams } = {}) {
      if (!running) throw new Error("nginx is not running");
      const [startsBefore, exitsBefore] = [workerStarts(), workerExits()];
      writeConfig(upstreams);
      await checkConfig();
      signal("SIGHUP");
      const deadline = Date.now() + 10_000;
      // Taken once the new worker runs and the old one is gone: until then the old one still answers
      // on the keep-alive connections it had, with the old configuration.
      while (workerStarts() <= startsBefore || workerExits() <= exitsBefore) {
        if (Date.now() > deadline) throw new Error(`nginx did not reload within 10 s:\n${tail(errorLogFile)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop,
  };
}
