import ipaddr from "ipaddr.js";
import { z } from "zod";

// Relative, not `~/`: the server entry bundles this file too, and its bundler leaves `~/` imports
// to Node as packages.
import { StartupError } from "./lib/startup-error.server";

/**
 * Every setting the shop takes from its environment, read and checked in this one place
 * (docs/configuration.md says what each means). Nothing reads a setting when it is imported: the server
 * entry calls getConfig() before it loads the app, so a bad value stops the start with one line;
 * the app's modules call it when they first need a setting.
 */

export type Env = Record<string, string | undefined>;

/** Where the embedded database keeps its files when DATA_DIR is unset, from the project root. */
const DEFAULT_DATA_DIR = ".data";
const DEFAULT_PORT = 3000;
/** Settings whose value a start-up error must not repeat. */
const SECRETS = new Set(["SESSION_SECRET", "SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY", "SMTP_URL"]);
/** The sender's name when MAIL_FROM is unset (app/models/site/shop.ts's SHOP_NAME; this file imports nothing of the app's). */
const SHOP_NAME_IN_MAIL = "MakerVolt";
/** TRUST_PROXY=1: a proxy on this machine, as docs/deploy.md sets nginx up (the loopback addresses, no others). */
const LOOPBACK_PROXY = ["127.0.0.1", "::1"];
const TRUST_PROXY_MESSAGE =
  "TRUST_PROXY must be 1 (a proxy on this machine), 0 (none), or the proxies' addresses or CIDR ranges, " +
  "comma-separated (e.g. 10.0.0.5 or 10.0.0.0/8,::1)";
/** Connections per process to a PostgreSQL server: node-postgres' own default. */
const DEFAULT_POOL_SIZE = 10;
/**
 * The longest one statement may take on a PostgreSQL server. The slowest page query (a cold
 * search at 10,000 products) takes tens of milliseconds; 2 s keeps an overloaded database an
 * answer (503) within the 3 s a shopper is promised (docs/data.md#outages).
 */
const DEFAULT_STATEMENT_TIMEOUT_MS = 2_000;
/** Metrics are for whoever runs the shop, never for visitors: on the loopback interface unless told otherwise. */
const DEFAULT_METRICS_HOST = "127.0.0.1";
/** A backup a day, a week of them: what a small shop loses at worst is a day. */
const DEFAULT_BACKUP_INTERVAL_MINUTES = 24 * 60;
const DEFAULT_BACKUP_KEEP = 7;
/**
 * The longest a client may take to receive a whole answer, from its request (server/response-deadline.ts).
 * A page of ours is a few hundred KB at most: on a slow mobile link it is taken in a few seconds.
 */
const DEFAULT_RESPONSE_TIMEOUT_MS = 30_000;
/**
 * Load shedding's limits (ADR 024, server/load-shedding.ts): pages rendered at once, pages waiting for
 * a turn, the longest one waits, and the event-loop delay over which nothing waits. Measured on two
 * shared cores (docs/soak.md): more at once finish no sooner on one thread and hold more memory.
 */
const DEFAULT_RENDERS_AT_ONCE = 2;
const DEFAULT_RENDERS_WAITING = 8;
const DEFAULT_RENDER_WAIT_MS = 250;
const DEFAULT_EVENT_LOOP_DELAY_LIMIT_MS = 60;
/** Load shedding's limits when none is set, as Config["loadShedding"] holds them. */
export const DEFAULT_LOAD_SHEDDING = {
  maxRendering: DEFAULT_RENDERS_AT_ONCE,
  maxWaiting: DEFAULT_RENDERS_WAITING,
  maxWaitMs: DEFAULT_RENDER_WAIT_MS,
  maxDelayMs: DEFAULT_EVENT_LOOP_DELAY_LIMIT_MS,
} as const;
/**
 * The shortest SESSION_SECRET production takes: 32 characters of `openssl rand -base64 32` hold
 * 192 bits or more; a short word can be guessed offline from any signed cookie (ADR 023).
 */
export const MIN_SESSION_SECRET_LENGTH = 32;

