import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { SupabaseAuthBackend } from "~/backends/supabase/auth.server";
import { logger } from "~/lib/log.server";
import { AUTH_MESSAGES } from "~/models/account/auth-messages";

/**
 * The hosted auth backend against a fake GoTrue at the HTTP edge (msw): the real supabase-js
 * client sends the requests; each of the service's answers becomes the message a shopper reads
 * (docs/accounts.md#failures).
 */

const SUPABASE_URL = "https://makervolt-test.supabase.co";
const AUTH = `${SUPABASE_URL}/auth/v1`;
const NOW = Date.parse("2026-01-01T00:00:00Z");

interface Seen {
  method: string;
  url: URL;
  body: unknown;
  authorization: string | null;
}
let seen: Seen[] = [];
let answers: Response[] = [];

const server = setupServer(
  http.all(`${AUTH}/*`, async ({ request }) => {
    const text = await request.text();
    seen.push({
      method: request.method,
      url: new URL(request.url),
      body: text ? JSON.parse(text) : null,
      authorization: request.headers.get("authorization"),
    });
    return answers.shift() ?? HttpResponse.json({ msg: "no answer queued" }, { status: 500 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  seen = [];
  answers = [];
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const backend = new SupabaseAuthBackend({ url: SUPABASE_URL, anonKey: "test-anon-key" }, { now: () => NOW });

function sessionBody(tag = "1", email = "ada@example.com") {
  return {
    access_token: `access-${tag}`,
    token_type: "bearer",
    expires_in: 3600,
    expires_at: NOW / 1000 + 3600,
    refresh_token: `refresh-${tag}`,
    user: {
      id: "7d3c2b1a-0000-4000-8000-000000000001",
      aud: "authenticated",
      email,
      app_metadata: {},
      user_metadata: {},
    },
  };
}
const fail = (status: number, code: string, msg: string) =>
  HttpResponse.json({ code, error_code: code, msg }, { status });

describe("signing in", () => {
  it("posts the password grant and keeps the tokens and the user", async () => {
    answers.push(HttpResponse.json(sessionBody()));
    const outcome = await backend.signIn("ada@example.com", "correct horse");
    expect(seen[0]?.url.pathname).toBe("/auth/v1/token");
    expect(seen[0]?.url.searchParams.get("grant_type")).toBe("password");
    expect(seen[0]?.body).toMatchObject({ email: "ada@example.com", password: "correct horse" });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.user).toEqual({ id: "7d3c2b1a-0000-4000-8000-000000000001", email: "ada@example.com" });
    expect(JSON.parse(outcome.session ?? "")).toMatchObject({ access_token: "access-1", refresh_token: "refresh-1" });
  });

  it("400 invalid credentials: the service's message", async () => {
    answers.push(fail(400, "invalid_credentials", "Invalid login credentials"));
    expect(await backend.signIn("ada@example.com", "wrong")).toEqual({
      ok: false,
      error: { code: "invalid_credentials", message: "Invalid login credentials", status: 400 },
    });
  });

  it("429: rate limited, in our words, and the operator is warned once", async () => {
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
    answers.push(fail(429, "over_request_rate_limit", "Request rate limit reached"));
    expect(await backend.signIn("ada@example.com", "a secret password")).toEqual({
      ok: false,
      error: { code: "over_request_rate_limit", message: AUTH_MESSAGES.busy, status: 429 },
    });
    expect(warn).toHaveBeenCalledOnce();
    const logged = String(warn.mock.calls[0]?.[0]);
    expect(logged).toContain("sign-in");
    expect(logged).toContain("429");
    expect(logged).not.toContain("a secret password");
    expect(logged).not.toContain("ada@example.com");
  });

  it("400 email not confirmed: the SQL backend's code and words, for the 'Send the link again' form", async () => {
    answers.push(fail(400, "email_not_confirmed", "Email not confirmed"));
    expect(await backend.signIn("ada@example.com", "correct horse")).toEqual({
      ok: false,
      error: { code: "email_not_confirmed", message: AUTH_MESSAGES.emailNotConfirmed, status: 400 },
    });
  });

  it("a network failure: a message saying to try again later", async () => {
    answers.push(HttpResponse.error());
    expect(await backend.signIn("ada@example.com", "x")).toEqual({
      ok: false,
      error: { code: "network", message: AUTH_MESSAGES.unavailable, status: 0 },
    });
  });
});

const LINKS = { origin: "https://shop.example" };

describe("signing up", () => {
  it("posts to /signup; a confirmed sign-up is signed in", async () => {
    answers.push(HttpResponse.json(sessionBody("2", "new@example.com")));
    const outcome = await backend.signUp("new@example.com", "long enough", LINKS);
    expect(seen[0]?.url.pathname).toBe("/auth/v1/signup");
    expect(seen[0]?.body).toMatchObject({ email: "new@example.com", password: "long enough" });
    expect(outcome).toMatchObject({ ok: true });
    if (outcome.ok) expect(outcome.session).not.toBeNull();
  });

  it("asks GoTrue to link confirmations to /auth/confirm at the shop's origin", async () => {
    answers.push(HttpResponse.json({ ...sessionBody("2", "new@example.com").user, identities: [{ id: "i1" }] }));
    expect(await backend.signUp("new@example.com", "long enough", LINKS)).toEqual({ ok: true, session: null });
    expect(seen[0]?.url.searchParams.get("redirect_to")).toBe("https://shop.example/auth/confirm");
  });

  it("a taken address answers as a new one: GoTrue's made-up user ('Confirm email' on) or its 422 (off)", async () => {
    // With "Confirm email" on, GoTrue answers a confirmed address with a user it made up: no identities, no session.
    answers.push(
      HttpResponse.json({ ...sessionBody("x", "ada@example.com").user, id: crypto.randomUUID(), identities: [] }),
    );
    expect(await backend.signUp("ada@example.com", "long enough", LINKS)).toEqual({ ok: true, session: null });
    answers.push(fail(422, "user_already_exists", "User already registered"));
    expect(await backend.signUp("ada@example.com", "long enough", LINKS)).toEqual({ ok: true, session: null });
    // An address waiting for confirmation, signed up again within a minute: GoTrue's per-account mail limit.
    answers.push(
      fail(429, "over_email_send_rate_limit", "For security purposes, you can only request this after 41 seconds."),
    );
    expect(await backend.signUp("ada@example.com", "long enough", LINKS)).toEqual({ ok: true, session: null });
    expect(seen).toHaveLength(3);
  });

  it("422 weak password: the service's message (it names the project's rules)", async () => {
    answers.push(fail(422, "weak_password", "Password should be at least 8 characters."));
    expect(await backend.signUp("ada@example.com", "short", LINKS)).toMatchObject({
      ok: false,
      error: { code: "weak_password", message: "Password should be at least 8 characters.", status: 422 },
    });
  });

  it("429 (the service's email or request limit): our words, never GoTrue's", async () => {
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
    answers.push(fail(429, "over_email_send_rate_limit", "email rate limit exceeded"));
    expect(await backend.signUp("new@example.com", "long enough", LINKS)).toEqual({
      ok: false,
      error: { code: "over_request_rate_limit", message: AUTH_MESSAGES.busy, status: 429 },
    });
    expect(seen[0]?.url.pathname).toBe("/auth/v1/signup");
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain("sign-up");
    expect(String(warn.mock.calls[0]?.[0])).not.toContain("long enough");
  });

  it("a 500 from the service: a message saying to try again later, never the service's own words", async () => {
    answers.push(fail(500, "unexpected_failure", "Database error saving new user"));
    expect(await backend.signUp("ada@example.com", "long enough", LINKS)).toMatchObject({
      ok: false,
      error: { message: AUTH_MESSAGES.unavailable, status: 500 },
    });
  });
});

describe("sessions", () => {
  const stored = (expiresAt: number) =>
    JSON.stringify({
      access_token: "access-old",
      refresh_token: "refresh-old",
      expires_at: expiresAt,
      user: { id: "u1", email: "ada@example.com" },
    });

  it("a session far from expiry is read from the cookie, with no call", async () => {
    const ref = stored(NOW / 1000 + 600);
    expect(await backend.lookUpSession(ref)).toEqual({ user: { id: "u1", email: "ada@example.com" }, session: ref });
    expect(seen).toHaveLength(0);
  });

  it("within 10 s of expiry it is refreshed once, and the new tokens replace the old", async () => {
    answers.push(HttpResponse.json(sessionBody("3")));
    const found = await backend.lookUpSession(stored(NOW / 1000 + 10));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url.searchParams.get("grant_type")).toBe("refresh_token");
    expect(seen[0]?.body).toMatchObject({ refresh_token: "refresh-old" });
    expect(found.user?.email).toBe("ada@example.com");
    expect(JSON.parse(found.session ?? "")).toMatchObject({ access_token: "access-3", refresh_token: "refresh-3" });
  });

  it("a refused refresh ends the session (the cookie is cleared)", async () => {
    answers.push(fail(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"));
    expect(await backend.lookUpSession(stored(NOW / 1000 - 5))).toEqual({ user: null, session: null });
  });

  it("an unreachable service during a refresh shows the page signed out but keeps the session", async () => {
    const impatient = new SupabaseAuthBackend(
      { url: SUPABASE_URL, anonKey: "test-anon-key" },
      { now: () => NOW, refreshTimeoutMs: 300 },
    );
    for (let i = 0; i < 50; i++) answers.push(HttpResponse.error());
    const ref = stored(NOW / 1000 + 5);
    expect(await impatient.lookUpSession(ref)).toEqual({ user: null, session: ref });
  });

  it("a tampered or foreign reference is nobody, with no call", async () => {
    expect(await backend.lookUpSession("not json")).toEqual({ user: null, session: null });
    expect(await backend.lookUpSession(JSON.stringify({ access_token: "x" }))).toEqual({ user: null, session: null });
    expect(seen).toHaveLength(0);
  });

  it("sign-out revokes this session with the shopper's token; an already-ended one is fine", async () => {
    answers.push(new HttpResponse(null, { status: 204 }));
    expect(await backend.signOut(stored(NOW / 1000 + 600))).toEqual({ error: null });
    expect(seen[0]?.method).toBe("POST");
    expect(seen[0]?.url.pathname).toBe("/auth/v1/logout");
    expect(seen[0]?.url.searchParams.get("scope")).toBe("local");
    expect(seen[0]?.authorization).toBe("Bearer access-old");

    answers.push(fail(403, "session_not_found", "Session from session_id claim in JWT does not exist"));
    expect(await backend.signOut(stored(NOW / 1000 + 600))).toEqual({ error: null });

    answers.push(HttpResponse.error());
    expect(await backend.signOut(stored(NOW / 1000 + 600))).toEqual({
      error: { code: "network", message: AUTH_MESSAGES.unavailable, status: 0 },
    });
  });

  it("a rate-limited sign-out (429): our words, the token never logged, the operator warned once", async () => {
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
    answers.push(fail(429, "over_request_rate_limit", "Request rate limit reached"));
    expect(await backend.signOut(stored(NOW / 1000 + 600))).toEqual({
      error: { code: "over_request_rate_limit", message: AUTH_MESSAGES.busy, status: 429 },
    });
    expect(seen[0]?.url.pathname).toBe("/auth/v1/logout");
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain("sign-out");
    expect(String(warn.mock.calls[0]?.[0])).not.toContain("access-old");
  });

  it("a rate-limited refresh (429) keeps the session, and the operator is warned once", async () => {
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
    answers.push(fail(429, "over_request_rate_limit", "Request rate limit reached"));
    const ref = stored(NOW / 1000 + 5);
    expect(await backend.lookUpSession(ref)).toEqual({ user: null, session: ref });
    expect(seen).toHaveLength(1);
    expect(warn).toHaveBeenCalledOnce();
    const logged = String(warn.mock.calls[0]?.[0]);
    expect(logged).toContain("refresh");
    expect(logged).not.toContain("refresh-old");
    expect(logged).not.toContain("access-old");
  });
});

describe("the session rule: kept on transient failures, ended only when the service says it is invalid", () => {
  const settings = { url: SUPABASE_URL, anonKey: "test-anon-key" };
  /** Short bounds, so the retrying cases take a fraction of a second. */
  const quick = new SupabaseAuthBackend(settings, {
    now: () => NOW,
    fetch: { deadlineMs: 400, attemptTimeoutMs: 200, retryDelaysMs: [20] },
  });
  const expiring = JSON.stringify({
    access_token: "access-old",
    refresh_token: "refresh-old",
    expires_at: NOW / 1000 + 5,
    user: { id: "u1", email: "ada@example.com" },
  });

  it.each([
    ["400 invalid refresh token", () => fail(400, "refresh_token_not_found", "Invalid Refresh Token: Not Found")],
    ["401", () => fail(401, "bad_jwt", "invalid JWT")],
    ["403 session not found", () => fail(403, "session_not_found", "Session from session_id claim does not exist")],
  ])("%s: the session is over, the cookie is cleared", async (_name, answer) => {
    answers.push(answer());
    expect(await quick.lookUpSession(expiring)).toEqual({ user: null, session: null });
  });

  it.each([
    ["a network failure", () => HttpResponse.error()],
    ["503", () => fail(503, "unexpected_failure", "Service Unavailable")],
    ["500", () => fail(500, "unexpected_failure", "Database error")],
    ["429 rate limited", () => fail(429, "over_request_rate_limit", "Request rate limit reached")],
    ["408 time-out", () => fail(408, "request_timeout", "Request timeout")],
  ])("%s: signed out on this page, but the session is kept", async (_name, answer) => {
    vi.spyOn(logger(), "warn").mockImplementation(() => {});
    for (let i = 0; i < 20; i++) answers.push(answer());
    expect(await quick.lookUpSession(expiring)).toEqual({ user: null, session: expiring });
  });

  it("an unexpected error (here the client cannot even be created) keeps the session too", async () => {
    const broken = new SupabaseAuthBackend({ url: "not a url", anonKey: "test-anon-key" }, { now: () => NOW });
    expect(await broken.lookUpSession(expiring)).toEqual({ user: null, session: expiring });
  });

  it("a hung service: the refresh gives up at the deadline, and auth-js stops retrying", async () => {
    let requests = 0;
    server.use(
      http.post(`${AUTH}/token`, async () => {
        requests++;
        await delay("infinite");
        return HttpResponse.json({});
      }),
    );
    // The caller's own limit is far away: only the shared deadline can end the refresh this soon.
    const patient = new SupabaseAuthBackend(settings, {
      now: () => NOW,
      refreshTimeoutMs: 20_000,
      fetch: { deadlineMs: 500 },
    });
    const started = Date.now();
    expect(await patient.lookUpSession(expiring)).toEqual({ user: null, session: expiring });
    expect(Date.now() - started).toBeLessThan(1500);
    const sent = requests;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // No refresh left running in the background that could spend the single-use refresh token.
    expect(requests).toBe(sent);
  });
});

/** Short bounds, so an outage or a hung service is answered in a fraction of a second. */
const quickBackend = () =>
  new SupabaseAuthBackend(
    { url: SUPABASE_URL, anonKey: "test-anon-key" },
    { now: () => NOW, fetch: { deadlineMs: 400, attemptTimeoutMs: 200, retryDelaysMs: [20] } },
  );
const LINK_INVALID = { code: "otp_expired", message: AUTH_MESSAGES.linkInvalid, status: 403 };
const UNAVAILABLE = { message: AUTH_MESSAGES.unavailable };
const hung = async () => {
  await delay("infinite");
  return HttpResponse.json({});
};

describe("asking for a mail: a new confirmation link, a reset link", () => {
  const requests = [
    ["resendConfirmation", "/auth/v1/resend", { email: "ada@example.com", type: "signup" }],
    ["requestPasswordReset", "/auth/v1/recover", { email: "ada@example.com" }],
  ] as const;
  const ask = (method: (typeof requests)[number][0], on = backend) =>
    method === "resendConfirmation"
      ? on.resendConfirmation("ada@example.com", LINKS)
      : on.requestPasswordReset("ada@example.com", LINKS);

  it.each(requests)(
    "%s posts the email to %s, links to /auth/confirm at the shop's origin",
    async (method, path, body) => {
      answers.push(HttpResponse.json({}));
      expect(await ask(method)).toEqual({ error: null });
      expect(seen).toHaveLength(1);
      expect(seen[0]?.method).toBe("POST");
      expect(seen[0]?.url.pathname).toBe(path);
      expect(seen[0]?.url.searchParams.get("redirect_to")).toBe("https://shop.example/auth/confirm");
      expect(seen[0]?.body).toMatchObject(body);
    },
  );

  it.each(requests)(
    "%s: an account mailed a moment ago (GoTrue's per-account 429) answers as any address",
    async (method) => {
      answers.push(
        fail(429, "over_email_send_rate_limit", "For security purposes, you can only request this after 52 seconds."),
      );
      expect(await ask(method)).toEqual({ error: null });
    },
  );

  it.each(requests)(
    "%s: an address GoTrue refuses (4xx) answers as any address, and the operator is told",
    async (method) => {
      const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
      answers.push(fail(400, "email_address_invalid", 'Email address "ada@example.com" is invalid'));
      expect(await ask(method)).toEqual({ error: null });
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0]?.[0])).not.toContain("ada@example.com");
    },
  );

  it.each(requests)("%s: the project's mail limit (429) is busy, in our words", async (method) => {
    vi.spyOn(logger(), "warn").mockImplementation(() => {});
    answers.push(fail(429, "over_email_send_rate_limit", "email rate limit exceeded"));
    expect(await ask(method)).toEqual({
      error: { code: "over_request_rate_limit", message: AUTH_MESSAGES.busy, status: 429 },
    });
  });

  it.each(requests)("%s: a 503 is an outage, and the POST is not sent twice", async (method) => {
    for (let i = 0; i < 5; i++) answers.push(fail(503, "unexpected_failure", "Service Unavailable"));
    expect(await ask(method, quickBackend())).toMatchObject({ error: { ...UNAVAILABLE, status: 503 } });
    expect(seen).toHaveLength(1);
  });

  it.each(requests)("%s: a network failure or a hung service is an outage", async (method, path) => {
    answers.push(HttpResponse.error());
    expect(await ask(method, quickBackend())).toEqual({ error: { code: "network", ...UNAVAILABLE, status: 0 } });
    server.use(http.post(`${SUPABASE_URL}${path}`, hung));
    expect((await ask(method, quickBackend())).error).toMatchObject({ code: "network", ...UNAVAILABLE });
  });
});

describe("following a confirmation link", () => {
  it("posts the token hash to /verify as type email; the shopper is signed in", async () => {
    answers.push(HttpResponse.json(sessionBody("c")));
    const outcome = await backend.confirmEmail("pkce_0123456789abcdef");
    expect(seen[0]?.method).toBe("POST");
    expect(seen[0]?.url.pathname).toBe("/auth/v1/verify");
    expect(seen[0]?.body).toMatchObject({ token_hash: "pkce_0123456789abcdef", type: "email" });
    expect(outcome).toMatchObject({ ok: true, user: { email: "ada@example.com" } });
    if (outcome.ok) expect(JSON.parse(outcome.session ?? "")).toMatchObject({ access_token: "access-c" });
  });

  it.each([
    [
      "403 otp_expired (used, expired or unknown)",
      () => fail(403, "otp_expired", "Email link is invalid or has expired"),
    ],
    ["400 validation_failed (unreadable)", () => fail(400, "validation_failed", "Invalid token hash")],
  ])("%s: the link is invalid, in the SQL backend's words", async (_name, answer) => {
    answers.push(answer());
    expect(await backend.confirmEmail("used")).toEqual({ ok: false, error: LINK_INVALID });
  });

  it("429 is busy, 503 an outage sent once, a network failure an outage", async () => {
    vi.spyOn(logger(), "warn").mockImplementation(() => {});
    answers.push(fail(429, "over_request_rate_limit", "Request rate limit reached"));
    expect(await backend.confirmEmail("t")).toMatchObject({
      ok: false,
      error: { message: AUTH_MESSAGES.busy, status: 429 },
    });
    for (let i = 0; i < 5; i++) answers.push(fail(503, "unexpected_failure", "Service Unavailable"));
    expect(await quickBackend().confirmEmail("t")).toMatchObject({ ok: false, error: { ...UNAVAILABLE, status: 503 } });
    expect(seen).toHaveLength(2);
    answers = [HttpResponse.error()];
    expect(await backend.confirmEmail("t")).toMatchObject({ ok: false, error: { code: "network", status: 0 } });
  });
});

/** An hour from now in real time: supabase-js reads an access token's expiry against its own clock. */
const TOKEN_EXP = Math.floor(Date.now() / 1000) + 3600;

/** An access token shaped as GoTrue signs one (supabase-js decodes it; the service checks the signature). */
function accessToken(tag: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const exp = TOKEN_EXP;
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: "u1", session_id: `s-${tag}`, exp })}.c2lnbmF0dXJl`;
}

describe("a recovery link and the new password", () => {
  const user = sessionBody().user;
  const grant = JSON.stringify({
    access_token: accessToken("recovery"),
    refresh_token: "refresh-recovery",
    expires_at: NOW / 1000 + 3600,
    user: { id: user.id, email: "ada@example.com" },
  });

  it("openRecoveryLink posts the token hash to /verify as type recovery; the grant is that session", async () => {
    answers.push(HttpResponse.json(sessionBody("r")));
    const outcome = await backend.openRecoveryLink("recovery-hash");
    expect(seen[0]?.url.pathname).toBe("/auth/v1/verify");
    expect(seen[0]?.body).toMatchObject({ token_hash: "recovery-hash", type: "recovery" });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(JSON.parse(outcome.grant)).toEqual({
      access_token: "access-r",
      refresh_token: "refresh-r",
      expires_at: NOW / 1000 + 3600,
      user: { id: user.id, email: "ada@example.com" },
    });
  });

  it("openRecoveryLink: a bad link is invalid (403), a 503 an outage sent once", async () => {
    answers.push(fail(403, "otp_expired", "Email link is invalid or has expired"));
    expect(await backend.openRecoveryLink("used")).toEqual({ ok: false, error: LINK_INVALID });
    for (let i = 0; i < 5; i++) answers.push(fail(503, "unexpected_failure", "Service Unavailable"));
    expect(await quickBackend().openRecoveryLink("t")).toMatchObject({ ok: false, error: { status: 503 } });
    expect(seen).toHaveLength(2);
  });

  it("resetPassword: PUT /user with the grant, a new session, every other one ended", async () => {
    const fresh = { ...sessionBody("new"), access_token: accessToken("new") };
    answers.push(HttpResponse.json(user), HttpResponse.json(user), HttpResponse.json(fresh));
    answers.push(new HttpResponse(null, { status: 204 }));
    const outcome = await backend.resetPassword(grant, "a new long password");
    expect(seen.map(({ method, url }) => `${method} ${url.pathname}${url.search}`)).toEqual([
      "GET /auth/v1/user",
      "PUT /auth/v1/user",
      "POST /auth/v1/token?grant_type=password",
      "POST /auth/v1/logout?scope=others",
    ]);
    expect(seen[1]?.authorization).toBe(`Bearer ${accessToken("recovery")}`);
    expect(seen[1]?.body).toMatchObject({ password: "a new long password" });
    expect(seen[2]?.body).toMatchObject({ email: "ada@example.com", password: "a new long password" });
    // "others" from the new session: every session but this browser's new one ends, the grant's too.
    expect(seen[3]?.authorization).toBe(`Bearer ${accessToken("new")}`);
    expect(outcome).toMatchObject({ ok: true, user: { email: "ada@example.com" } });
    if (outcome.ok) expect(JSON.parse(outcome.session ?? "")).toMatchObject({ access_token: accessToken("new") });
  });

  it("resetPassword: a used grant (its session ended) is an invalid link; a tampered one is, with no call", async () => {
    answers.push(fail(403, "session_not_found", "Session from session_id claim in JWT does not exist"));
    expect(await backend.resetPassword(grant, "a new long password")).toEqual({ ok: false, error: LINK_INVALID });
    answers.push(HttpResponse.json(user), fail(403, "session_not_found", "Session not found"));
    expect(await backend.resetPassword(grant, "a new long password")).toEqual({ ok: false, error: LINK_INVALID });
    expect(seen).toHaveLength(3);
    expect(await backend.resetPassword("not json", "a new long password")).toEqual({ ok: false, error: LINK_INVALID });
    expect(seen).toHaveLength(3);
  });

  it("resetPassword: a weak password is refused in GoTrue's words, and nothing else is called", async () => {
    answers.push(HttpResponse.json(user), fail(422, "weak_password", "Password should be at least 8 characters."));
    expect(await backend.resetPassword(grant, "short")).toEqual({
      ok: false,
      error: { code: "weak_password", message: "Password should be at least 8 characters.", status: 422 },
    });
    expect(seen).toHaveLength(2);
  });

  it("resetPassword tried again after an outage: GoTrue's same_password means it is set, and it goes on", async () => {
    const fresh = { ...sessionBody("again"), access_token: accessToken("again") };
    answers.push(
      HttpResponse.json(user),
      fail(422, "same_password", "New password should be different from the old password."),
    );
    answers.push(HttpResponse.json(fresh), new HttpResponse(null, { status: 204 }));
    expect(await backend.resetPassword(grant, "a new long password")).toMatchObject({ ok: true });
    expect(seen.map(({ url }) => url.pathname)).toEqual([
      "/auth/v1/user",
      "/auth/v1/user",
      "/auth/v1/token",
      "/auth/v1/logout",
    ]);
  });

  it("resetPassword: a 503 on PUT /user is an outage and the PUT is not sent twice; a failed sign-out everywhere too", async () => {
    answers.push(HttpResponse.json(user));
    for (let i = 0; i < 5; i++) answers.push(fail(503, "unexpected_failure", "Service Unavailable"));
    expect(await quickBackend().resetPassword(grant, "a new long password")).toMatchObject({
      ok: false,
      error: { ...UNAVAILABLE, status: 503 },
    });
    expect(seen.filter(({ method }) => method === "PUT")).toHaveLength(1);
    seen = [];
    answers = [
      HttpResponse.json(user),
      HttpResponse.json(user),
      HttpResponse.json(sessionBody("n")),
      HttpResponse.error(),
    ];
    expect(await quickBackend().resetPassword(grant, "a new long password")).toMatchObject({
      ok: false,
      error: { code: "network", status: 0 },
    });
    expect(seen.at(-1)?.url.pathname).toBe("/auth/v1/logout");
  });
});
