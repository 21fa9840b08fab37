import { chmod } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

// The running server's door for its operator's commands, on the DATA_DIR lock's owner-only Unix socket (ADR 028):
// one line of JSON in, one back, then the server closes.

/** What a command may ask. Anything else is answered `{ ok: false }` with a message. */
export type ControlRequest =
  | { command: "backup"; /** An absolute directory; omitted: the server's BACKUP_DIR. */ dir?: string }
  | { command: "catalogue-export" }
  | { command: "catalogue-import"; format: "json" | "csv"; text: string; dryRun: boolean }
  | { command: "catalogue-withdraw"; ids: number[]; /** false: relist. */ withdrawn: boolean };

export type ControlReply = { ok: true; [key: string]: unknown } | { ok: false; message: string };

export type ControlHandler = (request: ControlRequest) => Promise<ControlReply>;

export const CONTROL_SOCKET_FILE = "makervolt.lock.sock";

/** A catalogue file travels inside a request: 10,000 products are about 12 MB of JSON. */
const MAX_REQUEST_BYTES = 256 * 1024 * 1024;

const handlers = new Map<string, ControlHandler>();

export function setControlHandler(dataDir: string, handler: ControlHandler | null): void {
  if (handler) handlers.set(path.resolve(dataDir), handler);
  else handlers.delete(path.resolve(dataDir));
}

/** Only the owner may connect: the socket is made with the process's umask, often group- or world-writable. */
export function restrictSocket(socketPath: string): Promise<void> {
  return chmod(socketPath, 0o600);
}

export function answerControl(dataDir: string, connection: net.Socket): void {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const reply = (answer: ControlReply) => connection.end(`${JSON.stringify(answer)}\n`);
  connection.on("error", () => connection.destroy());
  connection.on("data", (chunk: Buffer) => {
    const newline = chunk.indexOf(0x0a);
    chunks.push(newline === -1 ? chunk : chunk.subarray(0, newline));
    bytes += chunk.length;
    if (bytes > MAX_REQUEST_BYTES) {
      connection.removeAllListeners("data");
      return reply({ ok: false, message: "The request is too large." });
    }
    if (newline === -1) return;
    connection.removeAllListeners("data");
    void handle(dataDir, Buffer.concat(chunks).toString("utf8")).then(reply);
  });
}

async function handle(dataDir: string, line: string): Promise<ControlReply> {
  const handler = handlers.get(path.resolve(dataDir));
  if (!handler)
    return {
      ok: false,
      message:
        "The process holding DATA_DIR takes no commands now (a server still starting, or another command): try again in a moment.",
    };
  let request: ControlRequest;
  try {
    request = JSON.parse(line) as ControlRequest;
  } catch {
    return { ok: false, message: "The request is not JSON." };
  }
  try {
    return await handler(request);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Sends `request` to the server on `dataDir`: its reply, or null when none runs there. */
export function askRunningServer(dataDir: string, request: ControlRequest): Promise<ControlReply | null> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(path.join(dataDir, CONTROL_SOCKET_FILE));
    const chunks: Buffer[] = [];
    let connected = false;
    connection.on("connect", () => {
      connected = true;
      connection.write(`${JSON.stringify(request)}\n`);
    });
    connection.on("data", (chunk: Buffer) => chunks.push(chunk));
    connection.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8").trim();
      try {
        resolve(JSON.parse(text) as ControlReply);
      } catch {
        reject(new Error("The running server closed the connection without an answer."));
      }
    });
    connection.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(null);
      else if (!connected && error.code === "EACCES")
        reject(new Error(`Only the user the server runs as may ask it: run this as that user.`, { cause: error }));
      else reject(error);
    });
  });
}
