import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createSupabaseClient } from "~/backends/supabase/client.server";
import { SupabaseSignInLimitStore } from "~/backends/supabase/sign-in-limit-store.server";
import { BackendError } from "~/backends/types.server";

/**
 * The hosted sign-in limits (ADR 023): the migration's functions, called over PostgREST
 * with the service_role key, with a fake PostgREST at the HTTP edge (msw).
 */

const SUPABASE_URL = "https://makervolt-test.supabase.co";
const SERVICE_KEY = "test-service-role-key";

interface Call {
  fn: string;
  body: unknown;
  apikey: string | null;
  authorization: string | null;
}
let calls: Call[] = [];
let answer: () => Response = () => HttpResponse.json(null);

const server = setupServer(
  http.post(`${SUPABASE_URL}/rest/v1/rpc/:fn`, async ({ request, params }) => {
    calls.push({
      fn: String(params.fn),
      body: await request.json(),
      apikey: request.headers.get("apikey"),
      authorization: request.headers.get("authorization"),
    });
    return answer();
  }),
);

const buckets = new SupabaseSignInLimitStore(createSupabaseClient({ url: SUPABASE_URL, anonKey: SERVICE_KEY }));
const PAIR = { key: "email-from:a@example.com 192.0.2.1", capacity: 5, refillMs: 60_000 };
const ADDRESS = { key: "address:192.0.2.1", capacity: 100, refillMs: 36_000 };

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  calls = [];
  answer = () => HttpResponse.json(null);
});
afterAll(() => server.close());

describe("SupabaseSignInLimitStore", () => {
  it("takes tokens in one call, as the service role, with refill times in seconds", async () => {
    answer = () => HttpResponse.json(0);
    expect(await buckets.take([PAIR, ADDRESS])).toBe(0);
    expect(calls).toEqual([
      {
        fn: "take_auth_tokens",
        body: { bucket_keys: [PAIR.key, ADDRESS.key], capacities: [5, 100], refill_seconds: [60, 36] },
        apikey: SERVICE_KEY,
        authorization: `Bearer ${SERVICE_KEY}`,
      },
    ]);
  });

  it("reads a refusal's wait in milliseconds", async () => {
    answer = () => HttpResponse.json(12.3456);
    expect(await buckets.take([PAIR])).toBe(12_346);
  });

  it("gives tokens back and refills buckets", async () => {
    await buckets.giveBack([PAIR]);
    await buckets.refill([PAIR.key]);
    expect(calls.map(({ fn, body }) => ({ fn, body }))).toEqual([
      { fn: "give_auth_tokens", body: { bucket_keys: [PAIR.key], capacities: [5], refill_seconds: [60] } },
      { fn: "refill_auth_buckets", body: { bucket_keys: [PAIR.key] } },
    ]);
  });

  it("an error from the service is an outage (never an unchecked attempt)", async () => {
    answer = () =>
      HttpResponse.json({ code: "42883", message: "function public.take_auth_tokens does not exist" }, { status: 404 });
    const failure = await buckets.take([PAIR]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackendError);
    expect((failure as BackendError).kind).toBe("unavailable");
  });
});
