import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { dataDirProblem } from "~/backends/embedded/data-dir-lock.server";
import { StartupError } from "~/services/startup-error.server";

/**
 * What every cookie the shop sets has in common: the secret that signs it and when it is Secure
 * (DESIGN §5). One module, so the session, toast and CSRF cookies never disagree.
 */

/**
 * Development and unit tests sign with this fixed value when SESSION_SECRET is unset. It
 * protects nothing, which is why production never uses it (see productionSecret).
 */
const DEVELOPMENT_SECRET = "makervolt-development-secret-not-for-production";

const SECRET_FILE = "session-secret";

/**
 * Production without SESSION_SECRET (ADR 006):
 * - hosted Supabase: refuse to start. Several instances must share one secret, and only the
 *   operator can give them one.
 * - embedded database: one process owns DATA_DIR, so a random secret is made on first start and
 *   kept beside the data (`DATA_DIR/session-secret`, mode 0600): `npm start` works on a fresh
 *   clone, and sessions survive restarts for exactly as long as the accounts they belong to.
 *   With `DATA_DIR=memory://` nothing survives a restart anyway, so the secret lives in memory.
 */
function productionSecret(env: NodeJS.ProcessEnv): string {
  const hosted = Boolean(env.SUPABASE_URL?.trim() && env.SUPABASE_ANON_KEY?.trim());
  if (hosted) {
    throw new StartupError(
      "SESSION_SECRET is not set. In production with hosted Supabase the shop refuses to start without it: " +
        "set SESSION_SECRET to a long random value (e.g. `openssl rand -base64 32`).",
    );
  }
  const dataDir = env.DATA_DIR?.trim() || ".data";
  if (dataDir.startsWith("memory://")) return randomBytes(32).toString("base64url");
  const file = path.resolve(process.cwd(), dataDir, SECRET_FILE);
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw dataDirProblem(path.dirname(file), error);
  }
  const secret = randomBytes(32).toString("base64url");
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  } catch (error) {
    throw dataDirProblem(path.dirname(file), error);
  }
  return secret;
}

let secret: string | undefined;

/**
 * The secret that signs every cookie (and seeds the honeypot): SESSION_SECRET when set. Decided
 * once per process, at the first call (module load of the cookie modules, i.e. server start), so
 * a misconfigured production server fails at once rather than at the first request.
 */
export function cookieSecret(env: NodeJS.ProcessEnv = process.env): string {
  if (secret === undefined) {
    const configured = env.SESSION_SECRET?.trim();
    if (configured) secret = configured;
    else if (env.NODE_ENV === "production") secret = productionSecret(env);
    else secret = DEVELOPMENT_SECRET;
  }
  return secret;
}

/** For unit tests of the policy itself: the secret as it would be decided for `env`, uncached. */
export function decideCookieSecretForTest(env: NodeJS.ProcessEnv): string {
  const saved = secret;
  secret = undefined;
  try {
    return cookieSecret(env);
  } finally {
    secret = saved;
  }
}

/**
 * Secure only in production over HTTPS: browsers refuse a Secure cookie sent over plain HTTP, and
 * the end-to-end server (NODE_ENV=production on http://localhost) must still deliver cookies.
 * Behind a TLS-terminating proxy `request.url` says http: the proxy's X-Forwarded-Proto is
 * honoured too, and the server entry passes it on only from a proxy we trust (TRUST_PROXY=1).
 */
export function isSecure(request: Request): boolean {
  if (process.env.NODE_ENV !== "production") return false;
  if (new URL(request.url).protocol === "https:") return true;
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded === "https";
}
