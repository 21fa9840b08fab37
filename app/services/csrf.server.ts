import { createHash, randomBytes } from "node:crypto";

import type { Cookie } from "react-router";
import { CSRF, CSRFError } from "remix-utils/csrf/server";

import { logger } from "~/lib/log.server";
import { cookieSecret, isSecure, signedCookie } from "~/services/cookie-policy.server";

/**
 * Cross-site request forgery protection where a session is at stake (ADR 023, ADR 017):
 * remix-utils' authenticity token for sign-in, sign-up and logout. The page holding such a form
 * (`/auth`'s loader, or the root loader for a signed-in visitor's Logout) gives the visitor a
 * random token in the signed, HttpOnly `csrf` cookie and the same token in the form's hidden field
 * (<AuthenticityTokenInput>); the action checks that the two match. A form is posted with its
 * hidden field, so this works without JavaScript and in text browsers. Every other form relies on
 * the server's cross-site refusal alone (server/request-guards.ts).
 *
 * A cookie's Secure flag is fixed when it is created, so there is one for HTTPS and one for
 * plain HTTP; both have the same name and secret, so either reads what the other wrote.
 */
interface CsrfPolicy {
  /** The `csrf` cookie for one Secure setting. */
  cookie: Cookie;
  /** remix-utils' check of a form's token against that cookie. */
  csrf: CSRF;
}

function csrfWith(secure: boolean): CsrfPolicy {
  const cookie = signedCookie("csrf", { secure });
  return { cookie, csrf: new CSRF({ cookie, secret: cookieSecret() }) };
}

// Made on first use, so importing this module decides no secret.
let policies: { plain: CsrfPolicy; secure: CsrfPolicy } | undefined;

function csrfFor(request: Request): CsrfPolicy {
  policies ??= { plain: csrfWith(false), secure: csrfWith(true) };
  return isSecure(request) ? policies.secure : policies.plain;
}

/**
 * A new token in remix-utils' own format (what its check expects): 32 random bytes, a dot, their
 * SHA-256, both base64url (the digest with its `=` padding, as remix-utils writes it). Made with node:crypto, because remix-utils' generate() hashes in
 * JavaScript (ADR 014). The digest only catches a garbled token; what makes the token unforgeable
 * is the cookie it travels in, signed with the cookie secret (remix-utils 7 keyed the digest with
 * the secret too; 9 does not). tests/unit/csrf.test.ts checks that remix-utils accepts these tokens.
 */
function newToken(): string {
  const token = randomBytes(32).toString("base64url");
  return `${token}.${digestOf(token)}`;
}

function digestOf(token: string): string {
  return `${createHash("sha256").update(token).digest("base64url")}=`;
}

/**
 * False for a token remix-utils would call tampered: one made before the move to remix-utils 9
 * (docs/decisions/025-react-router-7.md), whose digest was keyed. Such a visitor gets a new token
 * instead of a refused form.
 */
function isCurrentToken(token: string): boolean {
  const [value, digest, ...rest] = token.split(".");
  return rest.length === 0 && !!value && digest === digestOf(value);
}

/** This visitor's token, and a `Set-Cookie` when it is new (the root loader sends both). */
export async function commitCsrfToken(request: Request): Promise<{ token: string; setCookie: string | null }> {
  const { cookie } = csrfFor(request);
  const header = request.headers.get("Cookie");
  if (header && /(?:^|;\s*)csrf=/.test(header)) {
    try {
      const existing: unknown = await cookie.parse(header);
      // An empty `csrf=` cookie reads as an empty token, which no form could be checked against.
      if (typeof existing === "string" && isCurrentToken(existing)) return { token: existing, setCookie: null };
    } catch {
      // A tampered cookie: start over with a fresh one, as below.
    }
  }
  const token = newToken();
  return { token, setCookie: await cookie.serialize(token) };
}

/**
 * `Set-Cookie` for a new token in place of whatever this visitor had: at sign-in, so a token
 * learnt before it (say, from a shared computer's open tab) is worth nothing afterwards.
 */
export async function rotateCsrfToken(request: Request): Promise<string> {
  return csrfFor(request).cookie.serialize(newToken());
}

/**
 * `Set-Cookie` that removes the visitor's token: at sign-out. The next page with a form that needs
 * one makes a new one, and until then the visitor has no cookie, so shared copies of pages serve them again.
 */
export async function clearCsrfToken(request: Request): Promise<string> {
  return csrfFor(request).cookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

export const CSRF_FAILURE_MESSAGE =
  "This form could not be sent because it expired or did not come from this site. Reload the page and try again.";

/**
 * For sign-in and sign-up: throws a 403 (shown by the error page, never a 500) unless the form's
 * token matches the cookie's. Takes the form already read, since the body can be read only once.
 * (Logout sends the shopper home with a "Sign out Failed" toast and this message instead.)
 */
export async function requireValidCsrf(form: FormData, request: Request): Promise<void> {
  if (!(await isValidCsrf(form, request))) {
    throw new Response(CSRF_FAILURE_MESSAGE, {
      status: 403,
      statusText: "Forbidden",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/** Whether the form's token matches the visitor's `csrf` cookie. */
export async function isValidCsrf(form: FormData, request: Request): Promise<boolean> {
  try {
    await csrfFor(request).csrf.validate(form, request.headers);
    return true;
  } catch (error) {
    if (!(error instanceof CSRFError)) logger().error({ err: error }, "CSRF check failed unexpectedly");
    return false;
  }
}