export interface Config {
  nodeEnv: "production" | "development" | "test";
  port: number;
  /** The address to listen on; null: all interfaces. */
  host: string | null;
  /** A directory (relative to the project root), or `memory://` for a throwaway database. */
  dataDir: string;
  sessionSecret: string | null;
  /**
   * Hosted Supabase when SUPABASE_URL and SUPABASE_ANON_KEY are both set; null: the embedded database.
   * `serviceRoleKey` (SUPABASE_SERVICE_ROLE_KEY, optional) lets the server keep the sign-in limits
   * in the project's database (ADR 023); nothing else uses it.
   */
  supabase: { url: string; anonKey: string; serviceRoleKey: string | null } | null;
  /** A PostgreSQL server when DATABASE_URL is set (ADR 016); null: hosted Supabase or the embedded database. */
  postgres: { url: string; poolSize: number; statementTimeoutMs: number } | null;
  /** SITE_URL as an origin ("https://www.makervolt.com"); null: each request's own origin (ADR 008). */
  siteOrigin: string | null;
  /**
   * TRUST_PROXY: the reverse proxies (addresses and CIDR ranges) whose X-Forwarded-For, -Proto, -Host
   * and X-Request-Id are believed; from any other peer they are ignored. Empty: none.
   */
  trustProxy: readonly string[];
  /** METRICS_PORT (and METRICS_HOST): Prometheus metrics on a listener of their own; null: none. */
  metrics: { port: number; host: string } | null;
  /**
   * BACKUP_DIR (with BACKUP_INTERVAL_MINUTES and BACKUP_KEEP): where the embedded database is backed
   * up while the shop runs, how often, and how many backups are kept; null: no scheduled backups
   * (docs/operations.md#backups).
   */
  backups: { dir: string; intervalMinutes: number; keep: number } | null;
  /** RESPONSE_TIMEOUT_MS: a request's answer not taken by its client within this time closes its connection. */
  responseTimeoutMs: number;
  /**
   * RENDERS_AT_ONCE, RENDERS_WAITING, RENDER_WAIT_MS and EVENT_LOOP_DELAY_LIMIT_MS: load shedding's
   * limits (ADR 024), in the names server/load-shedding.ts takes them by.
   */
  loadShedding: { maxRendering: number; maxWaiting: number; maxWaitMs: number; maxDelayMs: number };
  /**
   * The accounts' mail (docs/accounts.md#mail): SMTP_URL (null: each mail is written as an .eml file
   * under DATA_DIR), MAIL_FROM, and SIGN_UP_CONFIRMATION (required: a new account signs in only once
   * its email is confirmed; optional: at once, and the link still confirms it).
   */
  mail: { smtpUrl: string | null; from: string; signUpConfirmation: "required" | "optional" };
}

/** Unset, empty and blank all mean "not set"; a value is read without the spaces around it. */
function setting<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" ? value.trim() || undefined : value), schema);
}

/** A whole number from `min` to `max`; anything else is refused with `message`. */
function wholeNumber(min: number, max: number, message: string) {
  return z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message });
}

const portNumber = (name: string) => wholeNumber(0, 65535, `${name} must be a port number from 0 to 65535`);

/** `raw` as an absolute http(s) URL without credentials; otherwise null, and `mustBe` as the issue. */
function httpUrl(raw: string, ctx: z.RefinementCtx, mustBe: string): URL | null {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: mustBe });
    return null;
  }
  return url;
}

/**
 * An address or CIDR range of a proxy: IPv4 in its four parts only (ipaddr.js would read "2" as
 * 0.0.0.2, so a hop count given by mistake would quietly trust a stranger), or IPv6; a range
 * narrower than everyone (a /0 would believe any visitor's forwarded headers).
 */
function isProxyRange(entry: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(entry) || ipaddr.IPv6.isValid(entry)) return true;
  if (!ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) && !ipaddr.IPv6.isValidCIDR(entry)) return false;
  return ipaddr.parseCIDR(entry)[1] > 0;
}

