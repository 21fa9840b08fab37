import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { Database } from "~/backends/embedded/database.server";
import type { AuthBackend } from "~/backends/types.server";
import { logger } from "~/lib/log.server";
import { loadContext } from "~/load-context.server";
import type { action as authAction } from "~/routes/auth";
import type { action as logoutAction } from "~/routes/logout";
import type { commitCsrfToken as csrfToken } from "~/services/csrf.server";
import type { createUserSession as userSession } from "~/services/session.server";

import { routeOf } from "../support/route-args";

/**
 * The /auth action and the session cookie against the embedded backend on a real in-memory
 * PGlite: a sign-in never leaves this browser's previous session row alive on the server.
 */

vi.stubEnv("DATA_DIR", "memory://");
vi.stubEnv("SUPABASE_URL", "");
// These tests are about sessions: a new account signs in at once (the confirmation flow: sql-auth.test.ts).
vi.stubEnv("SIGN_UP_CONFIRMATION", "optional");

const ORIGIN = "http://localhost";
const PASSWORD = "correct horse battery";

let db: Database;
let backend: AuthBackend;
// Imported after the environment is set: the backend is chosen, and opened, on first use.
let modules: {
  action: typeof authAction;
  logout: typeof logoutAction;
  createUserSession: typeof userSession;
  commitCsrfToken: typeof csrfToken;
};

beforeAll(async () => {
  const { getAuthBackend } = await import("~/backends/index.server");
  const { getDatabase } = await import("~/backends/embedded/database.server");
  backend = await getAuthBackend();
  db = await getDatabase();
  modules = {
    action: (await import("~/routes/auth")).action,
    logout: (await import("~/routes/logout")).action,
    createUserSession: (await import("~/services/session.server")).createUserSession,
    commitCsrfToken: (await import("~/services/csrf.server")).commitCsrfToken,
  };
}, 120_000);

afterAll(async () => {
  const { closeDatabase } = await import("~/backends/embedded/database.server");
  await closeDatabase();
  vi.unstubAllEnvs();
});

const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

/** A browser signed in as a new account: its cookies (session and CSRF), token and user id. */
async function signedInBrowser() {
  const email = `shopper-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const outcome = await backend.signUp(email, PASSWORD, { origin: ORIGIN });
  if (!outcome.ok || !outcome.session) throw new Error("sign-up failed");
  const { rows } = await db.query<{ id: string }>("select id from auth.users where email = $1", [email]);
  const welcome = await modules.createUserSession(new Request(`${ORIGIN}/auth`), outcome.session, "/", {
    description: "Hi",
  });
  const sessionCookie = welcome.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
  const csrf = await modules.commitCsrfToken(new Request(`${ORIGIN}/auth`));
  return {
    email,
    userId: rows[0]!.id,
    csrf: csrf.token,
    cookie: `${cookiePair(sessionCookie)}; ${cookiePair(csrf.setCookie!)}`,
  };
}

async function sessionRows(userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("select count(*)::int as n from auth.sessions where user_id = $1", [
    userId,
  ]);
  return rows[0]!.n;
}

type Browser = Pick<Awaited<ReturnType<typeof signedInBrowser>>, "email" | "csrf" | "cookie">;

/** A form post as the browser would send it to `action`; a thrown redirect is returned like a returned one. */
async function post(
  action: typeof authAction | typeof logoutAction,
  path: string,
  browser: Browser,
  fields: Record<string, string>,
) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: browser.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body: new URLSearchParams({ csrf: browser.csrf, ...fields }),
  });
  try {
    const result = await action({ request, context: loadContext("127.0.0.1"), params: {}, ...routeOf(request) });
    if (result instanceof Response) return result;
    throw new Error(`expected a redirect, got data: ${JSON.stringify(result)}`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** POST /auth (sign-in). */
function postSignIn(browser: Browser): Promise<Response> {
  return post(modules.action, "/auth", browser, { intent: "sign-in", email: browser.email, password: PASSWORD });
}

/** The value a response's `Set-Cookie` gives the `csrf` cookie, "" when it removes it, or undefined. */
function csrfCookieSet(response: Response): string | undefined {
  const line = response.headers.getSetCookie().find((c) => c.startsWith("csrf="));
  if (!line) return undefined;
  return /max-age=0/i.test(line) ? "" : cookiePair(line).slice("csrf=".length);
}

describe("signing in from a browser that has a session", () => {
  it("sends a signed-in shopper home without starting another session", async () => {
    const browser = await signedInBrowser();
    expect(await sessionRows(browser.userId)).toBe(1);
    const response = await postSignIn(browser);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    // Nothing was signed in: no new session row, no new session cookie.
    expect(await sessionRows(browser.userId)).toBe(1);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
  });

  it("ends the session the cookie names when a sign-in goes through anyway (its lookup failed)", async () => {
    const browser = await signedInBrowser();
    const [before] = (
      await db.query<{ id: string }>("select id from auth.sessions where user_id = $1", [browser.userId])
    ).rows;
    // The lookup fails (a database hiccup): the page reads as signed out, the form is sent.
    const lookup = vi.spyOn(backend, "lookUpSession").mockRejectedValueOnce(new Error("connection reset"));
    const errors = vi.spyOn(logger(), "error").mockImplementation(() => {});
    try {
      const response = await postSignIn(browser);
      expect(response.status).toBe(303);
      expect(
        response.headers.getSetCookie().some((c) => c.startsWith("__session=") && !c.startsWith("__session=;")),
      ).toBe(true);
    } finally {
      lookup.mockRestore();
      errors.mockRestore();
    }
    const { rows } = await db.query<{ id: string }>("select id from auth.sessions where user_id = $1", [
      browser.userId,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(before!.id);
  });
});

describe("the CSRF token", () => {
  it("is a new one after a sign-in, and removed after a sign-out", async () => {
    // A visitor with an account and the sign-in page's token, not signed in.
    const email = `shopper-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await backend.signUp(email, PASSWORD, { origin: ORIGIN })).ok).toBe(true);
    const before = await modules.commitCsrfToken(new Request(`${ORIGIN}/auth`));
    const anonymous = { email, csrf: before.token, cookie: cookiePair(before.setCookie!) };

    const signedIn = await postSignIn(anonymous);
    expect(signedIn.status).toBe(303);
    const rotated = csrfCookieSet(signedIn);
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(cookiePair(before.setCookie!).slice("csrf=".length));

    const sessionCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    const token = await modules.commitCsrfToken(new Request(`${ORIGIN}/`, { headers: { Cookie: `csrf=${rotated}` } }));
    const signedInBrowser = { email, csrf: token.token, cookie: `${cookiePair(sessionCookie)}; csrf=${rotated}` };
    // The token from before the sign-in is worth nothing now: home with "Sign out Failed", still signed in.
    const refused = await post(modules.logout, "/logout", { ...signedInBrowser, csrf: before.token }, {});
    expect(refused.status).toBe(303);
    expect(refused.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(["toast"]);
    const signedOut = await post(modules.logout, "/logout", signedInBrowser, {});
    expect(signedOut.status).toBe(303);
    expect(csrfCookieSet(signedOut)).toBe("");
  });
});
