import type { Server } from "node:http";

import { loggableUrl, logger } from "../app/lib/log.server";

/**
 * Closes the connection of an answer its client has not taken within `deadlineMs` of the request (RESPONSE_TIMEOUT_MS):
 * none of Node's own time-outs ends a client that reads a byte now and then (ADR 033).
 */
export function limitResponseTime(server: Server, deadlineMs: number): void {
  server.on("request", (req, res) => {
    const timer = setTimeout(() => {
      // The connection: every answer pipelined on it waits behind this one anyway.
      if (req.socket.destroyed) return;
      req.socket.destroy();
      // The request log (server/app.ts) has no line for an answer never sent: this is its line.
      (req.log ?? logger()).warn(
        `${req.method} ${loggableUrl(req.url ?? "")}: its answer was not taken within ${deadlineMs} ms; the connection is closed`,
      );
    }, deadlineMs);
    timer.unref();
    res.once("close", () => clearTimeout(timer));
  });
}
