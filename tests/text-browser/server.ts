import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

import { serverEnv, serverNodeArgs } from "../../server/memory-settings";

/** The last lines a process printed, kept for failure reports (the request log says what lynx asked for). */
class OutputTail {
  private lines: string[] = [];
  constructor(private readonly limit: number) {}
  add(chunk: Buffer) {
    this.lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (this.lines.length > this.limit) this.lines.splice(0, this.lines.length - this.limit);
  }
  toString() {
    return this.lines.join("\n");
  }
}

export interface RunningServer {
  origin: string;
  /** The server's recent output: its request log and any errors. */
  recentOutput(): string;
  stop(): Promise<void>;
}

/** Builds into `buildDir` (`npm run build`: the app and the server entry) unless a build is already there (e.g. test:e2e just made one). */
export function ensureBuild(root: string, buildDir: string) {
  if (existsSync(path.join(root, buildDir, "server.js"))) return;
  console.log(`No build in ${buildDir}/: building...`);
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir },
    stdio: "inherit",
  });
  if (result.status !== 0)
    throw new Error(`npm run build into ${buildDir}/ failed (exit ${result.status ?? result.signal})`);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the built server as production runs it, on the embedded backend in `dataDir` (default a
 * fresh in-memory database), and resolves once /healthz answers.
 */
export async function startBuiltServer(
  root: string,
  buildDir: string,
  port: number,
  dataDir = "memory://",
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const origin = `http://localhost:${port}`;
  // Another server on the port would answer /healthz and the journey would test it instead.
  if (await answers(`${origin}/healthz`))
    throw new Error(`Something already answers on port ${port}; set LYNX_PORT to a free port.`);

  const output = new OutputTail(60);
  // Started as `npm run serve` starts it (server/memory-settings.ts).
  const child: ChildProcess = spawn(process.execPath, [...serverNodeArgs(), `./${buildDir}/server.js`], {
    cwd: root,
    env: serverEnv({
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      SUPABASE_URL: "",
      SUPABASE_ANON_KEY: "",
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => output.add(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.add(chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const killed = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 5_000)),
    ]);
    if (!killed) {
      child.kill("SIGKILL");
      await exited;
    }
  };

  const deadline = Date.now() + 60_000;
  while (!(await answers(`${origin}/healthz`))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited before answering /healthz:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer ${origin}/healthz within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { origin, recentOutput: () => output.toString(), stop };
}
