import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";

import { delay, http, HttpResponse, passthrough } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { boundedFetch, DEFAULT_FETCH_BOUNDS, ServiceUnreachableError } from "~/backends/supabase/bounded-fetch.server";

/**
 * The fetch under every Supabase client, against a fake service at the network edge (msw), and
 * against a real closed loopback port for a refused connection.
 */

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

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T | undefined; error: unknown }> {
  const started = Date.now();
  try {
    const result = await run();
    return { ms: Date.now() - started, result, error: undefined };
  } catch (error) {
    return { ms: Date.now() - started, result: undefined, error };
  }
}

describe("a hung service", () => {
  it("a GET gives up in under 3 s with the default bounds, after a second attempt", async () => {
    hung(`${SERVICE}/rest/v1/products`);
    const { ms, error } = await timed(() => boundedFetch()(`${SERVICE}/rest/v1/products?select=id`));
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expect(ms).toBeLessThan(3000);
    expect(ms).toBeGreaterThan(DEFAULT_FETCH_BOUNDS.attemptTimeoutMs);
    expect(requests).toHaveLength(2);
  });

  it("a POST is sent once (it may have arrived) and waits the whole deadline", async () => {
    hung(`${SERVICE}/auth/v1/token`);
    const { ms, error } = await timed(() =>
      boundedFetch({ deadlineMs: 600 })(`${SERVICE}/auth/v1/token?grant_type=password`, { method: "POST", body: "{}" }),
    );
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expect(ms).toBeGreaterThanOrEqual(550);
    expect(ms).toBeLessThan(1500);
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
      const response = await boundedFetch({ deadlineMs: 400 })(`http://127.0.0.1:${port}/rest/v1/products`);
      const { ms, error } = await timed(() => response.text());
      expect(error).toBeInstanceOf(Error);
      expect(ms).toBeLessThan(1000);
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
    const { ms, error } = await timed(() =>
      boundedFetch()(`http://127.0.0.1:${port}/auth/v1/token?grant_type=password`, { method: "POST", body: "{}" }),
    );
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expect((error as Error).message).toContain("ECONNREFUSED");
    expect(requests).toHaveLength(DEFAULT_FETCH_BOUNDS.retryDelaysMs.length + 1);
    expect(ms).toBeLessThan(1500);
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
    const { ms, result } = await timed(() => fetch(`${SERVICE}/auth/v1/token`, { method: "POST", body: "{}" }));
    expect(result?.status).toBe(408);
    expect(ms).toBeLessThan(50);
    expect(requests).toHaveLength(1);
  });
});