const EnvSchema = z
  .object({
    NODE_ENV: setting(
      z
        .enum(["production", "development", "test"], { message: "NODE_ENV must be production, development or test" })
        .default("development"),
    ),
    PORT: setting(portNumber("PORT").default(DEFAULT_PORT)),
    HOST: setting(z.string().optional()),
    DATA_DIR: setting(z.string().default(DEFAULT_DATA_DIR)),
    SESSION_SECRET: setting(z.string().optional()),
    SUPABASE_URL: setting(
      z
        .string()
        .transform((raw, ctx) =>
          httpUrl(raw, ctx, "SUPABASE_URL must be the project's http(s) URL, such as https://your-project.supabase.co")
            ? raw
            : z.NEVER,
        )
        .optional(),
    ),
    SUPABASE_ANON_KEY: setting(z.string().optional()),
    SUPABASE_SERVICE_ROLE_KEY: setting(z.string().optional()),
    DATABASE_URL: setting(
      z
        .string()
        .refine((raw) => /^postgres(?:ql)?:\/\/./.test(raw) && URL.canParse(raw), {
          message:
            "DATABASE_URL must be a postgres:// URL, such as postgres://makervolt:secret@db.internal:5432/makervolt",
        })
        .optional(),
    ),
    DATABASE_POOL_SIZE: setting(
      wholeNumber(1, 1000, "DATABASE_POOL_SIZE must be a whole number of connections from 1 to 1000").default(
        DEFAULT_POOL_SIZE,
      ),
    ),
    DATABASE_STATEMENT_TIMEOUT_MS: setting(
      wholeNumber(
        100,
        600_000,
        "DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000",
      ).default(DEFAULT_STATEMENT_TIMEOUT_MS),
    ),
    SITE_URL: setting(
      z
        .string()
        .transform((raw, ctx) => {
          const url = httpUrl(
            raw,
            ctx,
            "SITE_URL must be an absolute http(s) URL without credentials, such as https://www.makervolt.com",
          );
          if (!url) return z.NEVER;
          // The shop is served from the root of its host; a path would make every link wrong.
          if (url.pathname !== "/" || url.search || url.hash) {
            ctx.addIssue({
              code: z.ZodIssueCode.custom,
              message: "SITE_URL must be an origin without a path, query or fragment (e.g. https://www.makervolt.com)",
            });
            return z.NEVER;
          }
          return url.origin;
        })
        .optional(),
    ),
    TRUST_PROXY: setting(
      z
        .string()
        .transform((raw, ctx) => {
          if (raw === "0") return [];
          if (raw === "1") return LOOPBACK_PROXY;
          const entries = raw.split(",").map((entry) => entry.trim());
          if (entries.every(isProxyRange)) return entries;
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: TRUST_PROXY_MESSAGE });
          return z.NEVER;
        })
        .optional(),
    ),
    METRICS_PORT: setting(portNumber("METRICS_PORT").optional()),
    METRICS_HOST: setting(z.string().default(DEFAULT_METRICS_HOST)),
    BACKUP_DIR: setting(z.string().optional()),
    BACKUP_INTERVAL_MINUTES: setting(
      wholeNumber(1, 527_040, "BACKUP_INTERVAL_MINUTES must be a whole number of minutes from 1 to 527040").default(
        DEFAULT_BACKUP_INTERVAL_MINUTES,
      ),
    ),
    BACKUP_KEEP: setting(
      wholeNumber(1, 10_000, "BACKUP_KEEP must be a whole number of backups from 1 to 10000").default(
        DEFAULT_BACKUP_KEEP,
      ),
    ),
    RESPONSE_TIMEOUT_MS: setting(
      wholeNumber(
        1_000,
        3_600_000,
        "RESPONSE_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 3600000",
      ).default(DEFAULT_RESPONSE_TIMEOUT_MS),
    ),
    RENDERS_AT_ONCE: setting(
      wholeNumber(1, 64, "RENDERS_AT_ONCE must be a whole number of pages from 1 to 64").default(
        DEFAULT_RENDERS_AT_ONCE,
      ),
    ),
    RENDERS_WAITING: setting(
      wholeNumber(0, 1_000, "RENDERS_WAITING must be a whole number of pages from 0 to 1000").default(
        DEFAULT_RENDERS_WAITING,
      ),
    ),
    RENDER_WAIT_MS: setting(
      wholeNumber(0, 10_000, "RENDER_WAIT_MS must be a whole number of milliseconds from 0 to 10000").default(
        DEFAULT_RENDER_WAIT_MS,
      ),
    ),
    EVENT_LOOP_DELAY_LIMIT_MS: setting(
      wholeNumber(
        10,
        10_000,
        "EVENT_LOOP_DELAY_LIMIT_MS must be a whole number of milliseconds from 10 to 10000",
      ).default(DEFAULT_EVENT_LOOP_DELAY_LIMIT_MS),
    ),
    SMTP_URL: setting(
      z
        .string()
        .refine((raw) => /^smtps?:\/\/./.test(raw) && URL.canParse(raw), {
          message: "SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587",
        })
        .optional(),
    ),
    MAIL_FROM: setting(z.string().max(320, { message: "MAIL_FROM must be at most 320 characters" }).optional()),
    SIGN_UP_CONFIRMATION: setting(
      z
        .enum(["required", "optional"], { message: "SIGN_UP_CONFIRMATION must be required or optional" })
        .default("required"),
    ),
    // Read by the log itself (lib/log.server.ts), which must exist before the settings are
    // checked; checked here so a misspelt level stops the start instead of being ignored.
    LOG_LEVEL: setting(
      z
        .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
          message: "LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent",
        })
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    const hosted = Boolean(env.SUPABASE_URL && env.SUPABASE_ANON_KEY);
    if (hosted && env.DATABASE_URL) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["DATABASE_URL"],
        message: "DATABASE_URL and SUPABASE_URL are both set: set one (a PostgreSQL server, or hosted Supabase)",
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["METRICS_PORT"],
        message: "METRICS_PORT must differ from PORT: metrics are never served on the shop's own port",
      });
    }
    if (env.NODE_ENV === "production" && env.SESSION_SECRET && env.SESSION_SECRET.length < MIN_SESSION_SECRET_LENGTH) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message:
          `SESSION_SECRET is ${env.SESSION_SECRET.length} characters long; production needs at least ` +
          `${MIN_SESSION_SECRET_LENGTH}: set it to a long random value (e.g. \`openssl rand -base64 32\`)`,
      });
    }
    // Several processes must share one secret, and only the operator can give them one (ADR 030).
    if (env.NODE_ENV === "production" && (hosted || env.DATABASE_URL) && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message:
          "SESSION_SECRET is not set. In production with hosted Supabase or DATABASE_URL the shop refuses to start without it: " +
          "set SESSION_SECRET to a long random value (e.g. `openssl rand -base64 32`)",
      });
    }
  })
  .transform((env): Config => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST ?? null,
    dataDir: env.DATA_DIR,
    sessionSecret: env.SESSION_SECRET ?? null,
    supabase:
      env.SUPABASE_URL && env.SUPABASE_ANON_KEY
        ? {
            url: env.SUPABASE_URL,
            anonKey: env.SUPABASE_ANON_KEY,
            serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY ?? null,
          }
        : null,
    postgres: env.DATABASE_URL
      ? {
          url: env.DATABASE_URL,
          poolSize: env.DATABASE_POOL_SIZE,
          statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        }
      : null,
    siteOrigin: env.SITE_URL ?? null,
    trustProxy: env.TRUST_PROXY ?? [],
    metrics: env.METRICS_PORT === undefined ? null : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    backups: env.BACKUP_DIR
      ? { dir: env.BACKUP_DIR, intervalMinutes: env.BACKUP_INTERVAL_MINUTES, keep: env.BACKUP_KEEP }
      : null,
    responseTimeoutMs: env.RESPONSE_TIMEOUT_MS,
    loadShedding: {
      maxRendering: env.RENDERS_AT_ONCE,
      maxWaiting: env.RENDERS_WAITING,
      maxWaitMs: env.RENDER_WAIT_MS,
      maxDelayMs: env.EVENT_LOOP_DELAY_LIMIT_MS,
    },
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from:
        env.MAIL_FROM ??
        `${SHOP_NAME_IN_MAIL} <no-reply@${env.SITE_URL ? new URL(env.SITE_URL).hostname : "localhost"}>`,
      signUpConfirmation: env.SIGN_UP_CONFIRMATION,
    },
  }));

