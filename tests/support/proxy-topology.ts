import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

import { serverEnv, serverNodeArgs } from "../../server/memory-settings";

import { startNginx, type RunningNginx } from "./nginx-server";
import { startPostgres, type RunningPostgres } from "./postgres-server";

/**
 * The shop as it runs at scale (README, "Running at scale"): several built server processes on one
 * real PostgreSQL server, behind a real nginx with the example config (docs/nginx/makervolt.conf).
 * Used by tests/server/proxy.test.ts, the end-to-end journeys through the proxy
 * (playwright.proxy.config.ts) and `npm run bench -- --topology proxy`.
 *
 *   const shop = await startProxyTopology({ buildDir: "build" });   // shop.origin is nginx
 *   ...
 *   await shop.stop();
 *
 * Run as a script it starts the topology on PROXY_PORT (default 3300) and keeps it up until
 * SIGINT or SIGTERM: `tsx tests/support/proxy-topology.ts`.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const SESSION_SECRET = "proxy-topology-session-secret-0123456789";

export interface ShopProcess {
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
}

export interface ProxyTopology {
  /** nginx, in front of every process. */
  origin: string;
  processes: ShopProcess[];
  postgres: RunningPostgres;
  nginx: RunningNginx;
  stop(): Promise<void>;
}

export interface TopologyOptions {
  /** Where `npm run build` put the server (default $BUILD_DIR or build). */
  buildDir?: string;
  /** How many server processes (default 2). */
  processes?: number;
  /** nginx's port (default: a free one). */
  port?: number;
  /** Extra environment for every server process. */
  env?: Record<string, string>;
  /** Runs against the prepared database before the processes start (e.g. to fill the catalogue). */
  prepare?: (databaseUrl: string) => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startProcess(buildDir: string, databaseUrl: string, env: Record<string, string>): Promise<ShopProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Started as `npm run serve` starts it (server/memory-settings.ts).
  const child = spawn(process.execPath, [...serverNodeArgs(), path.join(buildDir, "server.js")], {
    cwd: ROOT,
    env: serverEnv({
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET,
      TRUST_PROXY: "1",
      SUPABASE_URL: "",
      SUPABASE_ANON_KEY: "",
      SITE_URL: "",
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  let exited: number | null | undefined;
  child.once("exit", (code) => (exited = code));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`A shop process exited (${exited}) before answering:\n${output}`);
    const healthy = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`A shop process did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, port, child, output: () => output };
}

async function stopProcess({ child }: ShopProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function startProxyTopology(options: TopologyOptions = {}): Promise<ProxyTopology> {
  const buildDir = path.resolve(ROOT, options.buildDir ?? (process.env.BUILD_DIR || "build"));
  const postgres = await startPostgres();
  const processes: ShopProcess[] = [];
  let nginx: RunningNginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(processes.map(stopProcess));
    await postgres.stop();
  };
  try {
    // The first process prepares the database (migrations, seed) alone; the rest find it current.
    processes.push(await startProcess(buildDir, postgres.url, options.env ?? {}));
    if (options.prepare) await options.prepare(postgres.url);
    const more = Array.from({ length: (options.processes ?? 2) - 1 }, () =>
      startProcess(buildDir, postgres.url, options.env ?? {}),
    );
    processes.push(...(await Promise.all(more)));
    nginx = await startNginx({
      upstreams: processes.map((shop) => `127.0.0.1:${shop.port}`),
      port: options.port,
    });
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { origin: nginx.origin, processes, postgres, nginx, stop };
}

// As a script: keep a topology up for Playwright (playwright.proxy.config.ts) or by hand.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const shop = await startProxyTopology({ port: Number(process.env.PROXY_PORT ?? 3300) });
  console.log(
    `MakerVolt at ${shop.origin}: nginx, ${shop.processes.length} processes, PostgreSQL ${shop.postgres.url}`,
  );
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void shop.stop().finally(() => process.exit(0));
    });
  }
}
