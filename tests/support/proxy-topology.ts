import path from "node:path";

import { type RunningServer, startServer } from "../server/harness";
import { type RunningNginx, startNginx } from "./nginx-server";
import { type RunningPostgres, startPostgres } from "./postgres-server";

/**
 * The shop as it runs at scale (docs/scaling.md): several built server processes on one
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

export interface ProxyTopology {
  /** nginx, in front of every process. */
  origin: string;
  processes: RunningServer[];
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
  /** Runs once the first process has prepared the database, before the others start (e.g. to fill the catalogue). */
  prepare?: (databaseUrl: string) => Promise<void>;
}

/** A server process on the topology's database, as `npm run serve` starts it behind a proxy. */
function startProcess(buildDir: string, databaseUrl: string, env: Record<string, string>): Promise<RunningServer> {
  return startServer({
    buildDir,
    env: { DATABASE_URL: databaseUrl, SESSION_SECRET, TRUST_PROXY: "1", SITE_URL: "", ...env },
  });
}

export async function startProxyTopology(options: TopologyOptions = {}): Promise<ProxyTopology> {
  const buildDir = path.resolve(ROOT, options.buildDir ?? (process.env.BUILD_DIR || "build"));
  const postgres = await startPostgres();
  const processes: RunningServer[] = [];
  let nginx: RunningNginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(processes.map((shop) => shop.stop()));
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
