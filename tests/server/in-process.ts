import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

import type { AppOptions, BuildWithLoadContext } from "../../server/app";
import { BUILD_DIR, ROOT } from "./harness";

/**
 * The built app ($BUILD_DIR/server/index.js) served by server/app.ts from the test's own process, on an
 * in-memory database: for tests that measure this process's event loop, or hand the app a part of
 * their own (a page cache, a load shedder). Everything else about the server is as it runs.
 */
export interface InProcessServer {
  origin: string;
  port: number;
  close(): Promise<void>;
}

export async function startInProcess(
  options: Partial<Pick<AppOptions, "pageCache" | "shedder" | "trustProxy">> = {},
): Promise<InProcessServer> {
  // Read by the app as it starts (app/config.server.ts): the same settings the child-process harness gives.
  Object.assign(process.env, { NODE_ENV: "production", DATA_DIR: "memory://", SUPABASE_URL: "", DATABASE_URL: "" });
  const build = (await import(
    pathToFileURL(path.join(ROOT, BUILD_DIR, "server", "index.js")).href
  )) as BuildWithLoadContext;
  const lifecycle = build.entry.module as unknown as { openBackend(): Promise<void>; closeBackend(): Promise<void> };
  await lifecycle.openBackend();
  const { createApp } = await import("../../server/app");
  const app = createApp({
    assets: { kind: "built", build },
    mode: "production",
    trustProxy: [],
    publicDir: path.join(ROOT, "public"),
    ...options,
  });
  const server: http.Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await lifecycle.closeBackend();
    },
  };
}
