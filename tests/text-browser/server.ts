import path from "node:path";

import { buildShop, type Shop, startShop } from "../../scripts/support/shop-server";

/** Builds into `buildDir` (`npm run build`) unless a build is already there (e.g. test:e2e just made one). */
export function ensureBuild(root: string, buildDir: string): Promise<void> {
  return buildShop({ buildDir: path.resolve(root, buildDir), existing: "reuse" });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Starts the built server as production runs it (scripts/support/shop-server.ts), on the embedded backend in
 * `dataDir` (default a fresh in-memory database), and resolves once /healthz answers.
 */
export async function startBuiltServer(
  root: string,
  buildDir: string,
  port: number,
  dataDir = "memory://",
  env: Record<string, string> = {},
): Promise<Shop> {
  // Another server on the port would answer /healthz and the journey would test it instead.
  if (await answers(`http://localhost:${port}/healthz`))
    throw new Error(`Something already answers on port ${port}; set LYNX_PORT to a free port.`);
  return startShop({ buildDir, port, host: "localhost", dataDir, env, cwd: root });
}
