import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { logger } from "~/lib/log.server";
import { loadContext } from "~/load-context.server";
import { ACCOUNT_TOASTS, AUTH_PAGE } from "~/models/account/account-texts";
import { AUTH_MESSAGES, AUTH_RETRY_SECONDS } from "~/models/account/auth-messages";
import type { action as authAction } from "~/routes/auth";
import type { loader as confirmLoader } from "~/routes/auth.confirm";
import type { action as forgotAction } from "~/routes/auth.forgot";
import type { action as resetAction, loader as resetLoader } from "~/routes/auth.reset";
import type { commitCsrfToken as csrfToken } from "~/services/csrf.server";
import type { honeypotInputProps as honeypotProps } from "~/services/honeypot.server";
import type { AttemptOutcome } from "~/services/sign-in-limits.server";
import * as signInLimits from "~/services/sign-in-limits.server";
import type { readFlash as flashOf } from "~/services/toast.server";

import { routeOf } from "../support/route-args";

/**
 * The /auth action on hosted Supabase, with a fake GoTrue at the HTTP edge (msw): its per-address
 * rate limit (429) reads as our own message, keeps the email and counts against nobody; our own
 * limits (sign-in-limits.server.ts) are checked first, so a limited attempt never reaches the service
 * (docs/accounts.md#hosted-supabase-at-scale). And the mailed links' routes on hosted Supabase
 * (/auth/confirm, /auth/forgot, /auth/reset; ADR 039).
 */

/** How each admitted attempt was settled, in order. */
const settled = vi.hoisted((): AttemptOutcome[] => []);

vi.mock("~/services/sign-in-limits.server", async (importOriginal) => {
  const actual = await importOriginal<typeof signInLimits>();
  return {
    ...actual,
    admitSignIn: vi.fn(async (...args: Parameters<typeof actual.admitSignIn>) => {
      const admission = await actual.admitSignIn(...args);
      if (!admission.admitted) return admission;
      return {
        admitted: true,
        settle: (outcome: AttemptOutcome) => {
          settled.push(outcome);
          return admission.settle(outcome);
        },
      };
    }),
  };
});

const SUPABASE_URL = "https://makervolt-test.supabase.co";
const AUTH = `${SUPABASE_URL}/auth/v1`;
vi.stubEnv("SUPABASE_URL", SUPABASE_URL);
vi.stubEnv("SUPABASE_ANON_KEY", "test-anon-key");
vi.stubEnv("DATABASE_URL", "");
// Links in mails start here, whatever a request's headers say.
vi.stubEnv("SITE_URL", "https://shop.example");

const ORIGIN = "http://localhost";
const PASSWORD = "correct horse battery";

let seen: URL[] = [];
/** What each request to GoTrue carried, beside `seen`. */
let sent: { method: string; body: Record<string, unknown> | null; authorization: string | null }[] = [];
let answers: Response[] = [];
const server = setupServer(
  http.all(`${AUTH}/*`, async ({ request }) => {
    seen.push(new URL(request.url));
    const text = await request.text();
    sent.push({
      method: request.method,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
      authorization: request.headers.get("authorization"),
    });
    return answers.shift() ?? HttpResponse.json({ msg: "no answer queued" }, { status: 500 });
  }),
);

// Imported after the environment is set: the backend is chosen on first use.
let modules: {
  action: typeof authAction;
  commitCsrfToken: typeof csrfToken;
  honeypotInputProps: typeof honeypotProps;
  confirmLoader: typeof confirmLoader;
  forgotAction: typeof forgotAction;
  resetLoader: typeof resetLoader;
  resetAction: typeof resetAction;
  readFlash: typeof flashOf;
};

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  modules = {
    action: (await import("~/routes/auth")).action,
    commitCsrfToken: (await import("~/services/csrf.server")).commitCsrfToken,
    honeypotInputProps: (await import("~/services/honeypot.server")).honeypotInputProps,
    confirmLoader: (await import("~/routes/auth.confirm")).loader,
    forgotAction: (await import("~/routes/auth.forgot")).action,
    resetLoader: (await import("~/routes/auth.reset")).loader,
    resetAction: (await import("~/routes/auth.reset")).action,
    readFlash: (await import("~/services/toast.server")).readFlash,
  };
});
afterEach(() => {
  server.resetHandlers();
  seen = [];
  sent = [];
  answers = [];
  settled.length = 0;
  vi.mocked(signInLimits.admitSignIn).mockClear();
  vi.restoreAllMocks();
});
afterAll(() => {
  server.close();
  vi.unstubAllEnvs();
});

