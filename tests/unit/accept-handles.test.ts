import { spawnSync } from "node:child_process";
import net, { type AddressInfo } from "node:net";

import { afterEach, describe, expect, it, vi } from "vitest";

import { acceptFromMoreHandles, type AcceptHandles } from "../../server/accept-handles";

/**
 * Node accepts one connection per listening handle per turn of the event loop; copies of the listening socket accept
 * one each as well (ADR 046). Each test holds the loop while a client process connects (the kernel completes the
 * connections, queued to be accepted), then counts the connections accepted in the next turn's poll phase.
 */

const CONNECT_ALL = `
const net = require("node:net");
const [port, count] = process.argv.slice(1).map(Number);
let connected = 0;
for (let i = 0; i < count; i++) net.connect(port, "127.0.0.1", () => { if (++connected === count) process.exit(0); });
setTimeout(() => process.exit(1), 10000);
`;

const servers: net.Server[] = [];
const copies: AcceptHandles[] = [];
afterEach(async () => {
  await Promise.all(copies.splice(0).map((handles) => handles.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listeningServer(): Promise<{ server: net.Server; accepted: () => number; port: number }> {
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    socket.destroy();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, accepted: () => accepted, port: (server.address() as AddressInfo).port };
}

const nextCheckPhase = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Connections accepted in one poll phase, with `count` already waiting to be accepted. */
async function acceptedInOneTurn(port: number, accepted: () => number, count: number): Promise<number> {
  // Synchronous: this process's loop stands still while they connect.
  const client = spawnSync(process.execPath, ["-e", CONNECT_ALL, String(port), String(count)]);
  expect(client.status, client.stderr.toString()).toBe(0);
  await nextCheckPhase();
  const before = accepted();
  await nextCheckPhase();
  return accepted() - before;
}

describe("acceptFromMoreHandles", () => {
  it("Node on its own accepts one waiting connection per turn", async () => {
    const { port, accepted } = await listeningServer();
    expect(await acceptedInOneTurn(port, accepted, 20)).toBe(1);
  });

  it("with copies of the listening socket, accepts one per handle per turn, each given to the server", async () => {
    const { server, port, accepted } = await listeningServer();
    const handles = await acceptFromMoreHandles(server, 7);
    copies.push(handles);
    expect(handles.count).toBe(7);
    expect(await acceptedInOneTurn(port, accepted, 20)).toBe(8);
  });

  it("stops accepting when the copies are closed with the server", async () => {
    const { server, port } = await listeningServer();
    const handles = await acceptFromMoreHandles(server, 3);
    await Promise.all([handles.close(), new Promise((resolve) => server.close(resolve))]);
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => resolve("connected"));
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    expect(refused).toBe("ECONNREFUSED");
  });

  it("accepts as the server would, and closes only once the connections it accepted have ended", async () => {
    const accepted: net.Socket[] = [];
    const server = net.createServer({ allowHalfOpen: true, noDelay: true }, (socket) => accepted.push(socket));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const handles = await acceptFromMoreHandles(server, 2);
    // The server's own handle closed: only the copies accept now.
    server.close();
    const client = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => client.once("connect", resolve));
    await vi.waitFor(() => expect(accepted).toHaveLength(1));
    expect(accepted[0]!.allowHalfOpen).toBe(true);

    let closed = false;
    const closing = handles.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed, "closed while a connection it accepted is open").toBe(false);
    // Half-open connections stay open until the server ends them, as an HTTP server does once it has answered.
    client.destroy();
    accepted[0]!.destroy();
    await closing;
    expect(closed).toBe(true);
  });

  it("refuses a server that is not listening", async () => {
    await expect(acceptFromMoreHandles(net.createServer(), 3)).rejects.toThrow("not listening");
  });
});
