import { describe, expect, it } from "vitest";

import { DEFAULT_LOAD_SHEDDING, ignoredSettings, parseConfig } from "~/config.server";

/** The settings the shop reads from its environment (docs/configuration.md). */

const HOSTED = { SUPABASE_URL: "https://x.supabase.co", SUPABASE_ANON_KEY: "anon-key" };

const TRUST_PROXY_MUST_BE =
  "TRUST_PROXY must be 1 (a proxy on this machine), 0 (none), or the proxies' addresses or CIDR ranges, " +
  "comma-separated (e.g. 10.0.0.5 or 10.0.0.0/8,::1)";

/** Long enough for production (MIN_SESSION_SECRET_LENGTH). */
const LONG_SECRET = "a-production-secret-of-32-chars-or-more";

describe("defaults", () => {
  it("needs nothing set to run locally", () => {
    expect(parseConfig({})).toEqual({
      nodeEnv: "development",
      port: 3000,
      host: null,
      dataDir: ".data",
      sessionSecret: null,
      supabase: null,
      postgres: null,
      siteOrigin: null,
      trustProxy: [],
      metrics: null,
      backups: null,
      responseTimeoutMs: 30_000,
      loadShedding: DEFAULT_LOAD_SHEDDING,
      mail: { smtpUrl: null, from: "MakerVolt <no-reply@localhost>", signUpConfirmation: "required" },
      logLevel: "info",
    });
  });

  it("reads empty and blank values as unset", () => {
    const blank = { NODE_ENV: "", PORT: " ", HOST: "", DATA_DIR: "  ", SESSION_SECRET: "", SITE_URL: " " };
    expect(parseConfig({ ...blank, SUPABASE_URL: "", SUPABASE_ANON_KEY: "", TRUST_PROXY: "" })).toEqual(
      parseConfig({}),
    );
  });

  it("reads values without the spaces around them", () => {
    const config = parseConfig({
      NODE_ENV: " production ",
      PORT: " 8080 ",
      HOST: " 127.0.0.1 ",
      DATA_DIR: " memory:// ",
      SESSION_SECRET: ` ${LONG_SECRET} `,
      SUPABASE_URL: " https://x.supabase.co ",
      SUPABASE_ANON_KEY: " anon-key ",
    });
    expect(config).toMatchObject({
      nodeEnv: "production",
      port: 8080,
      host: "127.0.0.1",
      dataDir: "memory://",
      sessionSecret: LONG_SECRET,
      supabase: { url: "https://x.supabase.co", anonKey: "anon-key", serviceRoleKey: null },
    });
  });
});

