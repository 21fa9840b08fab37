import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, describe, expect, it } from "vitest";

import { EXAMPLE_CONFIG, type RunningNginx, startNginx } from "../support/nginx-server";
import { type RunningPostgres, startPostgres } from "../support/postgres-server";
import { freePort, ROOT, type RunningServer, startServer } from "./harness";

/**
 * docs/scaling.md's "By hand" recipe, followed from the file's own lines: a role and a database
 * made with PostgreSQL's tools, two processes started with the settings of its `export` lines on
 * the ports of its `PORT=... npm run serve` lines (moved to free ones), nginx with its example
 * file and the recipe's upstream edit, and its last step: a shared page MISS then HIT, the HIT
 * carrying the X-Request-Id of the MISS, whose line is in the log of the process that rendered it.
 */

const exec = promisify(execFile);
const running: { postgres?: RunningPostgres; servers: RunningServer[]; nginx?: RunningNginx } = { servers: [] };

afterAll(async () => {
  await running.nginx?.stop();
  await Promise.all(running.servers.map((server) => server.stop()));
  await running.postgres?.stop();
});

/** The recipe's shell lines, comments and blank lines dropped. */
function recipe(): string[] {
  const text = readFileSync(path.join(ROOT, "docs/scaling.md"), "utf8");
  const section = text.slice(text.indexOf("## By hand"), text.indexOf("## Trying it"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#"));
}

describe("docs/scaling.md, by hand", () => {
  it("two processes on one PostgreSQL server behind nginx: the recipe's lines work", async () => {
    const lines = recipe();
    const postgres = (running.postgres = await startPostgres());
    const asPostgres = (command: string) => (process.getuid?.() === 0 ? `runuser -u postgres -- ${command}` : command);
    const pgEnv = { ...process.env, PGHOST: "127.0.0.1", PGPORT: String(postgres.port) };
    // The test server comes with a database of that name, for the other tests; the recipe makes its own.
    await exec("sh", ["-c", asPostgres("dropdb makervolt")], { env: pgEnv });

    // Step 1: the role and the database, with PostgreSQL's own tools.
    const setup = lines.filter((line) => line.startsWith("sudo -u postgres "));
    expect(setup).toHaveLength(3);
    for (const line of setup)
      await exec("sh", ["-c", asPostgres(line.slice("sudo -u postgres ".length))], { env: pgEnv });

    // Step 3: the shared settings (a secret of our own for the command substitution).
    const settings: Record<string, string> = {};
    for (const line of lines.filter((l) => l.startsWith("export "))) {
      for (const [, name, value] of line.slice("export ".length).matchAll(/(\w+)=(\$\([^)]*\)|\S+)/g)) {
        settings[name!] = value!.startsWith("$(") ? randomBytes(32).toString("base64") : value!;
      }
    }
    expect(Object.keys(settings).sort()).toEqual(["DATABASE_URL", "HOST", "SESSION_SECRET", "SITE_URL", "TRUST_PROXY"]);
    settings.DATABASE_URL = settings.DATABASE_URL!.replace("127.0.0.1:5432", `127.0.0.1:${postgres.port}`);

    // Step 4: the processes, one after the other as the `&` lines start them (the second waits for the migrations).
    const serveLines = lines.filter((line) => /^PORT=\d+ npm run serve &$/.test(line));
    expect(serveLines).toHaveLength(2);
    const ports = new Map<string, number>();
    for (const line of serveLines) {
      const port = await freePort();
      ports.set(/^PORT=(\d+)/.exec(line)![1]!, port);
      running.servers.push(await startServer({ port, env: settings }));
    }

    // Step 5: the recipe's edit puts both in the example's upstream; the test's nginx then uses their real ports.
    const sed = /^sed 's\/(.+?)\/(.+?)\/' docs\/nginx\/makervolt\.conf/.exec(
      lines.find((l) => l.startsWith("sed ")) ?? "",
    );
    expect(sed).not.toBeNull();
    const edited = readFileSync(EXAMPLE_CONFIG, "utf8").replace(sed![1]!, sed![2]!.replaceAll("\\n", "\n"));
    for (const recipePort of ports.keys()) expect(edited).toContain(`server 127.0.0.1:${recipePort};`);
    running.nginx = await startNginx({ upstreams: [...ports.values()].map((port) => `127.0.0.1:${port}`) });

    // Step 6: MISS, then HIT with the MISS's request id.
    const curls = lines.filter((line) => line.startsWith("curl -sI "));
    expect(curls).toHaveLength(2);
    const page = new URL(/curl -sI (\S+)/.exec(curls[0]!)![1]!).pathname;
    const answers: { cache: string | null; id: string | null }[] = [];
    for (let i = 0; i < curls.length; i++) {
      const answer = await fetch(new URL(page, running.nginx.origin), { method: "HEAD" });
      answers.push({ cache: answer.headers.get("x-cache-status"), id: answer.headers.get("x-request-id") });
    }
    expect(answers.map((answer) => answer.cache)).toEqual(["MISS", "HIT"]);
    expect(answers[1]!.id).toBe(answers[0]!.id);
    const renderedBy = running.servers.filter((server) => server.output().includes(`"reqId":"${answers[0]!.id}"`));
    expect(renderedBy).toHaveLength(1);
    expect(running.nginx.accessLog()).toContain(`rid=${answers[0]!.id} cache=MISS`);
  });
});
