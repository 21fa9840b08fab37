import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import {
  missingMemorySettings,
  SERVER_GLIBC_TUNABLES,
  SERVER_NODE_ARGS,
  serverEnv,
  serverNodeArgs,
} from "../../server/memory-settings";

const packageJson = JSON.parse(readFileSync(path.resolve(__dirname, "../../package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

describe("the server's memory settings", () => {
  it("are the ones `npm run serve` starts node with", () => {
    const serve = packageJson.scripts.serve!;
    expect(serve).toContain(`GLIBC_TUNABLES=${SERVER_GLIBC_TUNABLES}`);
    expect(serve).toContain(`node ${SERVER_NODE_ARGS.join(" ")} `);
    expect(serverNodeArgs()).toEqual(SERVER_NODE_ARGS);
  });

  it("add the malloc tunables to an environment, after which tunables given already still win", () => {
    const env = { NODE_ENV: "production", PORT: "1" } as const;
    expect(serverEnv(env)).toEqual({ ...env, GLIBC_TUNABLES: SERVER_GLIBC_TUNABLES });
    expect(serverEnv({ ...env, GLIBC_TUNABLES: "glibc.malloc.arena_max=4" }).GLIBC_TUNABLES).toBe(
      `${SERVER_GLIBC_TUNABLES}:glibc.malloc.arena_max=4`,
    );
  });

  it("name what a process was started without (vitest's own process has none of them)", () => {
    const missing = missingMemorySettings();
    for (const arg of SERVER_NODE_ARGS) expect(missing).toContain(arg.split("=")[0]);
  });
});