describe("invalid values", () => {
  it.each([
    [{ NODE_ENV: "staging" }, 'NODE_ENV must be production, development or test, not "staging".'],
    [{ PORT: "http" }, 'PORT must be a port number from 0 to 65535, not "http".'],
    [{ PORT: "65536" }, 'PORT must be a port number from 0 to 65535, not "65536".'],
    [{ PORT: "-1" }, 'PORT must be a port number from 0 to 65535, not "-1".'],
    [{ PORT: "80.5" }, 'PORT must be a port number from 0 to 65535, not "80.5".'],
    [{ TRUST_PROXY: "true" }, `${TRUST_PROXY_MUST_BE}, not "true".`],
    [
      { SUPABASE_URL: "x.supabase.co" },
      `SUPABASE_URL must be the project's http(s) URL, such as https://your-project.supabase.co, not "x.supabase.co".`,
    ],
    [
      { SITE_URL: "www.makervolt.com" },
      'SITE_URL must be an absolute http(s) URL without credentials, such as https://www.makervolt.com, not "www.makervolt.com".',
    ],
    [
      { SITE_URL: "ftp://www.makervolt.com" },
      'SITE_URL must be an absolute http(s) URL without credentials, such as https://www.makervolt.com, not "ftp://www.makervolt.com".',
    ],
    [
      { SITE_URL: "https://user:secret@www.makervolt.com" },
      "SITE_URL must be an absolute http(s) URL without credentials, such as https://www.makervolt.com, " +
        'not "https://…@www.makervolt.com".',
    ],
    [
      { SITE_URL: "https://www.makervolt.com/shop" },
      "SITE_URL must be an origin without a path, query or fragment (e.g. https://www.makervolt.com), " +
        'not "https://www.makervolt.com/shop".',
    ],
    [
      { SITE_URL: "https://www.makervolt.com/?a=1" },
      "SITE_URL must be an origin without a path, query or fragment (e.g. https://www.makervolt.com), " +
        'not "https://www.makervolt.com/?a=1".',
    ],
  ])("refuses %o in one line: %s", (env, message) => {
    expect(() => parseConfig(env)).toThrow(expect.objectContaining({ name: "StartupError", message }));
  });

  it("names every bad value in the same line", () => {
    expect(() => parseConfig({ PORT: "x", TRUST_PROXY: "yes" })).toThrow(
      `PORT must be a port number from 0 to 65535, not "x"; ${TRUST_PROXY_MUST_BE}, not "yes".`,
    );
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, []],
    ["", []],
    ["0", []],
    // A proxy on this machine: the loopback addresses themselves, not all of 127.0.0.0/8.
    ["1", ["127.0.0.1", "::1"]],
    [" 1 ", ["127.0.0.1", "::1"]],
    ["127.0.0.1", ["127.0.0.1"]],
    ["10.0.0.0/8,::1", ["10.0.0.0/8", "::1"]],
    [" 192.0.2.10 , 2001:db8::/32 ", ["192.0.2.10", "2001:db8::/32"]],
    ["::ffff:10.0.0.5", ["::ffff:10.0.0.5"]],
  ])("%o trusts the proxies %o", (value, proxies) => {
    expect(parseConfig({ TRUST_PROXY: value }).trustProxy).toEqual(proxies);
  });

  it.each([
    // A hop count, which ipaddr.js alone would read as the address 0.0.0.2.
    ["2"],
    ["yes"],
    ["localhost"],
    ["127.1"],
    ["10.0.0.0/33"],
    ["::1/129"],
    // Everyone: any visitor's forwarded headers would be believed.
    ["0.0.0.0/0"],
    ["::/0"],
    ["10.0.0.1,"],
    ["10.0.0.1 10.0.0.2"],
    ["[::1]"],
  ])("refuses %o in one line", (value) => {
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(
      expect.objectContaining({ name: "StartupError", message: `${TRUST_PROXY_MUST_BE}, not "${value}".` }),
    );
  });
});

describe("SITE_URL", () => {
  it("is kept as a bare origin", () => {
    expect(parseConfig({ SITE_URL: "https://Shop.Example:8443/" }).siteOrigin).toBe("https://shop.example:8443");
    expect(parseConfig({ SITE_URL: "http://localhost:3000" }).siteOrigin).toBe("http://localhost:3000");
  });
});

describe("hosted Supabase", () => {
  it("is chosen only when both the URL and the anon key are set", () => {
    expect(parseConfig(HOSTED).supabase).toEqual({
      url: "https://x.supabase.co",
      anonKey: "anon-key",
      serviceRoleKey: null,
    });
    expect(parseConfig({ ...HOSTED, SUPABASE_SERVICE_ROLE_KEY: " service " }).supabase?.serviceRoleKey).toBe("service");
    expect(parseConfig({ SUPABASE_URL: HOSTED.SUPABASE_URL }).supabase).toBeNull();
    expect(parseConfig({ SUPABASE_ANON_KEY: HOSTED.SUPABASE_ANON_KEY }).supabase).toBeNull();
  });

  it("needs SESSION_SECRET in production (ADR 030)", () => {
    expect(() => parseConfig({ ...HOSTED, NODE_ENV: "production" })).toThrow(
      expect.objectContaining({ name: "StartupError", message: expect.stringMatching(/^SESSION_SECRET is not set/) }),
    );
    expect(parseConfig({ ...HOSTED, NODE_ENV: "production", SESSION_SECRET: LONG_SECRET }).sessionSecret).toBe(
      LONG_SECRET,
    );
    expect(parseConfig({ ...HOSTED, NODE_ENV: "development" }).sessionSecret).toBeNull();
  });

  it("does not need SESSION_SECRET on the embedded database, which can keep one itself", () => {
    expect(parseConfig({ NODE_ENV: "production" }).sessionSecret).toBeNull();
  });

  it("refuses a SESSION_SECRET under 32 characters in production, without repeating it", () => {
    const short = "correct-horse-battery-staple";
    expect(() => parseConfig({ NODE_ENV: "production", SESSION_SECRET: short })).toThrow(
      expect.objectContaining({
        name: "StartupError",
        message: expect.stringMatching(/^SESSION_SECRET is 28 characters long; production needs at least 32/),
      }),
    );
    expect(() => parseConfig({ NODE_ENV: "production", SESSION_SECRET: short })).not.toThrow(new RegExp(short));
    expect(parseConfig({ NODE_ENV: "development", SESSION_SECRET: short }).sessionSecret).toBe(short);
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: LONG_SECRET }).sessionSecret).toBe(LONG_SECRET);
  });
});

