import type { Logger } from "pino";
import { afterEach, describe, expect, it } from "vitest";

import { configureLog, loggableUrl, logger, withRequestLogger } from "~/lib/log.server";

/** The process's log (app/lib/log.server.ts): its level comes from the settings, passed in once they are read. */

afterEach(() => configureLog({ level: "info", pretty: false }));

describe("configureLog", () => {
  it("is `info` until configured, then the level it is given", () => {
    expect(logger().level).toBe("info");
    configureLog({ level: "warn", pretty: false });
    expect(logger().level).toBe("warn");
    configureLog({ level: "silent", pretty: false });
    expect(logger().level).toBe("silent");
  });

  it("leaves a request's own logger in place while the request runs", () => {
    const requestLogger = logger().child({ reqId: "r1" }) as Logger;
    configureLog({ level: "debug", pretty: false });
    expect(withRequestLogger(requestLogger, () => logger())).toBe(requestLogger);
    expect(logger().level).toBe("debug");
  });
});

describe("loggableUrl", () => {
  it("leaves out a mailed link's token", () => {
    expect(loggableUrl("/auth/confirm?token_hash=secret&type=email")).toBe("/auth/confirm?token_hash=…&type=email");
  });
});
