import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import type * as TimersPromises from "node:timers/promises";

import { delay, http, HttpResponse, passthrough } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { boundedFetch, DEFAULT_FETCH_BOUNDS, ServiceUnreachableError } from "~/backends/supabase/bounded-fetch.server";

/**
 * The fetch under every Supabase client, against a fake service at the network edge (msw), and
 * against a real closed loopback port for a refused connection. How long a call waits is read on a
 * fake clock (onFakeClock), never the machine's: a busy machine must not fail these tests.
 */

// The pauses between attempts run on the global setTimeout, so the fake clock moves them too
// (vitest's fake timers replace the global, not this module's export).
vi.mock("node:timers/promises", async (importOriginal) => ({
  ...(await importOriginal<typeof TimersPromises>()),
  setTimeout: (ms: number, value?: unknown, options?: { signal?: AbortSignal }) =>
    new Promise((resolve, reject) => {
      const signal = options?.signal;
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer = setTimeout(() => resolve(value), ms);
      signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
    }),
}));

const SERVICE = "https://makervolt-test.supabase.co";

/** A loopback port with nothing listening: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let requests: { method: string; url: string }[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  requests = [];
});
afterAll(() => server.close());

function hung(url: string) {
  server.use(
    http.all(url, async ({ request }) => {
      requests.push({ method: request.method, url: request.url });
      await delay("infinite");
      return HttpResponse.json({});
    }),
  );
}

/** Answers in turn, the last one repeated. */
function answering(url: string, ...answers: (() => Response)[]) {
  server.use(
    http.all(url, ({ request }) => {
      requests.push({ method: request.method, url: request.url });
      return (answers.length > 1 ? answers.shift()! : answers[0]!)();
    }),
  );
}

/**
 * Runs `call` on a fake clock that moves only from one timer to the next (the network still
 * answers in real time), and says how long the call took on that clock: exactly what its timers
 * made it wait, however busy the machine is. The deadline's own AbortSignal.timeout stays on the
 * real clock, far behind the fake one, so these calls end by the attempt timers.
 */
async function onFakeClock<T>(call: () => Promise<T>): Promise<{ ms: number; result?: T; error?: unknown }> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  try {
    const started = Date.now();
    let settled = false;
    const outcome = call().then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    void outcome.finally(() => (settled = true));
    while (!settled) {
      await vi.advanceTimersToNextTimerAsync();
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { ...(await outcome), ms: Date.now() - started };
  } finally {
    vi.useRealTimers();
  }
}

describe("a hung service", () => {
  it("a GET gives up in under 3 s with the default bounds, after a second attempt", async () => {
    hung(`${SERVICE}/rest/v1/products`);
    const { ms, error } = await onFakeClock(() => boundedFetch()(`${SERVICE}/rest/v1/products?select=id`));
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    // Two attempts (1,000 ms, then what is left less room for nothing), a 100 ms pause between.
    expect(ms).toBeGreaterThan(DEFAULT_FETCH_BOUNDS.attemptTimeoutMs);
    expect(ms).toBeLessThanOrEqual(DEFAULT_FETCH_BOUNDS.deadlineMs);
    expect(DEFAULT_FETCH_BOUNDS.deadlineMs).toBeLessThan(3000);
    expect(requests).toHaveLength(2);
  });

  it("a POST is sent once (it may have arrived) and waits the whole deadline", async () => {
    hung(`${SERVICE}/auth/v1/token`);
    const { ms, error } = await onFakeClock(() =>
      boundedFetch({ deadlineMs: 600 })(`${SERVICE}/auth/v1/token?grant_type=password`, { method: "POST", body: "{}" }),
    );
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expect(ms).toBe(600);
    expect(requests).toHaveLength(1);
  });

  it.each(["search_products", "catalogue_facets"])(
    "a POST to the read-only function %s is asked again like a GET",
    async (name) => {
      hung(`${SERVICE}/rest/v1/rpc/${name}`);
      const { error } = await onFakeClock(() =>
        boundedFetch()(`${SERVICE}/rest/v1/rpc/${name}`, { method: "POST", body: '{"term":"servo"}' }),
      );
      expect(error).toBeInstanceOf(ServiceUnreachableError);
      expect(requests).toHaveLength(2);
    },
  );

  it("a POST to any other function is sent once", async () => {
    hung(`${SERVICE}/rest/v1/rpc/take_auth_tokens`);
    const { error } = await onFakeClock(() =>
      boundedFetch({ deadlineMs: 600 })(`${SERVICE}/rest/v1/rpc/take_auth_tokens`, { method: "POST", body: "{}" }),
    );
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expect(requests).toHaveLength(1);
  });

  // A real server: msw's mocked bodies ignore the request's signal.
  it("the deadline also bounds reading a body that never ends", async () => {
    const stalling = createHttpServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write("[");
    });
    await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
    const { port } = stalling.address() as { port: number };
    server.use(http.all(`http://127.0.0.1:${port}/*`, () => passthrough()));
    try {
      // A deadline long enough for the headers to come on a busy machine (no retry to share it with).
      const fetch = boundedFetch({ deadlineMs: 2000, attemptTimeoutMs: 2000, retryDelaysMs: [] });
      const response = await fetch(`http://127.0.0.1:${port}/rest/v1/products`);
      // Without the deadline the read never ends (the test would time out); with it, the read is
      // aborted by the deadline's own signal.
      await expect(response.text()).rejects.toMatchObject({ name: "TimeoutError" });
    } finally {
      stalling.closeAllConnections();
      await new Promise((resolve) => stalling.close(resolve));
    }
  });
});