describe("a PostgreSQL server (DATABASE_URL)", () => {
  const URL_ONLY = { DATABASE_URL: "postgres://shop:secret@db.internal:5432/makervolt" };

  it("is chosen by DATABASE_URL, with a pool of 10 and a 2 s statement time-out unless set", () => {
    expect(parseConfig(URL_ONLY).postgres).toEqual({
      url: URL_ONLY.DATABASE_URL,
      poolSize: 10,
      statementTimeoutMs: 2000,
    });
    expect(
      parseConfig({ ...URL_ONLY, DATABASE_POOL_SIZE: " 4 ", DATABASE_STATEMENT_TIMEOUT_MS: "500" }).postgres,
    ).toMatchObject({ poolSize: 4, statementTimeoutMs: 500 });
    expect(parseConfig({ DATABASE_URL: "postgresql://localhost/shop" }).postgres?.url).toBe(
      "postgresql://localhost/shop",
    );
  });

  it("refuses what is not a postgres:// URL, without repeating its password", () => {
    for (const bad of ["mysql://u:hunter2@db/x", "db.internal:5432", "postgres://"]) {
      expect(() => parseConfig({ DATABASE_URL: bad })).toThrow(/^DATABASE_URL must be a postgres:\/\/ URL/);
    }
    expect(() => parseConfig({ DATABASE_URL: "mysql://u:hunter2@db/x" })).not.toThrow(/hunter2/);
  });

  it("refuses a pool size or time-out that is not a sensible whole number", () => {
    for (const size of ["0", "-1", "2.5", "many", "100000"]) {
      expect(() => parseConfig({ ...URL_ONLY, DATABASE_POOL_SIZE: size })).toThrow(/DATABASE_POOL_SIZE must be/);
    }
    for (const ms of ["0", "50", "1e9", "soon"]) {
      expect(() => parseConfig({ ...URL_ONLY, DATABASE_STATEMENT_TIMEOUT_MS: ms })).toThrow(
        /DATABASE_STATEMENT_TIMEOUT_MS must be/,
      );
    }
  });

  it("cannot be combined with hosted Supabase", () => {
    expect(() => parseConfig({ ...URL_ONLY, ...HOSTED })).toThrow(/DATABASE_URL and SUPABASE_URL are both set/);
  });

  it("needs SESSION_SECRET in production: several processes must share it", () => {
    expect(() => parseConfig({ ...URL_ONLY, NODE_ENV: "production" })).toThrow(/^SESSION_SECRET is not set/);
    expect(parseConfig({ ...URL_ONLY, NODE_ENV: "production", SESSION_SECRET: LONG_SECRET }).postgres).not.toBeNull();
  });
});

