import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { type Shop, type ShopOptions, spawnShop, startShop } from "../../scripts/support/shop-server";
import { formFieldsOf } from "../support/form-fields";
import { freePort } from "../support/free-port";

/**
 * The real built server ($BUILD_DIR/server.js, made by `npm run build`) as a child process, for
 * tests that need what only a whole server shows: raw headers, signals, restarts, outages.
 */

export { freePort };

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BUILD_DIR = process.env.BUILD_DIR || "build";

/** A fresh directory for a persisted DATA_DIR; removed by the returned function. */
export function tempDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "makervolt-data-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ServerOptions {
  /** Where the build is; default $BUILD_DIR or build. */
  buildDir?: string;
  /** DATA_DIR; default a fresh in-memory database. */
  dataDir?: string;
  /** Extra environment (e.g. SUPABASE_URL); the embedded backend unless set. */
  env?: Record<string, string>;
  port?: number;
  /**
   * Root only: run without the capabilities that let root read and write past file permissions
   * (`setpriv`, from util-linux), so the server meets a DATA_DIR it may not write as any other user
   * would, while it still reads the checkout it owns, wherever that is (a clone in root's 0700 home too).
   */
  withoutRootOverride?: boolean;
  /**
   * Run the server from source as `npm run dev` does (NODE_ENV=development, Vite inside it)
   * instead of the build.
   */
  development?: boolean;
  /**
   * Root only: run the server under this hostname (a UTS namespace of its own, `unshare -u`), as
   * a container recreated under a new name would; the server keeps the pid it is spawned with.
   */
  hostname?: string;
  /**
   * Root only: these directories are read-only to the server (a mount namespace of its own,
   * `unshare -m`), as systemd's ProtectSystem=strict makes everything outside ReadWritePaths.
   */
  readOnlyPaths?: string[];
  /** Root only: run as this user and group (`setpriv`), as systemd's User= and Group= do. */
  runAs?: { uid: number; gid: number };
}

/** A server started by startServer(): with everything it printed so far (its request log, errors). */
export type RunningServer = Shop & { output(): string };