const goTrue = (status: number, code: string, msg: string) =>
  HttpResponse.json({ code, error_code: code, msg }, { status });

let shoppers = 0;
/** A fresh shopper (email and address), so the file's tests never share a count. */
function shopper() {
  const id = crypto.randomUUID().slice(0, 8);
  return { email: `shopper-${id}@example.com`, clientAddress: `198.51.100.${++shoppers}` };
}

interface ActionResult {
  /** The redirect, when the action answered with one. */
  response?: Response;
  status: number;
  retryAfter: string | null;
  data: { mode: string; email: string; toast: { title?: string; description?: string; variant?: string } };
}

/** POST /auth as the browser sends it (with the CSRF token, and for sign-up the honeypot's fields). */
async function post(
  mode: "sign-in" | "sign-up",
  who: ReturnType<typeof shopper>,
  extraHeaders: Record<string, string> = {},
): Promise<ActionResult> {
  const csrf = await modules.commitCsrfToken(new Request(`${ORIGIN}/auth`));
  const body = new URLSearchParams({ csrf: csrf.token, intent: mode, email: who.email, password: PASSWORD });
  if (mode === "sign-up") {
    const honeypot = await modules.honeypotInputProps();
    body.set(honeypot.nameFieldName, "");
    if (honeypot.validFromFieldName) body.set(honeypot.validFromFieldName, honeypot.encryptedValidFrom);
  }
  const request = new Request(`${ORIGIN}/auth${mode === "sign-up" ? "?mode=sign-up" : ""}`, {
    method: "POST",
    headers: {
      Cookie: csrf.setCookie!.split(";")[0]!,
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      ...extraHeaders,
    },
    body,
  });
  const answer = await modules.action({
    request,
    context: loadContext(who.clientAddress),
    params: {},
    ...routeOf(request),
  });
  // A sign-in that goes through redirects.
  if (answer instanceof Response) {
    return { response: answer, status: answer.status, retryAfter: null, data: null as unknown as ActionResult["data"] };
  }
  const result = answer as unknown as {
    data: ActionResult["data"];
    init: { status?: number; headers?: Record<string, string> } | null;
  };
  return {
    status: result.init?.status ?? 200,
    retryAfter: result.init?.headers?.["Retry-After"] ?? null,
    data: result.data,
  };
}

describe("Supabase Auth answers 429 (its per-address limit, shared by every shopper)", () => {
  it.each([
    [
      "sign-in",
      "/auth/v1/token",
      "over_request_rate_limit",
      "Request rate limit reached",
      AUTH_PAGE["sign-in"].failure,
    ],
    [
      "sign-up",
      "/auth/v1/signup",
      "over_email_send_rate_limit",
      "email rate limit exceeded",
      AUTH_PAGE["sign-up"].failure,
    ],
  ] as const)("%s: 429, a destructive toast in our words, the email kept", async (mode, path, code, msg, title) => {
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
    const who = shopper();
    answers.push(goTrue(429, code, msg));
    const { status, retryAfter, data } = await post(mode, who);
    expect(seen.map((url) => url.pathname)).toEqual([path]);
    expect(status).toBe(429);
    expect(retryAfter).toBe(String(AUTH_RETRY_SECONDS.busy));
    expect(data.mode).toBe(mode);
    expect(data.email).toBe(who.email);
    expect(data.toast).toMatchObject({ title, description: AUTH_MESSAGES.busy, variant: "destructive" });
    expect(JSON.stringify(data)).not.toContain(msg);
    expect(JSON.stringify(data)).not.toContain(PASSWORD);
    // Not the shopper's doing: the attempt gives back every token it took.
    expect(settled).toEqual(["uncounted"]);
    // Logged once for the operator, with neither the password nor the email.
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).not.toContain(PASSWORD);
    expect(String(warn.mock.calls[0]?.[0])).not.toContain(who.email);
  });

  it("however many 429s a shopper meets, our own limit never holds them back", async () => {
    vi.spyOn(logger(), "warn").mockImplementation(() => {});
    const who = shopper();
    for (let i = 0; i < 7; i++) answers.push(goTrue(429, "over_request_rate_limit", "Request rate limit reached"));
    for (let i = 0; i < 7; i++) expect((await post("sign-in", who)).data.toast.description).toBe(AUTH_MESSAGES.busy);
    // Every attempt reached the service: none was refused by our limit of 5 per email and address.
    expect(seen).toHaveLength(7);
    expect(settled).toEqual(Array(7).fill("uncounted"));
  });
});

