import { createHmac, timingSafeEqual } from "node:crypto";

import { parse, serialize } from "cookie";
import type { Cookie, CookieOptions } from "react-router";

import { sessionSecretKeptWithData } from "~/backends/embedded/session-secret.server";
import { type Config, getConfig } from "~/config.server";

/** What every cookie has in common, the secret and Secure, in one place (ADR 030). */

/** Public, so it protects nothing: outside production only. */
const DEVELOPMENT_SECRET = "makervolt-development-secret-not-for-production";

/** The secret that signs every cookie under `config`, decided anew at each call (the app uses cookieSecret()). */
export function decideCookieSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.nodeEnv !== "production") return DEVELOPMENT_SECRET;
  return sessionSecretKeptWithData(config.dataDir);
}

let secret: string | undefined;

/** This process's cookie secret, decided at the first call, which the server makes before it listens (ADR 030). */
export function cookieSecret(): string {
  secret ??= decideCookieSecret(getConfig());
  return secret;
}

/**
 * Every cookie the shop sets: HttpOnly, SameSite=Lax, site-wide; made on first use, not at import. React Router's
 * format, signed with node:crypto at once rather than a thread-pool trip through Web Crypto (ADR 037).
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

/** Browsers refuse a Secure cookie over plain HTTP, which the end-to-end server speaks (ADR 030). */
export function isSecure(request: Request, { nodeEnv }: Pick<Config, "nodeEnv"> = getConfig()): boolean {
  return nodeEnv === "production" && new URL(request.url).protocol === "https:";
}
