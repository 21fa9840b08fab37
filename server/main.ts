// The shop's server (ADR 010): the build beside it, or under `npm run dev` Vite inside it, serving from source.
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import closeWithGrace from "close-with-grace";
import type { Registry } from "prom-client";
import type { ServerBuild } from "react-router";

import { type Config, getConfig, ignoredSettings } from "../app/config.server";
import type * as AppEntry from "../app/entry.server";
import { configureLog, logger } from "../app/lib/log.server";
import { acceptFromMoreHandles, type AcceptHandles } from "./accept-handles";
import { type Assets, createApp } from "./app";
import { LoadShedder } from "./load-shedding";
import { missingMemorySettings, setRuntimeMemoryFlags } from "./memory-settings";
import { serverMetrics, startMetricsServer } from "./metrics";
import { PageCache } from "./page-cache";
import { refuseConnect } from "./request-guards";
import { limitResponseTime } from "./response-deadline";
import { startupLine } from "./startup-line";

/** What the server needs from app/entry.server.tsx besides rendering; the build is typed with it (AppBuild). */
interface ServerLifecycle {
  /** Decides the secret that signs cookies (ADR 030); throws a StartupError when DATA_DIR cannot keep it. */
  cookieSecret(): string;
  openBackend(): Promise<void>;
  closeBackend(): Promise<void>;
  /** True when only this process can change the catalogue (the embedded database, ADR 031, ADR 028). */
  catalogueChangesOnlyHere(): boolean;
  /** Calls `listener` after this process changed the catalogue (a catalogue import, ADR 028). */
  onCatalogueChange(listener: () => void): () => void;
  appMetrics: Registry;
}

type AppBuild = ServerBuild & { entry: { module: typeof AppEntry } };

/** Requests in flight get this long to finish after SIGTERM/SIGINT; then their connections are cut. */
const DRAIN_MS = 10_000;

/** A known reason not to start (a bad setting, an unusable DATA_DIR) is one line; anything else keeps its stack. */
function exitBecause(error: unknown): never {
  const known = error instanceof Error && error.name === "StartupError";
  const message = `MakerVolt could not start: ${error instanceof Error ? error.message : String(error)}`;
  if (known) logger().fatal(message);
  else logger().fatal({ err: error }, message);
  process.exit(1);
}

let config: Config;
try {
  config = getConfig();
} catch (error) {
  exitBecause(error);
}
configureLog({ level: config.logLevel, pretty: config.nodeEnv === "development" });
const { port, host, trustProxy } = config;
setRuntimeMemoryFlags();
const missingSettings = missingMemorySettings();
if (missingSettings.length > 0)
  logger().warn(
    `Started without ${missingSettings.join(" and ")}: memory will grow well past its budget ` +
      "(docs/budgets.md#memory); `npm run serve` sets them.",
  );
// A setting the chosen database leaves unused is most likely a mistake in the environment file.
for (const line of ignoredSettings(process.env)) logger().warn(line);

async function loadAssets(): Promise<Assets<AppBuild>> {
  if (config.nodeEnv !== "development") {
    const buildDir = path.dirname(fileURLToPath(import.meta.url));
    const build: AppBuild = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
    return { kind: "built", build };
  }
  // Only here, so the production server never loads Vite (a development dependency).
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<AppBuild>;
  return { kind: "vite", build, middleware: devServer.middlewares };
}

let assets: Assets<AppBuild>;
let lifecycle: ServerLifecycle;
try {
  assets = await loadAssets();
  const build = assets.kind === "built" ? assets.build : await assets.build();
  lifecycle = build.entry.module;
} catch (error) {
  exitBecause(error);
}
try {
  lifecycle.cookieSecret();
  await lifecycle.openBackend();
} catch (error) {
  exitBecause(error);
}

// Only where nothing else changes the catalogue (ADR 020, ADR 028), and never in development, where code changes.
const pageCache = assets.kind === "built" && lifecycle.catalogueChangesOnlyHere() ? new PageCache() : null;
if (pageCache) lifecycle.onCatalogueChange(() => pageCache.clear());

let closing = false;
const app = createApp({
  assets,
  mode: config.nodeEnv,
  trustProxy,
  publicDir: path.resolve("public"),
  isClosing: () => closing,
  pageCache,
  shedder: new LoadShedder(config.loadShedding),
});
/** The copies of the listening socket (ADR 046), or null when they could not be made: Node's one handle then. */
let acceptHandles: Promise<AcceptHandles | null> = Promise.resolve(null);
const onListening = () => {
  const build = assets.kind === "built" ? assets.build.assets.version : null;
  const { fields, message } = startupLine(config, server.address() as AddressInfo, build, process.cwd());
  logger().info(fields, message);
  acceptHandles = acceptFromMoreHandles(server).catch((error: unknown) => {
    logger().warn({ err: error }, "Could not copy the listening socket: accepting one connection a turn (ADR 046)");
    return null;
  });
};
const server = host ? app.listen(port, host, onListening) : app.listen(port, onListening);
server.on("connect", refuseConnect);
limitResponseTime(server, config.responseTimeoutMs);
server.on("error", (error: NodeJS.ErrnoException) => {
  exitBecause(Object.assign(new Error(`port ${port}: ${error.code ?? error.message}`), { name: "StartupError" }));
});

let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | null = null;
if (config.metrics) {
  const { port: metricsPort, host: metricsHost } = config.metrics;
  try {
    metricsServer = await startMetricsServer({
      port: metricsPort,
      host: metricsHost,
      registries: [serverMetrics, lifecycle.appMetrics],
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    exitBecause(
      Object.assign(new Error(`METRICS_PORT ${metricsPort} on ${metricsHost}: ${code}`), { name: "StartupError" }),
    );
  }
  logger().info(`Metrics at http://${metricsHost}:${metricsPort}/metrics`);
}

// Stop accepting, let requests in flight finish (bounded), then close the database cleanly.
closeWithGrace({ delay: DRAIN_MS + 5_000 }, async ({ signal, err }) => {
  if (err) logger().error({ err }, "Shutting down after an unhandled error");
  else logger().info(`${signal}: finishing requests in flight, then closing`);
  closing = true;
  // The copies' connections too: each listening handle counts the connections it accepted (ADR 046).
  const drained = Promise.all([
    new Promise<void>((resolve) => server.close(() => resolve())),
    acceptHandles.then((handles) => handles?.close()),
  ]);
  const timer = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
  await drained;
  clearTimeout(timer);
  metricsServer?.close();
  await lifecycle.closeBackend();
});