describe("our own limits come first", () => {
  it("a wrong password counts; after 5 the next attempt is refused without calling Supabase", async () => {
    const who = shopper();
    for (let i = 0; i < 5; i++) answers.push(goTrue(400, "invalid_credentials", "Invalid login credentials"));
    for (let i = 0; i < 5; i++) expect((await post("sign-in", who)).status).toBe(400);
    expect(seen).toHaveLength(5);
    expect(settled).toEqual(Array(5).fill("failed"));

    answers.push(HttpResponse.json({ msg: "must not be asked" }, { status: 500 }));
    const { status, retryAfter, data } = await post("sign-in", who);
    expect(status).toBe(429);
    // One token comes back a minute.
    expect(Number(retryAfter)).toBeGreaterThan(50);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(data.email).toBe(who.email);
    expect(data.toast).toMatchObject({ description: AUTH_MESSAGES.tooManyAttempts, variant: "destructive" });
    expect(seen).toHaveLength(5);
  });

  it.each(["sign-in", "sign-up"] as const)(
    "%s held back by a limit (say, the address's) sends no request",
    async (mode) => {
      vi.mocked(signInLimits.admitSignIn).mockResolvedValueOnce({ admitted: false, retryAfterSeconds: 17 });
      const { status, retryAfter, data } = await post(mode, shopper());
      expect(status).toBe(429);
      expect(retryAfter).toBe("17");
      expect(data.toast.description).toBe(AUTH_MESSAGES.tooManyAttempts);
      expect(seen).toHaveLength(0);
    },
  );

  it("a sign-in that succeeds keeps its session token and forgets the address's failures for that email", async () => {
    const who = shopper();
    for (let i = 0; i < 4; i++) answers.push(goTrue(400, "invalid_credentials", "Invalid login credentials"));
    for (let i = 0; i < 4; i++) expect((await post("sign-in", who)).status).toBe(400);
    answers.push(
      HttpResponse.json({
        access_token: "access",
        refresh_token: "refresh",
        expires_in: 3600,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        token_type: "bearer",
        user: { id: "6d4c2a9e-0000-4000-8000-000000000001", email: who.email },
      }),
    );
    expect((await post("sign-in", who)).status).toBe(303);
    // Five more wrong passwords from the same address are admitted again, the sixth is not.
    for (let i = 0; i < 5; i++) answers.push(goTrue(400, "invalid_credentials", "Invalid login credentials"));
    for (let i = 0; i < 5; i++) expect((await post("sign-in", who)).status).toBe(400);
    expect((await post("sign-in", who)).status).toBe(429);
    expect(settled).toEqual([...Array(4).fill("failed"), "succeeded", ...Array(5).fill("failed")]);
  });
});

/** GoTrue's session answer (sign-in, /verify), with an access token shaped as it signs them. */
function goTrueSession(tag: string, email: string) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return {
    access_token: `${part({ alg: "HS256" })}.${part({ sub: "u1", session_id: tag, exp })}.c2ln`,
    refresh_token: `refresh-${tag}`,
    expires_in: 3600,
    expires_at: exp,
    token_type: "bearer",
    user: { id: "6d4c2a9e-0000-4000-8000-000000000002", aud: "authenticated", email },
  };
}

/** Each cookie a response sets, by name: its value, or "" when it is cleared. */
function cookiesSet(response: Response): Map<string, string> {
  return new Map(
    response.headers.getSetCookie().map((line) => {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );
}

/** The session reference a response's `__session` cookie holds (signed base64 JSON, read without the signature). */
function sessionIn(response: Response): unknown {
  const value = decodeURIComponent(cookiesSet(response).get("__session") ?? "");
  const ref = JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString()) as string;
  return JSON.parse(ref);
}

/** The toast a redirect leaves for the next page, as that page reads it. */
async function toastAfter(response: Response) {
  const toast = cookiesSet(response).get("toast");
  const next = new Request(`${ORIGIN}/`, { headers: { Cookie: `toast=${toast ?? ""}` } });
  return (await modules.readFlash(next)).toast;
}

/** A request as the server entry hands it on, with a forged host header it must never use. */
function forged(url: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-Host", "evil.example");
  headers.set("Host", "evil.example");
  return new Request(`${ORIGIN}${url}`, { ...init, headers });
}

async function followLink(query: string) {
  const request = forged(`/auth/confirm?${query}`);
  return modules.confirmLoader({ request, context: loadContext("203.0.113.9"), params: {}, ...routeOf(request) });
}

/** A loader's or action's `data(...)` answer: its status, or 200. */
function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  return (answer as { init: { status?: number } | null }).init?.status ?? 200;
}

