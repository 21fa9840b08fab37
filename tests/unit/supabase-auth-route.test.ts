import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { AUTH_MESSAGES } from "~/backends/types.server";
import type { action as authAction } from "~/routes/auth";
import type { commitCsrfToken as csrfToken } from "~/services/csrf.server";
import type { honeypotInputProps as honeypotProps } from "~/services/honeypot.server";
import * as rateLimit from "~/services/rate-limit.server";
import type { AttemptOutcome } from "~/services/rate-limit.server";
import { logger } from "~/lib/log.server";
import { routeOf } from "../support/route-args";

/**
 * The /auth action on hosted Supabase, with a fake GoTrue at the HTTP edge (msw): its per-address
 * rate limit (429) reads as our own message, keeps the email and counts against nobody; our own
 * limits (rate-limit.server.ts) are checked first, so a limited attempt never reaches the service
 * (docs/accounts.md#hosted-supabase-at-scale).
 */

/** How each admitted attempt was settled, in order. */
const settled = vi.hoisted((): AttemptOutcome[] => []);

vi.mock("~/services/rate-limit.server", async (importOriginal) => {
  const actual = await importOriginal<typeof rateLimit>();
  return {
    ...actual,
    admitAuthAttempt: vi.fn(async (...args: Parameters<typeof actual.admitAuthAttempt>) => {
      const admission = await actual.admitAuthAttempt(...args);
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

const ORIGIN = "http://localhost";
const PASSWORD = "correct horse battery";

let seen: URL[] = [];
let answers: Response[] = [];
const server = setupServer(
  http.all(`${AUTH}/*`, ({ request }) => {
    seen.push(new URL(request.url));
    return answers.shift() ?? HttpResponse.json({ msg: "no answer queued" }, { status: 500 });
  }),
);

// Imported after the environment is set: the backend is chosen on first use.
let modules: { action: typeof authAction; commitCsrfToken: typeof csrfToken; honeypotInputProps: typeof honeypotProps };

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  modules = {
    action: (await import("~/routes/auth")).action,
    commitCsrfToken: (await import("~/services/csrf.server")).commitCsrfToken,
    honeypotInputProps: (await import("~/services/honeypot.server")).honeypotInputProps,
  };
});
afterEach(() => {
  server.resetHandlers();
  seen = [];
  answers = [];
  settled.length = 0;
  vi.mocked(rateLimit.admitAuthAttempt).mockClear();
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
  status: number;
  retryAfter: string | null;
  data: { mode: string; email: string; toast: { title?: string; description?: string; variant?: string } };
}

/** POST /auth as the browser sends it (with the CSRF token, and for sign-up the honeypot's fields). */
async function post(mode: "sign-in" | "sign-up", who: ReturnType<typeof shopper>): Promise<ActionResult> {
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
    },
    body,
  });
  const answer = await modules.action({
    request,
    context: { clientAddress: who.clientAddress },
    params: {},
    ...routeOf(request),
  });
  // A sign-in that goes through redirects.
  if (answer instanceof Response) {
    return { status: answer.status, retryAfter: null, data: null as unknown as ActionResult["data"] };
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
    ["sign-in", "/auth/v1/token", "over_request_rate_limit", "Request rate limit reached", "Sign in Failed"],
    ["sign-up", "/auth/v1/signup", "over_email_send_rate_limit", "email rate limit exceeded", "Sign up Failed"],
  ] as const)("%s: 429, a destructive toast in our words, the email kept", async (mode, path, code, msg, title) => {
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
    const who = shopper();
    answers.push(goTrue(429, code, msg));
    const { status, retryAfter, data } = await post(mode, who);
    expect(seen.map((url) => url.pathname)).toEqual([path]);
    expect(status).toBe(429);
    expect(retryAfter).toBe("60");
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
    expect(data.toast).toMatchObject({ description: AUTH_MESSAGES.rateLimited, variant: "destructive" });
    expect(seen).toHaveLength(5);
  });

  it.each(["sign-in", "sign-up"] as const)(
    "%s held back by a limit (say, the address's) sends no request",
    async (mode) => {
      vi.mocked(rateLimit.admitAuthAttempt).mockResolvedValueOnce({ admitted: false, retryAfterSeconds: 17 });
      const { status, retryAfter, data } = await post(mode, shopper());
      expect(status).toBe(429);
      expect(retryAfter).toBe("17");
      expect(data.toast.description).toBe(AUTH_MESSAGES.rateLimited);
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
