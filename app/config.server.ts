import ipaddr from "ipaddr.js";
import { z } from "zod";

// Relative, not `~/`: the server entry's bundler would leave a `~/` import to Node as a package.
import { StartupError } from "./lib/startup-error.server";

// Every setting, read and checked here once (docs/configuration.md). The server entry calls getConfig() before it
// loads the app, so a bad value stops the start with one line; nothing reads a setting at import.

export type Env = Record<string, string | undefined>;

const DEFAULT_DATA_DIR = ".data";
const DEFAULT_PORT = 3000;
/** Settings whose value a start-up error must not repeat. */
const SECRETS = new Set(["SESSION_SECRET", "SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY", "SMTP_URL"]);
/** MAIL_FROM's name when unset: SHOP_NAME (app/models/site/shop.ts), which this floor may not import. */
const SHOP_NAME_IN_MAIL = "MakerVolt";
const LOOPBACK_PROXY = ["127.0.0.1", "::1"];
const TRUST_PROXY_MESSAGE =
  "TRUST_PROXY must be 1 (a proxy on this machine), 0 (none), or the proxies' addresses or CIDR ranges, " +
  "comma-separated (e.g. 10.0.0.5 or 10.0.0.0/8,::1)";
const DEFAULT_POOL_SIZE = 10;
/** Within the 3 s a shopper is promised, an overloaded database is a 503 (docs/data.md#outages). */
const DEFAULT_STATEMENT_TIMEOUT_MS = 2_000;
/** Metrics are for the operator, never for visitors: loopback unless told otherwise. */
const DEFAULT_METRICS_HOST = "127.0.0.1";
const DEFAULT_BACKUP_INTERVAL_MINUTES = 24 * 60;
const DEFAULT_BACKUP_KEEP = 7;
/** A page of a few hundred KB reaches a slow mobile link in a few seconds. */
const DEFAULT_RESPONSE_TIMEOUT_MS = 30_000;
/** Load shedding's limits, measured on two shared cores (ADR 024, docs/soak.md). */
export const DEFAULT_LOAD_SHEDDING = { maxRendering: 2, maxWaiting: 8, maxWaitMs: 250, maxDelayMs: 60 } as const;
/** 32 characters of `openssl rand -base64 32` hold 192 bits or more (ADR 023). */
export const MIN_SESSION_SECRET_LENGTH = 32;
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** The settings by what they mean to the code (null: not set); docs/configuration.md has each one's meaning. */
export interface Config {
  nodeEnv: "production" | "development" | "test";
  port: number;
  host: string | null;
  dataDir: string;
  sessionSecret: string | null;
  supabase: { url: string; anonKey: string; serviceRoleKey: string | null } | null;
  postgres: { url: string; poolSize: number; statementTimeoutMs: number } | null;
  siteOrigin: string | null;
  trustProxy: readonly string[];
  metrics: { port: number; host: string } | null;
  backups: { dir: string; intervalMinutes: number; keep: number } | null;
  responseTimeoutMs: number;
  /** RENDERS_AT_ONCE, RENDERS_WAITING, RENDER_WAIT_MS, EVENT_LOOP_DELAY_LIMIT_MS (ADR 024). */
  loadShedding: { maxRendering: number; maxWaiting: number; maxWaitMs: number; maxDelayMs: number };
  mail: { smtpUrl: string | null; from: string; signUpConfirmation: "required" | "optional" };
  logLevel: (typeof LOG_LEVELS)[number];
}

/** Unset, empty and blank all mean "not set"; a value is read without the spaces around it. */
function setting<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" ? value.trim() || undefined : value), schema);
}

function wholeNumber(min: number, max: number, message: string) {
  return z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message });
}

function countSetting(name: string, unit: string, [min, max]: [number, number], fallback: number) {
  return setting(
    wholeNumber(min, max, `${name} must be a whole number of ${unit} from ${min} to ${max}`).default(fallback),
  );
}

const portNumber = (name: string) => wholeNumber(0, 65535, `${name} must be a port number from 0 to 65535`);

function httpUrl(raw: string, ctx: z.RefinementCtx, mustBe: string): URL | null {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: mustBe });
    return null;
  }
  return url;
}

/** IPv4 in four parts only (ipaddr.js reads a hop count "2" as 0.0.0.2), and never a /0, which believes everyone. */
function isProxyRange(entry: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(entry) || ipaddr.IPv6.isValid(entry)) return true;
  if (!ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) && !ipaddr.IPv6.isValidCIDR(entry)) return false;
  return ipaddr.parseCIDR(entry)[1] > 0;
}

const Settings = z.object({
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
  DATABASE_POOL_SIZE: countSetting("DATABASE_POOL_SIZE", "connections", [1, 1000], DEFAULT_POOL_SIZE),
  DATABASE_STATEMENT_TIMEOUT_MS: countSetting(
    "DATABASE_STATEMENT_TIMEOUT_MS",
    "milliseconds",
    [100, 600_000],
    DEFAULT_STATEMENT_TIMEOUT_MS,
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
  BACKUP_INTERVAL_MINUTES: countSetting(
    "BACKUP_INTERVAL_MINUTES",
    "minutes",
    [1, 527_040],
    DEFAULT_BACKUP_INTERVAL_MINUTES,
  ),
  BACKUP_KEEP: countSetting("BACKUP_KEEP", "backups", [1, 10_000], DEFAULT_BACKUP_KEEP),
  RESPONSE_TIMEOUT_MS: countSetting(
    "RESPONSE_TIMEOUT_MS",
    "milliseconds",
    [1_000, 3_600_000],
    DEFAULT_RESPONSE_TIMEOUT_MS,
  ),
  RENDERS_AT_ONCE: countSetting("RENDERS_AT_ONCE", "pages", [1, 64], DEFAULT_LOAD_SHEDDING.maxRendering),
  RENDERS_WAITING: countSetting("RENDERS_WAITING", "pages", [0, 1_000], DEFAULT_LOAD_SHEDDING.maxWaiting),
  RENDER_WAIT_MS: countSetting("RENDER_WAIT_MS", "milliseconds", [0, 10_000], DEFAULT_LOAD_SHEDDING.maxWaitMs),
  EVENT_LOOP_DELAY_LIMIT_MS: countSetting(
    "EVENT_LOOP_DELAY_LIMIT_MS",
    "milliseconds",
    [10, 10_000],
    DEFAULT_LOAD_SHEDDING.maxDelayMs,
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
  LOG_LEVEL: setting(
    z
      .enum(LOG_LEVELS, { message: `LOG_LEVEL must be ${LOG_LEVELS.slice(0, -1).join(", ")} or silent` })
      .default("info"),
  ),
});

/** Every setting the shop reads (docs/configuration.md documents each one). */
export const SETTING_NAMES = Object.keys(Settings.shape);

const EnvSchema = Settings.superRefine((env, ctx) => {
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
}).transform((env): Config => ({
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
      env.MAIL_FROM ?? `${SHOP_NAME_IN_MAIL} <no-reply@${env.SITE_URL ? new URL(env.SITE_URL).hostname : "localhost"}>`,
    signUpConfirmation: env.SIGN_UP_CONFIRMATION,
  },
  logLevel: env.LOG_LEVEL,
}));

/** The settings in `env`, with their defaults; a bad value is a one-line StartupError naming each at fault. */
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

/** Settings the database chosen leaves unused, a line each (docs/configuration.md#settings-that-are-ignored). */
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