/** What shop-server.ts starts for `options`, wrapped as the root-only options ask. */
function shopOptions(options: ServerOptions, port: number, keep: (line: string) => void): ShopOptions {
  const { withoutRootOverride = false, hostname, readOnlyPaths = [], runAs } = options;
  const asUser = runAs ? ["setpriv", `--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, "--clear-groups"] : [];
  const wrapped = withoutRootOverride
    ? ["setpriv", "--bounding-set=-dac_override,-dac_read_search", ...asUser]
    : asUser;
  // `exec`, so the server is the process spawned: its pid is the child's.
  const readOnly = readOnlyPaths.map((dir) => `mount --bind '${dir}' '${dir}' && mount -o remount,bind,ro '${dir}'`);
  const wrap = hostname
    ? ["unshare", "-u", "sh", "-c", `hostname "$0" && exec "$@"`, hostname, ...wrapped]
    : readOnly.length > 0
      ? ["unshare", "-m", "sh", "-c", `${readOnly.join(" && ")} && exec "$@"`, "sh", ...wrapped]
      : wrapped;
  return {
    buildDir: options.buildDir ?? BUILD_DIR,
    port,
    dataDir: options.dataDir,
    env: { TRUST_PROXY: "", ...options.env },
    wrap,
    development: options.development,
    cwd: ROOT,
    ownGroup: false,
    onStdoutLine: keep,
    onStderrLine: keep,
  };
}

/** Starts the server and resolves once /healthz answers (any status: an outage answers 503). */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  let output = "";
  const keep = (line: string) => (output += `${line}\n`);
  const shop = await startShop({
    ...shopOptions(options, options.port ?? (await freePort()), keep),
    healthyStatus: "any",
    // Vite prepares the app's dependencies the first time the development server starts.
    healthTimeoutMs: options.development ? 120_000 : 60_000,
  });
  return { ...shop, output: () => output };
}

/** Runs the built server expecting it to refuse to start: its exit code and what it printed. */
export async function runUntilExit(options: ServerOptions = {}, timeoutMs = 30_000) {
  let output = "";
  const shop = spawnShop(shopOptions(options, options.port ?? (await freePort()), (line) => (output += `${line}\n`)));
  const timer = setTimeout(() => void shop.stop({ signal: "SIGKILL", graceMs: 0 }), timeoutMs);
  const code = await shop.exited;
  await shop.closed;
  clearTimeout(timer);
  return { code, output };
}

/** One line of the server's log (app/lib/log.server.ts): pino's JSON. */
export interface LogLine {
  level: number;
  time: string;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

/** The server's output as log lines; throws on a line that is not one (the log is JSON only). */
export function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`Not a JSON log line: ${line}`);
      }
    });
}

/** What the server's log says, a message a line. */
export function logMessages(output: string): string[] {
  return logLines(output).map((line) => line.msg);
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request with exactly the headers given (fetch would refuse to send a `Host`, an
 * `Origin` or a malformed value). `body` is sent as is; a string body gets a Content-Length.
 * `localAddress` sends it from another address of this machine (127.0.0.2: a peer that is not the proxy).
 */
export function rawRequest(
  origin: string,
  {
    method = "GET",
    path: requestPath = "/",
    headers = {},
    body,
    localAddress,
  }: {
    method?: string;
    path?: string;
    headers?: Record<string, string | string[]>;
    body?: string | Buffer;
    localAddress?: string;
  } = {},
): Promise<RawResponse> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    let answered: RawResponse | null = null;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: requestPath,
        headers,
        localAddress,
        agent: false,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        answered = { status: res.statusCode ?? 0, headers: res.headers, body: "" };
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ ...answered!, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${requestPath} timed out`)));
    // A server that refuses a body may cut the connection while this side still sends it: what
    // it answered before that is the answer.
    req.on("error", (error) => (answered ? resolve(answered) : reject(error)));
    // A body shorter than the Content-Length it was given is left unfinished: a client still sending.
    const declared = Number(Object.entries(headers).find(([name]) => name.toLowerCase() === "content-length")?.[1]);
    if (body !== undefined && declared > Buffer.byteLength(body)) req.write(body);
    else if (body !== undefined) req.end(body);
    else req.end();
  });
}

/**
 * A visitor with a cookie jar: GETs a page, keeps its cookies, and reads the form's CSRF token;
 * from `localAddress` when given (rawRequest).
 */
export class Visitor {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly origin: string,
    readonly localAddress?: string,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  remember(headers: http.IncomingHttpHeaders) {
    for (const line of headers["set-cookie"] ?? []) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(options: Parameters<typeof rawRequest>[1] = {}): Promise<RawResponse> {
    const headers = { ...(this.cookies.size ? { cookie: this.cookieHeader } : {}), ...options.headers };
    const response = await rawRequest(this.origin, { localAddress: this.localAddress, ...options, headers });
    this.remember(response.headers);
    return response;
  }

  /** The CSRF token the page at `path` puts in its forms (and, through the GET, its cookie in the jar). */
  async csrfToken(pagePath = "/auth"): Promise<string> {
    const { body } = await this.request({ path: pagePath });
    const token = /<input[^>]*name="csrf"[^>]*value="([^"]+)"/.exec(body)?.[1];
    if (!token) throw new Error(`No CSRF token on ${pagePath}`);
    return token;
  }

  /**
   * What the form on `pagePath` sends besides what is typed (CSRF token, honeypot, mode), as a
   * browser would, with the page's cookies in the jar.
   */
  async formFields(pagePath: string): Promise<Record<string, string>> {
    return formFieldsOf((await this.request({ path: pagePath })).body);
  }

  /** A url-encoded form post. */
  post(formPath: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request({
      method: "POST",
      path: formPath,
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

/**
 * Runs one of the operator's commands (a script under scripts/, as its npm script does) with
 * `env`, on the embedded database unless `env` says otherwise.
 */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", path.join("scripts", script), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: "", SUPABASE_URL: "", SUPABASE_ANON_KEY: "", BACKUP_DIR: "", ...env },
        maxBuffer: 256 * 1024 * 1024,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
