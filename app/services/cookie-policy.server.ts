import { createHmac, timingSafeEqual } from "node:crypto";

import { parse, serialize } from "cookie";
import type { Cookie, CookieOptions } from "react-router";

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
 *
 * React Router's createCookie, in the same format (base64 JSON, "." and an HMAC-SHA256 without
 * padding: cookies set before still read), but signed with node:crypto at once instead of Web Crypto,
 * whose every call is a trip through the thread pool: a turn of the event loop each, seconds per
 * request under overload (ADR 037).
 */
export function signedCookie(name: string, options: Omit<CookieOptions, "secrets"> = {}): Cookie {
  const key = cookieSecret();
  const settings = { httpOnly: true, sameSite: "lax", path: "/", ...options } as const;
  return {
    name,
    isSigned: true,
    get expires() {
      return settings.maxAge === undefined ? settings.expires : new Date(Date.now() + settings.maxAge * 1000);
    },
    async parse(header, parseOptions) {
      if (!header) return null;
      const value = parse(header, { ...settings, ...parseOptions })[name];
      if (value === undefined) return null;
      if (value === "") return "";
      const dot = value.lastIndexOf(".");
      return dot > 0 && signatureMatches(value.slice(0, dot), value.slice(dot + 1), key)
        ? decodeValue(value.slice(0, dot))
        : null;
    },
    async serialize(value, serializeOptions) {
      const encoded = value === "" ? "" : signed(Buffer.from(JSON.stringify(value)).toString("base64"), key);
      return serialize(name, encoded, { ...settings, ...serializeOptions });
    },
  };
}

function signature(value: string, key: string): Buffer {
  return createHmac("sha256", key).update(value).digest();
}

function signed(value: string, key: string): string {
  return `${value}.${signature(value, key).toString("base64").replace(/=+$/, "")}`;
}

function signatureMatches(value: string, given: string, key: string): boolean {
  const expected = signature(value, key);
  const actual = Buffer.from(given, "base64");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A signed value that is not JSON was not written by us under this format: nothing, as React Router's reads it. */
function decodeValue(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    return {};
  }
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
