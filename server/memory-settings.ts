import v8 from "node:v8";

// The process's memory settings (docs/budgets.md#memory, ADR 012, ADR 037). Two are given to node as it starts:
// `npm run serve` and every runner pass them (tests/unit/memory-settings.test.ts); the server warns when they are not.

/** V8's heap limits: the old generation grows less past what is live, the young one is 3 x 4 MB (ADR 037). */
export const SERVER_NODE_ARGS: readonly string[] = ["--max-old-space-size=256", "--max-semi-space-size=4"];

/** glibc's malloc: two arenas and a fixed mmap threshold keep its share near 50 MB instead of 130 (ADR 012). */
export const SERVER_GLIBC_TUNABLES = "glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072";

export function serverNodeArgs(): string[] {
  return [...SERVER_NODE_ARGS];
}

/** `env` with the malloc tunables added; tunables already in it come after ours, so they win. */
export function serverEnv<Env extends NodeJS.ProcessEnv>(env: Env): Env & { GLIBC_TUNABLES: string } {
  const given = env.GLIBC_TUNABLES;
  return { ...env, GLIBC_TUNABLES: given ? `${SERVER_GLIBC_TUNABLES}:${given}` : SERVER_GLIBC_TUNABLES };
}

/** Before the database opens: PGlite's WebAssembly compiled by one thread, whose arenas keep 30 MB less; no slower. */
export function setRuntimeMemoryFlags(): void {
  v8.setFlagsFromString("--wasm-num-compilation-tasks=1");
}

function usesGlibc(): boolean {
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return typeof header?.glibcVersionRuntime === "string";
}

/** What of the above this process was started without. */
export function missingMemorySettings(): string[] {
  const nodeOptions = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`;
  const missing = SERVER_NODE_ARGS.map((arg) => arg.split("=")[0]!).filter((flag) => !nodeOptions.includes(flag));
  const tunables = process.env.GLIBC_TUNABLES ?? "";
  if (process.platform === "linux" && !tunables.includes("glibc.malloc.mmap_threshold") && usesGlibc())
    missing.push(`GLIBC_TUNABLES=${SERVER_GLIBC_TUNABLES}`);
  return missing;
}
