import { once } from "node:events";
import http from "node:http";
import net from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { limitResponseTime } from "../../server/response-deadline";

/**
 * The response deadline (server/response-deadline.ts, RESPONSE_TIMEOUT_MS): a connection whose
 * answer has not been taken within it is closed; one whose answers were taken in time carries on.
 */

const DEADLINE_MS = 300;
/** An answer too big for the kernel to hold many of for a client that does not read. */
const ANSWER = Buffer.alloc(256 * 1024, "a");

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server with the deadline that answers every request with ANSWER; resolves with its port and its connections. */
async function serve() {
  server = http.createServer((_req, res) => res.end(ANSWER));
  limitResponseTime(server, DEADLINE_MS);
  const connections: net.Socket[] = [];
  server.on("connection", (socket: net.Socket) => connections.push(socket));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { port: (server.address() as net.AddressInfo).port, connections };
}

describe("the response deadline", () => {
  it("closes a connection that pipelines requests and never reads the answers", async () => {
    const { port, connections } = await serve();
    const client = net.connect(port, "127.0.0.1");
    client.on("error", () => {});
    await once(client, "connect");
    client.pause();
    client.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".repeat(100));
    await new Promise<void>((resolve) => server!.once("request", () => resolve()));
    // Before the change the server kept it open, its answers waiting, for as long as the client liked.
    await once(connections[0]!, "close");
    expect(connections[0]!.destroyed).toBe(true);
    client.destroy();
  });

  it("leaves a connection whose answers were taken in time open for its next request", async () => {
    const { port } = await serve();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: net.Socket }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode!, socket: res.socket }));
          })
          .on("error", reject);
      });
    try {
      const first = await get();
      // Past the deadline of the first request: its timer was cleared when its answer was taken.
      await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 2));
      const second = await get();
      expect(second.socket).toBe(first.socket);
      expect(second.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
