import type { Server } from "node:http";

import { loggableUrl, logger } from "../app/lib/log.server";

/**
 * The response deadline (RESPONSE_TIMEOUT_MS, docs/configuration.md): a request's whole answer must
 * have been taken by its client within this time of the request's arrival, or its connection is
 * closed. A client that asks and then reads slowly or not at all (pipelining pages it never takes,
 * a receive window of a few bytes) would otherwise keep its connection, and the answers Node holds
 * for it, for as long as it likes: Node's own time-outs do not end it (`requestTimeout` and
 * `headersTimeout` bound receiving the request, `keepAliveTimeout` the wait between requests, and
 * `timeout` a connection with nothing moving, which a client taking a byte now and then never is).
 * Behind nginx the proxy takes each answer at once and this never fires.
 */
export function limitResponseTime(server: Server, deadlineMs: number): void {
  server.on("request", (req, res) => {
    const timer = setTimeout(() => {
      // The connection, not the response: a pipelined answer has no connection of its own until
      // those before it are sent, and every answer on it waits behind this one anyway.
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
