/**
 * The end of what a started server printed, for the message when it fails: its log (pino's JSON
 * lines on stdout, app/lib/log.server.ts) and its stderr. Kept as trimmed text, since the bench's
 * load generator runs in the same process and a minute of load logs ~100k request lines; the
 * last error lines of the log are kept apart, as the request lines soon bury them.
 */
import type { Readable } from "node:stream";

/** How many of the last lines of each stream are shown. */
const TAIL_LINES = 30;
/** Kept as text, at most this many characters a stream (a log line with a stack can be long). */
const TAIL_CHARS = 16_384;
/** How many of the log's last error lines are kept besides. */
const ERROR_LINES = 10;

/**
 * Whether a line of the server's stdout is worth showing: anything but a log line below level
 * error (50). Pino writes the level first: `{"level":30,...`.
 */
export function isErrorLogLine(line: string): boolean {
  return line.trim() !== "" && !/^\{"level":[1-4]\d[,}]/.test(line);
}

class Tail {
  private text = "";
  private trimmed = false;
  private partial = "";
  readonly errors: string[] = [];

  constructor(private readonly keepErrors: boolean) {}

  push(chunk: Buffer) {
    const text = chunk.toString("utf8");
    this.text += text;
    if (this.text.length > 2 * TAIL_CHARS) {
      this.text = this.text.slice(-TAIL_CHARS);
      this.trimmed = true;
    }
    if (!this.keepErrors) return;
    // A line not ended yet waits in `partial` for the rest of it.
    const whole = this.partial + text;
    const end = whole.lastIndexOf("\n");
    this.partial = whole.slice(end + 1).slice(-TAIL_CHARS);
    if (end < 0) return;
    for (const line of whole.slice(0, end).split("\n")) {
      if (!isErrorLogLine(line)) continue;
      this.errors.push(line.length > 2_000 ? `${line.slice(0, 2_000)}...` : line);
      if (this.errors.length > ERROR_LINES) this.errors.shift();
    }
  }

  lines(): string[] {
    const lines = this.text.split("\n");
    // A line cut by the trimming is only part of one.
    if (this.trimmed) lines.shift();
    return lines.filter((line) => line.trim() !== "").slice(-TAIL_LINES);
  }
}

export class ServerOutput {
  private readonly log = new Tail(true);
  private readonly stderr = new Tail(false);

  /** Reads both streams to their end: a server whose pipe is full waits. */
  constructor(stdout: Readable, stderr: Readable) {
    stdout.on("data", (chunk: Buffer) => this.log.push(chunk));
    stderr.on("data", (chunk: Buffer) => this.stderr.push(chunk));
  }

  /**
   * Ready to print (indented): the last `logLines` lines of the log (default 30; 0 after a run
   * under load, when they are only requests), the errors it logged before those, and the last
   * lines of stderr.
   */
  last({ logLines = TAIL_LINES }: { logLines?: number } = {}): string {
    const section = (name: string, lines: string[]) =>
      lines.length ? `${name}:\n    ${lines.join("\n    ")}` : `${name}: none`;
    const last = logLines > 0 ? this.log.lines().slice(-logLines) : [];
    const errors = this.log.errors.filter((line) => !last.includes(line));
    return [
      ...(errors.length ? [section(`errors in its log${last.length ? ", before the lines below" : ""}`, errors)] : []),
      ...(logLines > 0 ? [section("its log (stdout), last lines", last)] : []),
      ...(logLines === 0 && !errors.length ? ["errors in its log: none"] : []),
      section("stderr, last lines", this.stderr.lines()),
    ]
      .map((text) => `  ${text}`)
      .join("\n");
  }
}
