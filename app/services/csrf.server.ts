import { createHash, randomBytes } from "node:crypto";

import type { Cookie } from "react-router";
import { CSRF, CSRFError } from "remix-utils/csrf/server";

import { logger } from "~/lib/log.server";
import { cookieSecret, isSecure, signedCookie } from "~/services/cookie-policy.server";

/**
 * remix-utils' authenticity token where a session is at stake: sign-in, sign-up and logout (ADR 017, ADR 023). A
 * cookie's Secure flag is fixed when it is made, hence two policies; each reads what the other wrote.
 */
interface CsrfPolicy {
  cookie: Cookie;
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
 * A token in remix-utils' format, made with node:crypto as its own generator hashes in JavaScript (ADR 014); the
 * signed cookie, not the digest, makes it unforgeable (ADR 025).
 */
function newToken(): string {
  const token = randomBytes(32).toString("base64url");
  return `${token}.${digestOf(token)}`;
}

function digestOf(token: string): string {
  return `${createHash("sha256").update(token).digest("base64url")}=`;
}

/** False for a token of the old, keyed format, whose visitor gets a new one, not a refused form (ADR 025). */
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

/** A new token at sign-in, so one learnt before it (a shared computer's open tab) is worth nothing after. */
export async function rotateCsrfToken(request: Request): Promise<string> {
  return csrfFor(request).cookie.serialize(newToken());
}

/** At sign-out: without the cookie, shared copies of pages serve the visitor again (ADR 018). */
export async function clearCsrfToken(request: Request): Promise<string> {
  return csrfFor(request).cookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

export const CSRF_FAILURE_MESSAGE =
  "This form could not be sent because it expired or did not come from this site. Reload the page and try again.";

/** A 403 for the error page unless the form's token matches; takes the form read once already. */
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
