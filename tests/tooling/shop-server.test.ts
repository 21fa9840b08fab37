import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { groupAlive } from "../../scripts/support/child-processes";
import { isErrorLogLine } from "../../scripts/support/server-output";
import { type Shop, startShop } from "../../scripts/support/shop-server";
import { freePort } from "../support/free-port";

/**
 * How the bench, soak, audit and server tests start the built server (scripts/support/shop-server.ts), with a
 * stand-in for `<buildDir>/server.js`: a few lines of node that log as the server does (JSON lines
 * on stdout) and answer /healthz, or do not.
 */

const dirs: string[] = [];
const shops: Shop[] = [];

afterEach(async () => {
  await Promise.all(shops.splice(0).map((shop) => shop.stop({ signal: "SIGKILL", graceMs: 0 })));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build directory whose server.js is `source`. */
function fakeBuild(source: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "makervolt-shop-server-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "server.js"), source);
  return dir;
}

const HEALTHY = `
const http = require("node:http");
console.log(JSON.stringify({ level: 30, msg: "listening", dataDir: process.env.DATA_DIR, env: process.env.NODE_ENV }));
console.error("a line on stderr");
http.createServer((req, res) => res.end(req.url)).listen(Number(process.env.PORT));
`;

describe("startShop", () => {
  it("resolves once /healthz answers 200, with the server's environment and memory flags, and stops its group", async () => {
    const lines: string[] = [];
    const shop = await startShop({
      buildDir: fakeBuild(HEALTHY),
      port: await freePort(),
      onStdoutLine: (line) => lines.push(line),
    });
    shops.push(shop);
    expect(await (await fetch(`${shop.origin}/healthz`)).text()).toBe("/healthz");
    expect(JSON.parse(lines[0]!)).toMatchObject({ dataDir: "memory://", env: "production" });
    expect(shop.lastOutput()).toContain("a line on stderr");
    expect(readFileSync(`/proc/${shop.pid}/cmdline`, "utf8").split("\0")).toContain("--max-old-space-size=256");

    await shop.stop();
    expect(groupAlive(shop.pid)).toBe(false);
  });

  it("fails with the server's last lines on stdout and stderr when it exits before answering", async () => {
    const fatal = JSON.stringify({ level: 60, msg: "MakerVolt could not start: something is wrong" });
    const source = `console.log(${JSON.stringify(fatal)}); console.error("and on stderr"); process.exit(1);`;
    const starting = startShop({ buildDir: fakeBuild(source), port: await freePort() });
    await expect(starting).rejects.toThrow(/exited with code 1 before \/healthz answered 200/);
    const message = await starting.then(
      () => "",
      (error: Error) => error.message,
    );
    expect(message).toContain("could not start: something is wrong");
    expect(message).toContain("and on stderr");
  });

  it("fails, and kills the server, when /healthz does not answer 200 in time", async () => {
    const source = `
      console.log("starting");
      require("node:http").createServer((req, res) => { res.statusCode = 503; res.end(); }).listen(Number(process.env.PORT));
    `;
    const starting = startShop({ buildDir: fakeBuild(source), port: await freePort(), healthTimeoutMs: 1_000 });
    await expect(starting).rejects.toThrow(
      /did not answer \/healthz with 200 within 1 s \(its last answer: 503\)[^]*starting/,
    );
  });

  it("runs the server under a wrapper that execs it, so that the pid is the server's", async () => {
    const shop = await startShop({ buildDir: fakeBuild(HEALTHY), port: await freePort(), wrap: ["nice", "-n", "3"] });
    shops.push(shop);
    const stat = readFileSync(`/proc/${shop.pid}/stat`, "utf8");
    // The 19th field, counting from the state after the command's closing parenthesis as the 3rd.
    expect(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]).toBe("3");
  });

  it("as a plain child of this process (the server tests), takes any answer of /healthz and stops it", async () => {
    const source = `
      console.log("not a log line");
      require("node:http").createServer((req, res) => { res.statusCode = 503; res.end(); }).listen(Number(process.env.PORT));
    `;
    const shop = await startShop({
      buildDir: fakeBuild(source),
      port: await freePort(),
      ownGroup: false,
      healthyStatus: "any",
    });
    shops.push(shop);
    expect(shop.lastOutput({ logLines: 0 })).toContain("errors in its log:\n    not a log line");
    expect(await shop.stop()).toBe(null);
    expect(shop.child.signalCode).toBe("SIGTERM");
  });

  it("keeps an error line of its log once, even when it arrives in two pieces", async () => {
    const source = `
      process.stdout.write('{"level":50,"msg":"half');
      setTimeout(() => {
        process.stdout.write(' and the rest"}\\n');
        ${HEALTHY}
      }, 100);
    `;
    const shop = await startShop({ buildDir: fakeBuild(source), port: await freePort() });
    shops.push(shop);
    const output = shop.lastOutput({ logLines: 0 });
    expect(output).toContain('{"level":50,"msg":"half and the rest"}');
    expect(output.split('{"level":50').length - 1).toBe(1);
  });
});

describe("isErrorLogLine", () => {
  it("is true of log lines at level error or fatal, and of lines that are not the log's", () => {
    expect(isErrorLogLine('{"level":50,"msg":"Unhandled error"}')).toBe(true);
    expect(isErrorLogLine('{"level":60,"msg":"could not start"}')).toBe(true);
    expect(isErrorLogLine("Error: something thrown outside the log")).toBe(true);
    expect(isErrorLogLine('{"level":30,"msg":"GET / 200"}')).toBe(false);
    expect(isErrorLogLine('{"level":40,"msg":"GET / 503"}')).toBe(false);
    expect(isErrorLogLine("")).toBe(false);
  });
});
