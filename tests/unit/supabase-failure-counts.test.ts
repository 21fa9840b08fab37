import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createSupabaseClient } from "~/backends/supabase/client.server";
import { SupabaseFailureCounts } from "~/backends/supabase/failure-counts.server";
import { BackendError } from "~/backends/types";

/**
 * Hosted sign-in failure counts (ADR 019): the migration's functions, called over PostgREST with the
 * service_role key, with a fake PostgREST at the HTTP edge (msw).
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

const counts = new SupabaseFailureCounts(createSupabaseClient({ url: SUPABASE_URL, anonKey: SERVICE_KEY }));

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  calls = [];
  answer = () => HttpResponse.json(null);
});
afterAll(() => server.close());

describe("SupabaseFailureCounts", () => {
  it("reads the counts of the keys asked for, as the service role", async () => {
    answer = () => HttpResponse.json([{ key: "email:a@example.com", failures: 3 }]);
    const read = await counts.count(["email:a@example.com", "address:192.0.2.1"]);
    expect(read).toEqual(new Map([["email:a@example.com", 3]]));
    expect(calls).toEqual([
      {
        fn: "count_auth_failures",
        body: { failure_keys: ["email:a@example.com", "address:192.0.2.1"] },
        apikey: SERVICE_KEY,
        authorization: `Bearer ${SERVICE_KEY}`,
      },
    ]);
  });

  it("records a failure with its window in seconds, and forgets a key", async () => {
    answer = () => HttpResponse.json(1);
    await counts.record("address:192.0.2.1", 3_600_000);
    await counts.forget("email:a@example.com");
    expect(calls.map(({ fn, body }) => ({ fn, body }))).toEqual([
      { fn: "record_auth_failure", body: { failure_key: "address:192.0.2.1", window_seconds: 3600 } },
      { fn: "forget_auth_failures", body: { failure_key: "email:a@example.com" } },
    ]);
  });

  it("an error from the service is an outage (never an unchecked attempt)", async () => {
    answer = () =>
      HttpResponse.json(
        { code: "42883", message: "function public.count_auth_failures does not exist" },
        { status: 404 },
      );
    const failure = await counts.count(["email:a@example.com"]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackendError);
    expect((failure as BackendError).kind).toBe("unavailable");
  });
});