/**
 * The settings in `env`, with their defaults. A bad value throws a StartupError whose message is
 * one line naming each variable at fault and the value it had.
 */
export function parseConfig(env: Env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    // The log must never carry a secret: not a key, nor the password of a URL given with one.
    const raw = SECRETS.has(name) ? "" : env[name]?.trim().replace(/\/\/[^/@]*@/, "//…@");
    return raw ? `${issue.message}, not "${raw}"` : issue.message;
  });
  throw new StartupError(`${[...new Set(problems)].join("; ")}.`);
}

/**
 * Settings given that the database chosen leaves unused, one line each for the server to log at
 * start (docs/configuration.md#settings-that-are-ignored): an example file that sets both DATA_DIR
 * and DATABASE_URL, or BACKUP_DIR beside DATABASE_URL, otherwise runs without backups and says nothing.
 */
export function ignoredSettings(env: Env): string[] {
  const given = (name: string) => (env[name]?.trim() ?? "") !== "";
  const hosted = given("SUPABASE_URL") && given("SUPABASE_ANON_KEY");
  const postgres = !hosted && given("DATABASE_URL");
  const mode = hosted
    ? "hosted Supabase (SUPABASE_URL)"
    : postgres
      ? "a PostgreSQL server (DATABASE_URL)"
      : "the embedded database";
  const ignored: [name: string, why: string][] = [];
  const backupSettings = ["BACKUP_DIR", "BACKUP_INTERVAL_MINUTES", "BACKUP_KEEP"];
  if (hosted || postgres) {
    const instead = hosted ? "Supabase backs its projects up itself" : "back it up with pg_dump";
    for (const name of backupSettings.filter(given))
      ignored.push([name, `it schedules backups of the embedded database; ${instead} (docs/operations.md#backups)`]);
  } else if (!given("BACKUP_DIR")) {
    for (const name of backupSettings.slice(1).filter(given))
      ignored.push([name, "no backups are scheduled without BACKUP_DIR"]);
  }
  if (given("DATA_DIR") && hosted) ignored.push(["DATA_DIR", "the project keeps the data, and sends the mail"]);
  if (hosted) {
    for (const name of ["SMTP_URL", "MAIL_FROM"].filter(given))
      ignored.push([name, "the project sends the account mails itself, through its own SMTP settings"]);
    if (given("SIGN_UP_CONFIRMATION"))
      ignored.push([
        "SIGN_UP_CONFIRMATION",
        'the project\'s "Confirm email" switch decides (docs/configuration.md#hosted-supabase)',
      ]);
  }
  if (given("DATA_DIR") && postgres && given("SMTP_URL"))
    ignored.push(["DATA_DIR", "the data is at DATABASE_URL, and mail goes to SMTP_URL"]);
  if (!postgres)
    for (const name of ["DATABASE_POOL_SIZE", "DATABASE_STATEMENT_TIMEOUT_MS"].filter(given))
      ignored.push([name, "it sizes the connections to DATABASE_URL"]);
  if (!hosted) {
    if (given("SUPABASE_URL") !== given("SUPABASE_ANON_KEY"))
      ignored.push([
        given("SUPABASE_URL") ? "SUPABASE_URL" : "SUPABASE_ANON_KEY",
        "hosted Supabase needs both SUPABASE_URL and SUPABASE_ANON_KEY",
      ]);
    if (given("SUPABASE_SERVICE_ROLE_KEY")) ignored.push(["SUPABASE_SERVICE_ROLE_KEY", "only hosted Supabase uses it"]);
  }
  if (given("METRICS_HOST") && !given("METRICS_PORT"))
    ignored.push(["METRICS_HOST", "there is no metrics listener without METRICS_PORT"]);
  return ignored.map(([name, why]) => `${name} is set but ignored with ${mode}: ${why}.`);
}

let config: Config | undefined;

/** This process's settings, read from its environment at the first call. */
export function getConfig(): Config {
  config ??= parseConfig(process.env);
  return config;
}
