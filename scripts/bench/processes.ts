/**
 * The built server's memory and activity, read from /proc, for `npm run bench` (scripts/bench.ts).
 * Starting and stopping the build, the catalogue fill and the server is shared with the soak and the
 * audit: scripts/support/shop-server.ts and child-processes.ts.
 */
import { readFileSync } from "node:fs";

/** A memory figure from /proc/<pid>/status (VmRSS now, VmHWM the peak so far), in MB; NaN once the process has gone. */
export function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    return kb === undefined ? NaN : Number(kb) / 1024;
  } catch {
    return NaN;
  }
}

/** The scheduler state of a process's main thread (R running or runnable, S sleeping, ...); null once it has gone. */
export function mainThreadState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
    // "pid (command) S ...": the command may hold spaces and parentheses, the state follows the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return null;
  }
}

/**
 * Waits until the server has finished what the last load left behind, and returns how long that
 * took (seconds). autocannon stops at the end of its time and drops its connections, but the
 * server still works through the requests it had taken (up to one a connection, each a page to
 * render); left alone, that work would be charged to the next target. Idle means the server's
 * main thread (JavaScript, and PGlite, which runs in it) asleep at every look for `quietMs`;
 * a thread waiting for a CPU on a busy machine counts as running, so a starved server is not
 * mistaken for an idle one.
 */
export async function waitUntilIdle(pid: number, { quietMs = 100, maxMs = 60_000, everyMs = 5 } = {}) {
  const began = performance.now();
  let quietSince = performance.now();
  while (performance.now() - began < maxMs) {
    const state = mainThreadState(pid);
    if (state === null) break;
    if (state !== "S") quietSince = performance.now();
    else if (performance.now() - quietSince >= quietMs) break;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return (performance.now() - began) / 1000;
}

/** Samples a process's RSS every `intervalMs`, each sample tagged with what was running then. */
export class RssSampler {
  readonly samples: { seconds: number; mb: number; during: string }[] = [];
  during = "start";
  private readonly began = performance.now();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    intervalMs = 250,
  ) {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
    this.sample();
  }

  private sample() {
    const mb = statusMb(this.pid, "VmRSS");
    if (Number.isNaN(mb)) return;
    const seconds = Math.round((performance.now() - this.began) / 100) / 10;
    this.samples.push({ seconds, mb: Math.round(mb * 10) / 10, during: this.during });
  }

  get peakMb(): number {
    return Math.max(...this.samples.map((s) => s.mb));
  }

  /** The highest sample taken during each activity. */
  peakByActivity(): Record<string, number> {
    const peaks: Record<string, number> = {};
    for (const { mb, during } of this.samples) peaks[during] = Math.max(peaks[during] ?? 0, mb);
    return peaks;
  }

  stop() {
    clearInterval(this.timer);
    this.sample();
  }
}