describe("a refused connection", () => {
  it("is retried, even for a POST (nothing was sent), then fails fast", async () => {
    const port = await closedPort();
    server.use(
      http.all(`http://127.0.0.1:${port}/*`, ({ request }) => {
        requests.push({ method: request.method, url: request.url });
        return passthrough();
      }),
    );
    const { ms, error } = await onFakeClock(() =>
      boundedFetch()(`http://127.0.0.1:${port}/auth/v1/token?grant_type=password`, { method: "POST", body: "{}" }),
    );
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expect((error as Error).message).toContain("ECONNREFUSED");
    expect(requests).toHaveLength(DEFAULT_FETCH_BOUNDS.retryDelaysMs.length + 1);
    // Fast: only the pauses between attempts, no attempt waited for its time-out.
    expect(ms).toBe(DEFAULT_FETCH_BOUNDS.retryDelaysMs.reduce((sum, delay) => sum + delay, 0));
  });
});

describe("answers", () => {
  it("a GET answered 503 is asked again, and a later answer wins", async () => {
    answering(
      `${SERVICE}/rest/v1/products`,
      () => HttpResponse.json({ message: "busy" }, { status: 503 }),
      () => HttpResponse.json([{ id: 1 }]),
    );
    const response = await boundedFetch()(`${SERVICE}/rest/v1/products`);
    expect(response.status).toBe(200);
    expect(requests).toHaveLength(2);
  });

  it("a GET that stays 503 returns the last 503 for the caller to classify", async () => {
    answering(`${SERVICE}/rest/v1/products`, () => HttpResponse.json({ message: "busy" }, { status: 503 }));
    const response = await boundedFetch()(`${SERVICE}/rest/v1/products`);
    expect(response.status).toBe(503);
    expect(requests).toHaveLength(DEFAULT_FETCH_BOUNDS.retryDelaysMs.length + 1);
  });

  it("a POST answered 503 and a GET answered 500 are not asked again", async () => {
    answering(`${SERVICE}/auth/v1/token`, () => HttpResponse.json({ msg: "busy" }, { status: 503 }));
    expect((await boundedFetch()(`${SERVICE}/auth/v1/token`, { method: "POST", body: "{}" })).status).toBe(503);
    expect(requests).toHaveLength(1);
    answering(`${SERVICE}/rest/v1/products`, () => HttpResponse.json({ message: "bug" }, { status: 500 }));
    expect((await boundedFetch()(`${SERVICE}/rest/v1/products`)).status).toBe(500);
    expect(requests).toHaveLength(2);
  });

  it("a network error on a GET is retried; on a POST it is not (it may have been sent)", async () => {
    answering(`${SERVICE}/rest/v1/products`, () => HttpResponse.error());
    await expect(boundedFetch()(`${SERVICE}/rest/v1/products`)).rejects.toThrow(ServiceUnreachableError);
    expect(requests).toHaveLength(3);
    requests = [];
    answering(`${SERVICE}/auth/v1/signup`, () => HttpResponse.error());
    await expect(boundedFetch()(`${SERVICE}/auth/v1/signup`, { method: "POST", body: "{}" })).rejects.toThrow(
      ServiceUnreachableError,
    );
    expect(requests).toHaveLength(1);
  });
});

describe("options", () => {
  it("the caller's own abort is passed through as it is, not retried", async () => {
    hung(`${SERVICE}/rest/v1/products`);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("caller gave up")), 100);
    await expect(boundedFetch()(`${SERVICE}/rest/v1/products`, { signal: controller.signal })).rejects.toThrow(
      "caller gave up",
    );
    expect(requests).toHaveLength(1);
  });

  it("a shared deadline: once spent, later calls are answered 408 at once, without a request", async () => {
    hung(`${SERVICE}/auth/v1/token`);
    const fetch = boundedFetch({ deadlineMs: 300, shareDeadline: true });
    await expect(fetch(`${SERVICE}/auth/v1/token`, { method: "POST", body: "{}" })).rejects.toThrow(
      ServiceUnreachableError,
    );
    const { ms, result } = await onFakeClock(() => fetch(`${SERVICE}/auth/v1/token`, { method: "POST", body: "{}" }));
    expect(result?.status).toBe(408);
    expect(ms).toBe(0);
    expect(requests).toHaveLength(1);
  });
});
