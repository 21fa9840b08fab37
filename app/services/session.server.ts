import { redirect } from "react-router";

import { getAuthBackend } from "~/backends/index.server";
import type { AuthUser, SessionRef } from "~/backends/types.server";
import { logger } from "~/lib/log.server";
import { errorMessage, type ToastInput } from "~/models/toast/toast";
import { clearCsrfToken, rotateCsrfToken } from "~/services/csrf.server";
import { opaqueCookie } from "~/services/opaque-cookie.server";
import { redirectWithToast } from "~/services/toast.server";

/** The `__session` cookie holds only the backend's session reference (docs/accounts.md#sessions). */
const sessionCookie = opaqueCookie("__session", { maxAge: 30 * 24 * 60 * 60 }); // the backends' limit too

export interface CurrentUser {
  user: AuthUser | null;
  headers: Headers;
}

/** Loaders of one request share one lookup: a hosted refresh token is single-use (docs/accounts.md#sessions). */
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
  const session = await sessionCookie.read(request);
  if (!session) return { user: null, headers };
  try {
    const backend = await getAuthBackend();
    const found = await backend.lookUpSession(session);
    if (!found.session) headers.append("Set-Cookie", await sessionCookie.clear(request));
    else if (found.session !== session)
      headers.append("Set-Cookie", await sessionCookie.commit(request, found.session));
    return { user: found.session ? found.user : null, headers };
  } catch (error) {
    // The database is down: show the page as signed out, but keep the cookie for next time.
    logger().error({ err: error }, "Looking up the session failed");
    return { user: null, headers };
  }
}

export async function requireAnonymous(request: Request): Promise<void> {
  const { user } = await getUser(request);
  if (user) throw redirect("/", 303);
}

/** A new session and CSRF token; one the old cookie still names (its lookup failed) is ended, not left alive. */
export async function createUserSession(
  request: Request,
  session: SessionRef | null,
  redirectTo: string,
  toast: ToastInput,
): Promise<Response> {
  const previous = await sessionCookie.read(request);
  if (previous && previous !== session) await endSession(previous);
  const headers = new Headers({ "Set-Cookie": await rotateCsrfToken(request) });
  if (session) headers.append("Set-Cookie", await sessionCookie.commit(request, session));
  return redirectWithToast(request, redirectTo, toast, { headers });
}

async function endSession(session: SessionRef): Promise<void> {
  try {
    const { error } = await (await getAuthBackend()).signOut(session);
    if (error) logger().error({ err: error }, "Ending the previous session failed");
  } catch (error) {
    logger().error({ err: error }, "Ending the previous session failed");
  }
}

export type LogoutResult = { ok: true; headers: Headers } | { ok: false; message: string; headers: Headers };

/** Ends the session on the server; its cookie and the CSRF token are cleared even when that fails (reported). */
export async function logout(request: Request): Promise<LogoutResult> {
  const headers = new Headers({ "Set-Cookie": await sessionCookie.clear(request) });
  headers.append("Set-Cookie", await clearCsrfToken(request));
  const session = await sessionCookie.read(request);
  if (!session) return { ok: true, headers };
  try {
    const { error } = await (await getAuthBackend()).signOut(session);
    return error ? { ok: false, message: error.message, headers } : { ok: true, headers };
  } catch (error) {
    logger().error({ err: error }, "Sign-out failed");
    return { ok: false, message: errorMessage(), headers };
  }
}
