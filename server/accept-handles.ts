import { type SendHandle, spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";

/**
 * Listening handles a server accepts from: Node (libuv 1.45 and later) accepts one connection per listening handle
 * per turn of the event loop, so a crowd arriving while turns are long waits seconds to be let in. More handles on
 * the same socket accept that many per turn (ADR 046).
 */
export const ACCEPT_HANDLES = 64;

/** The helper that copies the listening socket: each handle it is sent comes back as a new descriptor. */
const COPIER = 'process.on("message", (_message, handle) => process.send("copy", handle));';

/** Longer than this and the copies are given up: the server accepts from its one handle, as Node does. */
const COPY_TIMEOUT_MS = 10_000;

export interface AcceptHandles {
  /** Copies accepting beside the server's own handle. */
  readonly count: number;
  /**
   * Stops accepting from the copies; resolves once the connections they accepted have ended, as server.close() does
   * for its own: each copy counts the connections it accepted.
   */
  close(): Promise<void>;
}

/** What net.Server keeps of its options and applies to each connection it accepts (Node's own, untyped). */
interface AcceptOptions {
  allowHalfOpen?: boolean;
  pauseOnConnect?: boolean;
  noDelay?: boolean;
  keepAlive?: boolean;
  /** In seconds, as kept. */
  keepAliveInitialDelay?: number;
  highWaterMark?: number;
}

/** The copies accept as the server does: an HTTP server's connections stay open half-closed and send at once. */
function acceptOptionsOf(server: net.Server): net.ServerOpts {
  const kept = server as net.Server & AcceptOptions;
  return {
    allowHalfOpen: kept.allowHalfOpen,
    pauseOnConnect: kept.pauseOnConnect,
    noDelay: kept.noDelay,
    keepAlive: kept.keepAlive,
    keepAliveInitialDelay: (kept.keepAliveInitialDelay ?? 0) * 1000,
    highWaterMark: kept.highWaterMark,
  };
}

/**
 * The listening handle Node keeps on a listening server. Sent as it is (not as the server), the other process only
 * holds it and never accepts from it; Node's types name only the wrappers, hence the cast.
 */
function listeningHandle(server: net.Server): SendHandle {
  const handle = (server as net.Server & { _handle?: object | null })._handle;
  if (!handle) throw new Error("the server is not listening");
  return handle as SendHandle;
}

/**
 * Makes `count` copies of `server`'s listening socket, each a handle of its own that hands its connections to the
 * server as if it had accepted them: Node cannot copy a descriptor itself, so a short-lived child process is sent
 * the handle over IPC and sends it back, which the kernel delivers as a new descriptor of the same socket.
 */
export async function acceptFromMoreHandles(server: net.Server, count = ACCEPT_HANDLES - 1): Promise<AcceptHandles> {
  const own = listeningHandle(server);
  const copies: net.Server[] = [];
  const close = () =>
    Promise.all(copies.splice(0).map((copy) => new Promise<void>((resolve) => copy.close(() => resolve())))).then(
      () => undefined,
    );
  if (count <= 0) return { count: 0, close };
  const options = acceptOptionsOf(server);
  const copier = spawn(process.execPath, ["-e", COPIER], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no copy within ${COPY_TIMEOUT_MS} ms`)), COPY_TIMEOUT_MS);
      copier.on("error", reject);
      copier.once("exit", (code) => reject(new Error(`the copying process exited (${code})`)));
      copier.on("message", (_message, handle) => {
        if (!handle) return reject(new Error("a copy came back without its descriptor"));
        const copy = net.createServer(options, (socket) => server.emit("connection", socket));
        // An accept error is the server's, as on its own handle.
        copy.on("error", (error) => server.emit("error", error));
        copy.listen(handle as net.Server);
        copies.push(copy);
        if (copies.length < count) copier.send("copy", own);
        else resolve();
      });
      copier.send("copy", own);
    });
  } catch (error) {
    void close();
    copier.kill();
    throw error;
  } finally {
    clearTimeout(timer);
    if (copier.connected) copier.disconnect();
  }
  // Its copy of the descriptor would keep the socket listening after the server has closed.
  if (copier.exitCode === null && copier.signalCode === null) {
    await once(copier, "exit", { signal: AbortSignal.timeout(COPY_TIMEOUT_MS) }).catch(() => copier.kill("SIGKILL"));
  }
  return { count: copies.length, close };
}
