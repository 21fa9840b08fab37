import { type Cookie, type CookieOptions, createCookie } from "react-router";

import { sessionSecretKeptWithData } from "~/backends/embedded/session-secret.server";
import { type Config, getConfig } from "~/config.server";

/**
 * What every cookie the shop sets has in common: the secret that signs it and when it is Secure
 * (ADR 030). One module, so the session, toast and CSRF cookies never disagree.
 */

/**
 * Development and unit tests sign with this fixed value when SESSION_SECRET is unset. It
 * protects nothing, which is why production never uses it.
 */
const DEVELOPMENT_SECRET = "makervolt-development-secret-not-for-production";

/**
 * The secret that signs every cookie under `config`: SESSION_SECRET when set, the development
 * secret outside production, else the one the embedded database keeps with its data. Each call
 * decides anew (reading or writing that file in production): the app uses cookieSecret().
 */
export function decideCookieSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.nodeEnv !== "production") return DEVELOPMENT_SECRET;
  return sessionSecretKeptWithData(config.dataDir);
}

let secret: string | undefined;

/**
 * This process's cookie secret (it also seeds the honeypot), decided at the first call. The
 * server entry makes that call before it listens, so a DATA_DIR that cannot keep the secret
 * stops the start rather than failing the first request; the cookie modules call it on first use.
 */
export function cookieSecret(): string {
  secret ??= decideCookieSecret(getConfig());
  return secret;
}

/**
 * Every cookie the shop sets is one of these: signed with cookieSecret(), HttpOnly (no script
 * needs to read it), SameSite=Lax and site-wide. Secure is decided per response (isSecure). Call
 * it on first use, not at import, so importing a module decides no secret.
 */
export function signedCookie(name: string, options: Omit<CookieOptions, "secrets"> = {}): Cookie {
  return createCookie(name, { secrets: [cookieSecret()], httpOnly: true, sameSite: "lax", path: "/", ...options });
}

/**
 * Secure only in production over HTTPS: browsers refuse a Secure cookie sent over plain HTTP, and
 * the end-to-end server (NODE_ENV=production on http://localhost) must still deliver cookies.
 * Behind a TLS-terminating proxy, `request.url` says https when the proxy says so: the server
 * entry reads its X-Forwarded-Proto once, and only from a proxy we trust (TRUST_PROXY=1).
 */
export function isSecure(request: Request, { nodeEnv }: Pick<Config, "nodeEnv"> = getConfig()): boolean {
  return nodeEnv === "production" && new URL(request.url).protocol === "https:";
}
