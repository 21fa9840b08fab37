import { AsyncLocalStorage } from "node:async_hooks";

import { type Logger, pino } from "pino";

/**
 * The server's log (docs/operations.md#logs): one JSON object a line in production, for a log
 * system to parse; readable lines in development (pino-pretty). LOG_LEVEL picks the least severe
 * level written (default `info`).
 *
 * `logger()` is the logger of the request being answered, when there is one (server/app.ts opens
 * a request's scope with withRequestLogger), so every line written for a request carries its
 * `reqId`; outside requests it is the process's own. Errors go in as `{ err }`, with their stack:
 * the log is for the operator, never the shopper.
 *
 * Never log a password, a token or a cookie's value: nothing here logs request headers or bodies,
 * and `redact` below is the second line of defence (a test searches the log for them,
 * tests/server/logs.test.ts).
 */

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/** Fields that must never reach the log, wherever they are in an object logged. */
const REDACTED = [
  "password",
  "*.password",
  "headers.cookie",
  "*.headers.cookie",
  "headers.authorization",
  "*.headers.authorization",
  'headers["set-cookie"]',
  '*.headers["set-cookie"]',
];

function createLogger(): Logger {
  const level = process.env.LOG_LEVEL?.trim().toLowerCase() ?? "";
  return pino({
    level: LEVELS.has(level) ? level : "info",
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED, censor: "[redacted]" },
    ...(process.env.NODE_ENV === "development" && {
      transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } },
    }),
  });
}

// On globalThis: the server entry and the app are two bundles (and development reloads modules),
// but the process has one log and one request scope.
const shared = globalThis as typeof globalThis & {
  __makervoltLog?: { root: Logger; requests: AsyncLocalStorage<Logger> };
};
const { root, requests } = (shared.__makervoltLog ??= { root: createLogger(), requests: new AsyncLocalStorage() });

/** The logger for what happens now: the current request's (with its `reqId`), or the process's. */
export function logger(): Logger {
  return requests.getStore() ?? root;
}

/** Runs `next` (and everything it starts) with `requestLogger` as logger(). */
export function withRequestLogger<T>(requestLogger: Logger, next: () => T): T {
  return requests.run(requestLogger, next);
}

/**
 * A URL as the log may show it: the value of a `token_hash` parameter (a link from a mail, which
 * signs its follower in or lets them choose a password) is left out (ADR 035).
 */
export function loggableUrl(url: string): string {
  return url.replace(/([?&]token_hash=)[^&#]*/gi, "$1…");
}
