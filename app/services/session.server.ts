import { type Cookie, redirect } from "react-router";

import { getAuthBackend } from "~/backends/index.server";
import type { AuthUser, SessionRef } from "~/backends/types.server";
import { logger } from "~/lib/log.server";
import type { ToastInput } from "~/models/toast/toast";
import { isSecure, signedCookie } from "~/services/cookie-policy.server";
import { clearCsrfToken, rotateCsrfToken } from "~/services/csrf.server";
import { redirectWithToast } from "~/services/toast.server";

/**
 * The shopper's session (docs/accounts.md#sessions): the `__session` cookie, signed, HttpOnly, SameSite=Lax,
 * Secure in production over HTTPS. It holds only the backend's session reference (the embedded
 * session token, or the hosted service's tokens); who the shopper is comes from the backend.
 */

/** The cookie outlives no session: the backends' absolute limit is 30 days too. */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

let cookie: Cookie | undefined;

/** Made on first use, so importing this module decides no secret. */
function sessionCookie(): Cookie {
  cookie ??= signedCookie("__session", { maxAge: MAX_AGE_SECONDS });
  return cookie;
}

async function readSessionRef(request: Request): Promise<SessionRef | null> {
  const header = request.headers.get("Cookie");
  if (!header || !/(?:^|;\s*)__session=/.test(header)) return null;
  try {
    const value: unknown = await sessionCookie().parse(header);
    return typeof value === "string" && value.length > 0 && value.length < 3500 ? value : null;
  } catch {
    return null;
  }
}

function commitSession(request: Request, session: SessionRef): Promise<string> {
  return sessionCookie().serialize(session, { secure: isSecure(request) });
}

function destroySession(request: Request): Promise<string> {
  return sessionCookie().serialize("", { secure: isSecure(request), maxAge: 0, expires: new Date(0) });
}

export interface CurrentUser {
  user: AuthUser | null;
  /** `Set-Cookie` to send when the session changed (refreshed) or ended (cleared); else empty. */
  headers: Headers;
}

/**
 * Loaders of one request share one lookup: a hosted refresh token is single-use, so parallel
 * loaders must not each refresh it (docs/accounts.md#sessions).
 */
const lookups = new WeakMap<Request, Promise<CurrentUser>>();

/** Who is signed in on this request, or null. Never throws: a broken session reads as none. */
export function getUser(request: Request): Promise<CurrentUser> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUpUser(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

async function lookUpUser(request: Request): Promise<CurrentUser> {
  const headers = new Headers();
  const session = await readSessionRef(request);
  if (!session) return { user: null, headers };
  try {
    const backend = await getAuthBackend();
    const found = await backend.lookUpSession(session);
    if (!found.session) headers.append("Set-Cookie", await destroySession(request));
    else if (found.session !== session) headers.append("Set-Cookie", await commitSession(request, found.session));
    return { user: found.session ? found.user : null, headers };
  } catch (error) {
    // The database is down: show the page as signed out, but keep the cookie for next time.
    logger().error({ err: error }, "Looking up the session failed");
    return { user: null, headers };
  }
}

/** For pages only a visitor needs (sign in, sign up): a signed-in shopper goes home. */
export async function requireAnonymous(request: Request): Promise<void> {
  const { user } = await getUser(request);
  if (user) throw redirect("/", 303);
}

/**
 * After sign-in or sign-up: the new session's cookie, a new CSRF token, and a 303 to `redirectTo` with `toast`.
 * A session this browser's cookie still names (say its lookup failed while the database was
 * briefly unreachable, so the shopper saw the form) is ended first: replacing the cookie must
 * not leave it alive on the server.
 */
export async function createUserSession(
  request: Request,
  session: SessionRef | null,
  redirectTo: string,
  toast: ToastInput,
): Promise<Response> {
  const previous = await readSessionRef(request);
  if (previous && previous !== session) await endSession(previous);
  const headers = new Headers({ "Set-Cookie": await rotateCsrfToken(request) });
  if (session) headers.append("Set-Cookie", await commitSession(request, session));
  return redirectWithToast(request, redirectTo, toast, { headers });
}

/** Ends a session on the server, best effort: a failure is logged, never shown. */
async function endSession(session: SessionRef): Promise<void> {
  try {
    const { error } = await (await getAuthBackend()).signOut(session);
    if (error) logger().error({ err: error }, "Ending the previous session failed");
  } catch (error) {
    logger().error({ err: error }, "Ending the previous session failed");
  }
}

export type LogoutResult = { ok: true; headers: Headers } | { ok: false; message: string; headers: Headers };

/**
 * Ends the session on the server and clears its cookie and the CSRF token. The cookies are cleared
 * even when the backend fails, so this browser is signed out either way; the failure is reported.
 */
export async function logout(request: Request): Promise<LogoutResult> {
  const headers = new Headers({ "Set-Cookie": await destroySession(request) });
  headers.append("Set-Cookie", await clearCsrfToken(request));
  const session = await readSessionRef(request);
  if (!session) return { ok: true, headers };
  try {
    const { error } = await (await getAuthBackend()).signOut(session);
    return error ? { ok: false, message: error.message, headers } : { ok: true, headers };
  } catch (error) {
    logger().error({ err: error }, "Sign-out failed");
    return { ok: false, message: "Something went wrong", headers };
  }
}