describe("metrics (METRICS_PORT, METRICS_HOST)", () => {
  it("are off unless METRICS_PORT is set, and on the loopback interface by default", () => {
    expect(parseConfig({}).metrics).toBeNull();
    expect(parseConfig({ METRICS_PORT: "9464" }).metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(parseConfig({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" }).metrics).toEqual({
      port: 9464,
      host: "10.0.0.5",
    });
  });

  it("refuses a port that is not a port, and the shop's own port", () => {
    expect(() => parseConfig({ METRICS_PORT: "metrics" })).toThrow(/METRICS_PORT must be a port number/);
    expect(() => parseConfig({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT must be a port number/);
    expect(() => parseConfig({ PORT: "3000", METRICS_PORT: "3000" })).toThrow(/METRICS_PORT must differ from PORT/);
  });
});

describe("LOG_LEVEL", () => {
  it("takes pino's levels and refuses anything else", () => {
    expect(parseConfig({ LOG_LEVEL: " debug " }).logLevel).toBe("debug");
    expect(() => parseConfig({ LOG_LEVEL: "verbose" })).toThrow(
      /^LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent, not "verbose"\.$/,
    );
  });
});

describe("backups (BACKUP_DIR, BACKUP_INTERVAL_MINUTES, BACKUP_KEEP)", () => {
  it("are off unless BACKUP_DIR is set, and daily keeping a week by default", () => {
    expect(parseConfig({}).backups).toBeNull();
    expect(parseConfig({ BACKUP_DIR: "/var/backups/makervolt" }).backups).toEqual({
      dir: "/var/backups/makervolt",
      intervalMinutes: 1440,
      keep: 7,
    });
    expect(parseConfig({ BACKUP_DIR: "backups", BACKUP_INTERVAL_MINUTES: "60", BACKUP_KEEP: "48" }).backups).toEqual({
      dir: "backups",
      intervalMinutes: 60,
      keep: 48,
    });
  });

  it("refuse what is not a whole number in range", () => {
    expect(() => parseConfig({ BACKUP_INTERVAL_MINUTES: "0" })).toThrow(
      /BACKUP_INTERVAL_MINUTES must be a whole number/,
    );
    expect(() => parseConfig({ BACKUP_INTERVAL_MINUTES: "daily" })).toThrow(/BACKUP_INTERVAL_MINUTES/);
    expect(() => parseConfig({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP must be a whole number of backups/);
    expect(() => parseConfig({ BACKUP_KEEP: "2.5" })).toThrow(/BACKUP_KEEP/);
  });
});

describe("the response deadline (RESPONSE_TIMEOUT_MS)", () => {
  it("is 30 s unless set, and takes a whole number of milliseconds from 1000 to 3600000", () => {
    expect(parseConfig({}).responseTimeoutMs).toBe(30_000);
    expect(parseConfig({ RESPONSE_TIMEOUT_MS: " 5000 " }).responseTimeoutMs).toBe(5_000);
    for (const ms of ["999", "3600001", "2.5", "30s"]) {
      expect(() => parseConfig({ RESPONSE_TIMEOUT_MS: ms })).toThrow(
        `RESPONSE_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 3600000, not "${ms}".`,
      );
    }
  });
});

describe("load shedding's limits (RENDERS_AT_ONCE, RENDERS_WAITING, RENDER_WAIT_MS, EVENT_LOOP_DELAY_LIMIT_MS)", () => {
  it("are the defaults unless set, and what is set otherwise", () => {
    expect(parseConfig({}).loadShedding).toEqual(DEFAULT_LOAD_SHEDDING);
    expect(
      parseConfig({
        RENDERS_AT_ONCE: "3",
        RENDERS_WAITING: "0",
        RENDER_WAIT_MS: " 1000 ",
        EVENT_LOOP_DELAY_LIMIT_MS: "100",
      }).loadShedding,
    ).toEqual({ maxRendering: 3, maxWaiting: 0, maxWaitMs: 1000, maxDelayMs: 100 });
  });

  it("refuse what is not a whole number in range, in one line each", () => {
    const refusals: [Record<string, string>, string][] = [
      [{ RENDERS_AT_ONCE: "0" }, 'RENDERS_AT_ONCE must be a whole number of pages from 1 to 64, not "0".'],
      [{ RENDERS_AT_ONCE: "many" }, 'RENDERS_AT_ONCE must be a whole number of pages from 1 to 64, not "many".'],
      [{ RENDERS_WAITING: "-1" }, 'RENDERS_WAITING must be a whole number of pages from 0 to 1000, not "-1".'],
      [{ RENDER_WAIT_MS: "0.5" }, 'RENDER_WAIT_MS must be a whole number of milliseconds from 0 to 10000, not "0.5".'],
      [
        { EVENT_LOOP_DELAY_LIMIT_MS: "5" },
        'EVENT_LOOP_DELAY_LIMIT_MS must be a whole number of milliseconds from 10 to 10000, not "5".',
      ],
    ];
    for (const [env, message] of refusals) expect(() => parseConfig(env)).toThrow(message);
  });
});

describe("mail", () => {
  it("sends from no-reply at SITE_URL's host unless MAIL_FROM says otherwise", () => {
    expect(parseConfig({ SITE_URL: "https://www.makervolt.com" }).mail.from).toBe(
      "MakerVolt <no-reply@www.makervolt.com>",
    );
    expect(parseConfig({ MAIL_FROM: " Shop <shop@example.com> " }).mail.from).toBe("Shop <shop@example.com>");
  });

  it("takes an smtp:// or smtps:// URL and never repeats it in an error", () => {
    expect(parseConfig({ SMTP_URL: "smtps://user:pw@mail.example.com:465" }).mail.smtpUrl).toBe(
      "smtps://user:pw@mail.example.com:465",
    );
    expect(() => parseConfig({ SMTP_URL: "http://user:secret@mail.example.com" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("secret") as unknown }),
    );
  });

  it("requires a confirmed email by default; optional signs in at once", () => {
    expect(parseConfig({ SIGN_UP_CONFIRMATION: "optional" }).mail.signUpConfirmation).toBe("optional");
    expect(() => parseConfig({ SIGN_UP_CONFIRMATION: "off" })).toThrow(
      /SIGN_UP_CONFIRMATION must be required or optional/,
    );
  });
});

describe("settings set but ignored (a line each at start)", () => {
  const POSTGRES = { DATABASE_URL: "postgres://makervolt:secret@127.0.0.1:5432/makervolt" };

  it("says nothing of a file that describes one database", () => {
    expect(ignoredSettings({})).toEqual([]);
    expect(ignoredSettings({ DATA_DIR: "/var/lib/makervolt/data", BACKUP_DIR: "/b", BACKUP_KEEP: "7" })).toEqual([]);
    expect(ignoredSettings({ ...POSTGRES, DATABASE_POOL_SIZE: "10", DATA_DIR: " " })).toEqual([]);
    // Without SMTP_URL the SQL backends write mail under DATA_DIR, on a PostgreSQL server too.
    expect(ignoredSettings({ ...POSTGRES, DATA_DIR: "/var/lib/makervolt/data" })).toEqual([]);
    expect(ignoredSettings({ ...HOSTED, SUPABASE_SERVICE_ROLE_KEY: "k" })).toEqual([]);
  });

  it("names backups beside DATABASE_URL, the example file's old mistake", () => {
    expect(
      ignoredSettings({ ...POSTGRES, DATA_DIR: "/d", BACKUP_DIR: "/b", BACKUP_KEEP: "7", SMTP_URL: "smtp://m" }),
    ).toEqual([
      "BACKUP_DIR is set but ignored with a PostgreSQL server (DATABASE_URL): it schedules backups of the embedded database; back it up with pg_dump (docs/operations.md#backups).",
      "BACKUP_KEEP is set but ignored with a PostgreSQL server (DATABASE_URL): it schedules backups of the embedded database; back it up with pg_dump (docs/operations.md#backups).",
      "DATA_DIR is set but ignored with a PostgreSQL server (DATABASE_URL): the data is at DATABASE_URL, and mail goes to SMTP_URL.",
    ]);
  });

  it("names DATA_DIR and backups with hosted Supabase, and the pool without DATABASE_URL", () => {
    expect(ignoredSettings({ ...HOSTED, DATA_DIR: "/d", BACKUP_DIR: "/b" })).toEqual([
      "BACKUP_DIR is set but ignored with hosted Supabase (SUPABASE_URL): it schedules backups of the embedded database; Supabase backs its projects up itself (docs/operations.md#backups).",
      "DATA_DIR is set but ignored with hosted Supabase (SUPABASE_URL): the project keeps the data, and sends the mail.",
    ]);
    expect(
      ignoredSettings({ DATABASE_POOL_SIZE: "5", BACKUP_INTERVAL_MINUTES: "60", METRICS_HOST: "0.0.0.0" }),
    ).toEqual([
      "BACKUP_INTERVAL_MINUTES is set but ignored with the embedded database: no backups are scheduled without BACKUP_DIR.",
      "DATABASE_POOL_SIZE is set but ignored with the embedded database: it sizes the connections to DATABASE_URL.",
      "METRICS_HOST is set but ignored with the embedded database: there is no metrics listener without METRICS_PORT.",
    ]);
  });

  it("names the mail settings with hosted Supabase, which mails itself", () => {
    expect(
      ignoredSettings({ ...HOSTED, SMTP_URL: "smtp://m", MAIL_FROM: "a@b.c", SIGN_UP_CONFIRMATION: "optional" }),
    ).toEqual([
      "SMTP_URL is set but ignored with hosted Supabase (SUPABASE_URL): the project sends the account mails itself, through its own SMTP settings.",
      "MAIL_FROM is set but ignored with hosted Supabase (SUPABASE_URL): the project sends the account mails itself, through its own SMTP settings.",
      'SIGN_UP_CONFIRMATION is set but ignored with hosted Supabase (SUPABASE_URL): the project\'s "Confirm email" switch decides (docs/configuration.md#hosted-supabase).',
    ]);
  });

  it("names half of hosted Supabase, and the service role key without it", () => {
    expect(ignoredSettings({ SUPABASE_URL: "https://x.supabase.co", SUPABASE_SERVICE_ROLE_KEY: "k" })).toEqual([
      "SUPABASE_URL is set but ignored with the embedded database: hosted Supabase needs both SUPABASE_URL and SUPABASE_ANON_KEY.",
      "SUPABASE_SERVICE_ROLE_KEY is set but ignored with the embedded database: only hosted Supabase uses it.",
    ]);
  });
});
