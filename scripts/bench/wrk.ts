/**
 * One target under load with wrk, for the benchmark through the proxy (scripts/bench/proxy.ts).
 *
 * Why not autocannon there, as in the main benchmark: behind nginx's cache a page costs the
 * server side little, and autocannon, parsing each ~10 KB page in JavaScript, became the
 * bottleneck. On this 2-core machine it reached ~15,000 cached pages a second where wrk (in C)
 * reached ~45,000 from the same nginx, while both gave ~60,000 for the small static file: the
 * ratio would have measured the load generator, not the shop.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import type { RoundFigures } from "./stats";

const BROWSER_HEADERS = [
  "accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding: gzip, deflate, br",
  "user-agent: Mozilla/5.0 (X11; Linux x86_64) makervolt-bench",
];

/** A wrk script asking for `paths` in turn, and printing the figures as one line of JSON at the end. */
function script(paths: readonly string[]): string {
  const list = paths.map((p) => JSON.stringify(p)).join(", ");
  return `local paths = { ${list} }
local next = 0
request = function()
  next = next % #paths + 1
  return wrk.format("GET", paths[next])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'FIGURES {"requests":%d,"durationUs":%d,"non2xx":%d,"connect":%d,"read":%d,"write":%d,"timeouts":%d,"p50":%f,"p99":%f,"max":%f}\\n',
    summary.requests, summary.duration, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
`;
}

export async function wrkTarget(options: {
  origin: string;
  target: string;
  paths: readonly string[];
  seconds: number;
  connections: number;
  round: number;
}): Promise<RoundFigures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mv-wrk-"));
  const file = path.join(dir, "paths.lua");
  writeFileSync(file, script(options.paths));
  const args = ["-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--timeout", "10s", "-s", file];
  for (const header of BROWSER_HEADERS) args.push("-H", header);
  args.push(options.origin);
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
      child.once("error", reject);
      child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}: ${out}`))));
    });
    const line = /^FIGURES (.*)$/m.exec(output)?.[1];
    if (!line) throw new Error(`wrk printed no figures:\n${output}`);
    const f = JSON.parse(line) as Record<string, number>;
    const seconds = f.durationUs! / 1e6;
    const errors = f.connect! + f.read! + f.write! + f.timeouts!;
    return {
      round: options.round,
      target: options.target,
      requests: f.requests!,
      seconds,
      requestsPerSecond: seconds > 0 ? f.requests! / seconds : NaN,
      p50: f.p50!,
      p99: f.p99!,
      max: f.max!,
      statuses: {},
      non2xx: f.non2xx!,
      errors,
      timeouts: f.timeouts!,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
