import { AsyncLocalStorage } from "node:async_hooks";

import { type LevelWithSilent, type Logger, pino } from "pino";

// The server's log (docs/operations.md#logs). Nothing logs headers or bodies; REDACTED is the second
// line of defence (tests/server/logs.test.ts searches the log for every secret).

export interface LogSettings {
  level: LevelWithSilent;
  pretty: boolean;
}

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

function createLogger({ level, pretty }: LogSettings): Logger {
  return pino({
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED, censor: "[redacted]" },
    ...(pretty && {
      transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } },
    }),
  });
}

// On globalThis: the server entry and the app are two bundles (and development reloads modules),
// but the process has one log and one request scope.
const shared = globalThis as typeof globalThis & {
  __makervoltLog?: { root: Logger; requests: AsyncLocalStorage<Logger> };
};
const log = (shared.__makervoltLog ??= {
  root: createLogger({ level: "info", pretty: false }),
  requests: new AsyncLocalStorage(),
});

/** The process's log as the settings say (server/main.ts, once it has read them); until then `info`, JSON. */
export function configureLog(settings: LogSettings): void {
  log.root = createLogger(settings);
}

/** The current request's logger (with its `reqId`), or the process's. */
export function logger(): Logger {
  return log.requests.getStore() ?? log.root;
}

export function withRequestLogger<T>(requestLogger: Logger, next: () => T): T {
  return log.requests.run(requestLogger, next);
}

/** A URL as the log may show it: without a mailed link's `token_hash` (ADR 035). */
export function loggableUrl(url: string): string {
  return url.replace(/([?&]token_hash=)[^&#]*/gi, "$1…");
}
