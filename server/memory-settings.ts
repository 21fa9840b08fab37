import v8 from "node:v8";

/**
 * How the server's process is set up to stay within its memory budget (docs/budgets.md#memory;
 * the measurements behind each setting are in ADR 012).
 *
 * Two settings must be in place before node starts, so every way of starting the server passes
 * them: `npm run serve` (package.json, kept equal to these by tests/unit/memory-settings.test.ts),
 * and the end-to-end, server, lynx, soak, bench and audit runs (through serverNodeArgs and
 * serverEnv). Under another process manager (systemd, a container), set them there too; the
 * server says at start when they are missing (missingMemorySettings).
 */

/**
 * V8's heap limits. A ceiling of 256 MB on the old generation also makes V8 let it grow less
 * beyond what is live before collecting (about 1.3 times instead of up to 4), and smaller
 * semi-spaces keep the young generation at 3 x 4 MB instead of 3 x 16 MB: 25 MB less at the
 * peak under overload than 3 x 8, for the same throughput (ADR 037). The live heap under load is
 * about 50 MB, so the ceiling leaves room to spare.
 */
export const SERVER_NODE_ARGS: readonly string[] = ["--max-old-space-size=256", "--max-semi-space-size=4"];

/**
 * glibc's malloc, read from the environment as the process starts. Under load, libuv's and V8's
 * threads (compression, password hashes, compiling and collecting) each got an arena of their
 * own, and kept what they had freed: about 130 MB. Two arenas, and a fixed threshold of 128 KiB
 * above which a block is mapped on its own and returned to the OS when freed (glibc otherwise
 * raises it up to 32 MiB as large blocks are freed), keep malloc's share near 50 MB.
 */
export const SERVER_GLIBC_TUNABLES = "glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072";

/** Node's arguments for starting `$BUILD_DIR/server.js` (before the script's path). */
export function serverNodeArgs(): string[] {
  return [...SERVER_NODE_ARGS];
}

/** `env` with the malloc tunables added; tunables already in it come after ours, so they win. */
export function serverEnv<Env extends NodeJS.ProcessEnv>(env: Env): Env & { GLIBC_TUNABLES: string } {
  const given = env.GLIBC_TUNABLES;
  return { ...env, GLIBC_TUNABLES: given ? `${SERVER_GLIBC_TUNABLES}:${given}` : SERVER_GLIBC_TUNABLES };
}

/**
 * Flags V8 still reads after start, set by the server before it opens the database: PGlite's
 * WebAssembly module (9 MB) is compiled by one thread instead of one per core, whose malloc
 * arenas otherwise kept about 30 MB of compiler memory; no slower to start.
 */
export function setRuntimeMemoryFlags(): void {
  v8.setFlagsFromString("--wasm-num-compilation-tasks=1");
}

function usesGlibc(): boolean {
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return typeof header?.glibcVersionRuntime === "string";
}

/** What of the above this process was started without, for a one-line note at start (empty: nothing). */
export function missingMemorySettings(): string[] {
  const nodeOptions = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`;
  const missing = SERVER_NODE_ARGS.map((arg) => arg.split("=")[0]!).filter((flag) => !nodeOptions.includes(flag));
  const tunables = process.env.GLIBC_TUNABLES ?? "";
  if (process.platform === "linux" && !tunables.includes("glibc.malloc.mmap_threshold") && usesGlibc())
    missing.push(`GLIBC_TUNABLES=${SERVER_GLIBC_TUNABLES}`);
  return missing;
}
