import { readdirSync, readFileSync, readlinkSync } from "node:fs";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { ACCEPT_HANDLES } from "../../server/accept-handles";
import { rawRequest, type RunningServer, startServer } from "./harness";

/**
 * The built server accepts new connections from several descriptors of its listening socket, so that a crowd arriving
 * while its turns are long is let in at once (ADR 046): the descriptors are read from /proc, and connections accepted
 * by any of them are answered as any other.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The inode of the socket listening on `port`, from /proc/net/tcp or tcp6 (HOST unset binds IPv6 and IPv4 as one). */
function listeningInode(pid: number, port: number): string {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  for (const table of ["tcp", "tcp6"]) {
    const rows = readFileSync(`/proc/${pid}/net/${table}`, "utf8").split("\n").slice(1);
    const listening = rows
      .map((line) => line.trim().split(/\s+/))
      .find((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === "0A");
    if (listening) return listening[9]!;
  }
  throw new Error(`nothing listens on port ${port}`);
}

/** How many of the process's descriptors are the socket with `inode`. */
function descriptorsOf(pid: number, inode: string): number {
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
    } catch {
      return false; // closed since it was listed
    }
  }).length;
}

describe("accepting new connections", () => {
  it(`accepts from ${ACCEPT_HANDLES} descriptors of its one listening socket`, async () => {
    const port = Number(new URL(server.origin).port);
    const inode = listeningInode(server.pid, port);
    // It answers as soon as it listens; the copies come a moment later.
    await vi.waitFor(() => expect(descriptorsOf(server.pid, inode)).toBe(ACCEPT_HANDLES), { timeout: 10_000 });
  });

  it("answers a crowd of new connections, each as it would any other", async () => {
    // Rendered once first: the crowd meets the shared page, not the limit on renders at once (ADR 024).
    expect((await rawRequest(server.origin, { path: "/about" })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 64 }, () => rawRequest(server.origin, { path: "/about" })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers["x-request-id"]).toBeTruthy();
      expect(answer.headers["content-security-policy"]).toContain("script-src");
    }
  });
});