describe("mailed links on hosted Supabase", () => {
  it("sign-up with 'Confirm email' on: 'Account created!', no session, GoTrue's link to SITE_URL's /auth/confirm", async () => {
    const who = shopper();
    answers.push(
      HttpResponse.json({ id: crypto.randomUUID(), aud: "authenticated", email: who.email, identities: [] }),
    );
    const { status, response } = await post("sign-up", who, { "X-Forwarded-Host": "evil.example" });
    expect(status).toBe(303);
    expect(seen.map((url) => url.pathname)).toEqual(["/auth/v1/signup"]);
    expect(seen[0]?.searchParams.get("redirect_to")).toBe("https://shop.example/auth/confirm");
    expect(sent[0]?.body).toMatchObject({ email: who.email, password: PASSWORD });
    expect(cookiesSet(response!).has("__session")).toBe(false);
    expect(await toastAfter(response!)).toMatchObject(ACCOUNT_TOASTS.signedUp);
  });

  it("a taken address (GoTrue's 422 with 'Confirm email' off) answers exactly as a new one", async () => {
    const who = shopper();
    answers.push(goTrue(422, "user_already_exists", "User already registered"));
    const { status, response } = await post("sign-up", who);
    expect(status).toBe(303);
    expect(cookiesSet(response!).has("__session")).toBe(false);
    expect(await toastAfter(response!)).toMatchObject(ACCOUNT_TOASTS.signedUp);
  });

  it("sign-in before confirming: 400 'Email not confirmed' and the 'Send the link again' form", async () => {
    const who = shopper();
    answers.push(goTrue(400, "email_not_confirmed", "Email not confirmed"));
    const { status, data } = await post("sign-in", who);
    expect(status).toBe(400);
    expect(data.toast.description).toBe(AUTH_MESSAGES.emailNotConfirmed);
    expect((data as unknown as { unconfirmed: boolean }).unconfirmed).toBe(true);
  });

  it("/auth/confirm?type=email verifies the token hash and signs the shopper in", async () => {
    answers.push(HttpResponse.json(goTrueSession("confirm", "ada@example.com")));
    const answer = await followLink("token_hash=pkce_confirm_hash&type=email");
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(seen.map((url) => url.pathname)).toEqual(["/auth/v1/verify"]);
    expect(sent[0]?.body).toMatchObject({ token_hash: "pkce_confirm_hash", type: "email" });
    expect(sessionIn(response)).toMatchObject({ refresh_token: "refresh-confirm", user: { email: "ada@example.com" } });
    expect(await toastAfter(response)).toMatchObject(ACCOUNT_TOASTS.confirmed);
  });

  it.each(["email", "signup", "recovery"])(
    "/auth/confirm?type=%s with a used or expired link: the 403 page, no session",
    async (type) => {
      answers.push(goTrue(403, "otp_expired", "Email link is invalid or has expired"));
      const answer = await followLink(`token_hash=used&type=${type}`);
      expect(answer).not.toBeInstanceOf(Response);
      expect(statusOf(answer)).toBe(403);
      expect(seen).toHaveLength(1);
    },
  );

  it.each(["email", "recovery"])(
    "/auth/confirm?type=%s when GoTrue answers 429 (its limit, not the link): 503 to try again, never the 403 page",
    async (type) => {
      vi.spyOn(logger(), "warn").mockImplementation(() => {});
      answers.push(goTrue(429, "over_request_rate_limit", "Request rate limit reached"));
      const answer = await followLink(`token_hash=t&type=${type}`);
      expect(statusOf(answer)).toBe(503);
      expect(seen.map((url) => url.pathname)).toEqual(["/auth/v1/verify"]);
    },
  );

  it("POST /auth/reset when GoTrue answers 429: 503 'busy', and the link is kept to try again", async () => {
    vi.spyOn(logger(), "warn").mockImplementation(() => {});
    const recovery = goTrueSession("recovery-429", "ada@example.com");
    answers.push(HttpResponse.json(recovery));
    const grant = cookiesSet((await followLink("token_hash=h&type=recovery")) as Response).get("recovery");
    const page = new Request(`${ORIGIN}/auth/reset`, { headers: { Cookie: `recovery=${grant}` } });
    const csrf = await modules.commitCsrfToken(page);
    answers.push(
      HttpResponse.json(recovery.user),
      goTrue(429, "over_request_rate_limit", "Request rate limit reached"),
    );
    const request = new Request(`${ORIGIN}/auth/reset`, {
      method: "POST",
      headers: {
        Cookie: `recovery=${grant}; ${csrf.setCookie!.split(";")[0]!}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
      },
      body: new URLSearchParams({ csrf: csrf.token, password: "a brand new password" }),
    });
    const answer = await modules.resetAction({
      request,
      context: loadContext("203.0.113.9"),
      params: {},
      ...routeOf(request),
    });
    expect(answer).not.toBeInstanceOf(Response);
    expect(statusOf(answer)).toBe(503);
    expect((answer as unknown as { data: { toast: { description: string } } }).data.toast.description).toBe(
      AUTH_MESSAGES.busy,
    );
    expect(seen.map((url) => url.pathname)).toEqual(["/auth/v1/verify", "/auth/v1/user", "/auth/v1/user"]);
  });

  it("/auth/confirm while GoTrue is down: 503, never the 403 page", async () => {
    answers.push(goTrue(503, "unexpected_failure", "Service Unavailable"));
    expect(statusOf(await followLink("token_hash=t&type=email"))).toBe(503);
    // Asked once: a verification is not sent twice.
    expect(seen.map((url) => url.pathname)).toEqual(["/auth/v1/verify"]);
  });

  it("/auth/forgot: GoTrue's /recover with SITE_URL's link whatever the request's host; the same answer for any address", async () => {
    answers.push(HttpResponse.json({}));
    const request = forged("/auth/forgot", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: new URLSearchParams({ email: "nobody-here@example.com", link: "recovery" }),
    });
    const answer = await modules.forgotAction({
      request,
      context: loadContext(shopper().clientAddress),
      params: {},
      ...routeOf(request),
    });
    expect(statusOf(answer)).toBe(303);
    expect(seen.map((url) => url.pathname)).toEqual(["/auth/v1/recover"]);
    expect(seen[0]?.searchParams.get("redirect_to")).toBe("https://shop.example/auth/confirm");
    expect(sent[0]?.body).toMatchObject({ email: "nobody-here@example.com" });
    expect(await toastAfter(answer as Response)).toMatchObject(ACCOUNT_TOASTS.resetSent);
  });

  it("a recovery link: the cookie, /auth/reset, and the new password signs in and ends every other session", async () => {
    const recovery = goTrueSession("recovery", "ada@example.com");
    answers.push(HttpResponse.json(recovery));
    const followed = (await followLink("token_hash=pkce_recovery_hash&type=recovery")) as Response;
    expect(followed.status).toBe(303);
    expect(followed.headers.get("Location")).toBe("/auth/reset");
    expect(sent[0]?.body).toMatchObject({ token_hash: "pkce_recovery_hash", type: "recovery" });
    const grant = cookiesSet(followed).get("recovery");
    expect(grant).toBeTruthy();
    expect(cookiesSet(followed).has("__session")).toBe(false);

    const page = new Request(`${ORIGIN}/auth/reset`, { headers: { Cookie: `recovery=${grant}` } });
    const shown = await modules.resetLoader({
      request: page,
      context: loadContext("203.0.113.9"),
      params: {},
      ...routeOf(page),
    });
    expect(statusOf(shown)).toBe(200);
    const csrf = await modules.commitCsrfToken(page);

    const fresh = goTrueSession("new", "ada@example.com");
    answers.push(HttpResponse.json(recovery.user), HttpResponse.json(recovery.user), HttpResponse.json(fresh));
    answers.push(new HttpResponse(null, { status: 204 }));
    const request = new Request(`${ORIGIN}/auth/reset`, {
      method: "POST",
      headers: {
        Cookie: `recovery=${grant}; ${csrf.setCookie!.split(";")[0]!}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
      },
      body: new URLSearchParams({ csrf: csrf.token, password: "a brand new password" }),
    });
    const done = await modules.resetAction({
      request,
      context: loadContext("203.0.113.9"),
      params: {},
      ...routeOf(request),
    });
    expect(done).toBeInstanceOf(Response);
    const response = done as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(seen.slice(1).map((url) => `${url.pathname}${url.search}`)).toEqual([
      "/auth/v1/user",
      "/auth/v1/user",
      "/auth/v1/token?grant_type=password",
      "/auth/v1/logout?scope=others",
    ]);
    expect(sent[2]).toMatchObject({
      method: "PUT",
      body: { password: "a brand new password" },
      authorization: `Bearer ${recovery.access_token}`,
    });
    expect(sent[4]?.authorization).toBe(`Bearer ${fresh.access_token}`);
    const cookies = cookiesSet(response);
    expect(sessionIn(response)).toMatchObject({ access_token: fresh.access_token, refresh_token: "refresh-new" });
    expect(cookies.get("recovery")).toBe("");
    expect(await toastAfter(response)).toMatchObject(ACCOUNT_TOASTS.passwordChanged);
  });
});
