import { CSRF, CSRFError } from "remix-utils/csrf/server";

import { cookieSecret, isSecure, signedCookie } from "~/services/cookie-policy.server";

/**
 * Cross-site request forgery protection (ADR 011): remix-utils' authenticity token. The root
 * loader gives every visitor a random token in the signed, HttpOnly `csrf` cookie and puts the
 * same token in a hidden field of every state-changing form (<AuthenticityTokenInput>); each
 * action checks that the two match. A form is posted with its hidden field, so this works
 * without JavaScript and in text browsers.
 *
 * A cookie's Secure flag is fixed when it is created, so there is one for HTTPS and one for
 * plain HTTP; both have the same name and secret, so either reads what the other wrote.
 */
function csrfWith(secure: boolean) {
  return new CSRF({ cookie: signedCookie("csrf", { secure }), secret: cookieSecret() });
}

// Made on first use, so importing this module decides no secret.
let csrfs: { plain: CSRF; secure: CSRF } | undefined;

function csrfFor(request: Request): CSRF {
  csrfs ??= { plain: csrfWith(false), secure: csrfWith(true) };
  return isSecure(request) ? csrfs.secure : csrfs.plain;
}

/** This visitor's token, and a `Set-Cookie` when it is new (the root loader sends both). */
export async function commitCsrfToken(request: Request): Promise<{ token: string; setCookie: string | null }> {
  try {
    const [token, setCookie] = await csrfFor(request).commitToken(request);
    // An empty `csrf=` cookie reads as an empty token, which no form could be checked against.
    if (token) return { token, setCookie };
  } catch {
    // A tampered cookie: start over with a fresh one, as below.
  }
  const [token, setCookie] = await csrfFor(request).commitToken(new Headers());
  return { token, setCookie };
}

export const CSRF_FAILURE_MESSAGE =
  "This form could not be sent because it expired or did not come from this site. Reload the page and try again.";

/**
 * For every action that changes state: throws a 403 (shown by the error page, never a 500)
 * unless the form's token matches the cookie's. Takes the form already read, since the body can
 * be read only once.
 */
export async function requireValidCsrf(form: FormData, request: Request): Promise<void> {
  if (!(await isValidCsrf(form, request))) {
    // A Response (not `data`), so resource routes (/logout, /notice) answer it as it is too.
    throw new Response(CSRF_FAILURE_MESSAGE, {
      status: 403,
      statusText: "Forbidden",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/** For a form that answers a refused token itself (with a 403), e.g. to keep what was typed. */
export async function isValidCsrf(form: FormData, request: Request): Promise<boolean> {
  try {
    await csrfFor(request).validate(form, request.headers);
    return true;
  } catch (error) {
    if (!(error instanceof CSRFError)) console.error("CSRF check failed unexpectedly", error);
    return false;
  }
}
