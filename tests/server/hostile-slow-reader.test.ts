import { once } from "node:events";
import net from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort, rawRequest, type RunningServer, startServer, Visitor } from "./harness";

/**
 * A client that asks for pages and never reads the answers. One connection
 * pipelines 100 copies of a page the page cache answers, enough to fill the kernel's buffers (on
 * loopback they take about 4 MB: some 60 of these pages), and 80 catalogue pages nobody asked for
 * before, then takes nothing. Those 80 need a render turn (ADR 024); before the change each turn
 * lasted until the client had read its page, so four of them were held for good and every other
 * shopper's page that needed a render was refused. Now a turn ends when the page has been handed to
 * Node, and one connection renders one page at a time, the next once the one before has been
 * taken. (A connection whose answers are not taken within RESPONSE_TIMEOUT_MS is closed:
 * tests/unit/response-deadline.test.ts.)
 */

/** A catalogue page the page cache keeps once it has been asked for: about 60 KB uncompressed. */
const KEPT_PAGE = "/products?p=kept";

/** A connection that sends what it is given and reads nothing back. */
async function neverReading(port: number): Promise<net.Socket> {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.pause();
  socket.on("error", () => {});
  return socket;
}

/**
 * Requests for one write: the kept page `kept` times, then the pages at `paths`, with `cookie` when
 * given. The Host is the one the kept page was asked for with: it is part of the page cache's key.
 */
function pipelined(port: number, kept: number, paths: { path: string; cookie?: string }[]): string {
  const requests = [...Array<{ path: string; cookie?: string }>(kept).fill({ path: KEPT_PAGE }), ...paths];
  return requests
    .map(
      ({ path, cookie }) =>
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}\r\n`,
    )
    .join("");
}

/** `count` catalogue pages nobody asked for before. */
const freshPages = (count: number) =>
  Array.from({ length: count }, () => ({ path: `/products?p=${Math.random().toString(36).slice(2)}` }));

/** The server's metrics (server/metrics.ts): the sum of the series of `name` whose labels include `labels`. */
async function metric(metricsPort: number, name: string, labels: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

/** Anonymous catalogue pages the server looked up in its page cache and did not find. */
const pagesMissed = (metricsPort: number) =>
  metric(metricsPort, "makervolt_page_cache_lookups_total", 'outcome="miss"');

/** Resolves once `check` holds; throws after `ms` (a generous bound, not a measurement). */
async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not within ${ms / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("connections that pipeline pages and never read them", () => {
  let server: RunningServer;
  let metricsPort: number;
  let signedIn: Visitor;
  beforeAll(async () => {
    metricsPort = await freePort();
    // A deadline longer than the tests: the connections stay open while the others are served.
    server = await startServer({ env: { METRICS_PORT: String(metricsPort), RESPONSE_TIMEOUT_MS: "600000" } });
    signedIn = new Visitor(server.origin);
    const fields = await signedIn.formFields("/auth?mode=sign-up");
    const signedUp = await signedIn.post("/auth?mode=sign-up", {
      ...fields,
      email: `slow-reader-${Date.now()}@example.com`,
      password: "a shopper's password",
    });
    expect(signedUp.status).toBe(303);
    expect((await rawRequest(server.origin, { path: KEPT_PAGE })).status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Sends each connection its requests; resolves once the server has read them all, with the connections. */
  async function attack(writes: string[], freshCount: number): Promise<net.Socket[]> {
    const missedBefore = await pagesMissed(metricsPort);
    const connections = await Promise.all(writes.map(() => neverReading(server.port)));
    writes.forEach((requests, i) => connections[i]!.write(requests));
    const read = async () => (await pagesMissed(metricsPort)) >= missedBefore + freshCount;
    await until(read, 60_000, `the server reads the ${freshCount} catalogue pages' requests`);
    return connections;
  }

  /** What eight shoppers' cold searches and eight signed-in pages are answered. */
  async function probe(): Promise<number[]> {
    const statuses: number[] = [];
    for (let probe = 0; probe < 8; probe++) {
      const coldSearch = await rawRequest(server.origin, { path: `/products?search=probe-${probe}-${Date.now()}` });
      const page = await signedIn.request({ path: ["/", "/about", "/product/21", "/products/displays"][probe % 4] });
      statuses.push(coldSearch.status, page.status);
    }
    return statuses;
  }

  it("one connection's 80 catalogue pages leave every other shopper's cold search and signed-in page answered", async () => {
    const connections = await attack([pipelined(server.port, 100, freshPages(80))], 80);
    // Before the change: 503 each, after waiting 250 ms for a turn that never came.
    expect(await probe()).toEqual(Array(16).fill(200));
    for (const connection of connections) connection.destroy();
  });

  it("five connections' signed-in pages, streamed, leave them answered too", async () => {
    const cookie = signedIn.cookieHeader;
    const writes = Array.from({ length: 5 }, () =>
      pipelined(server.port, 100, [{ path: "/about", cookie }, ...freshPages(15)]),
    );
    const connections = await attack(writes, 75);
    // A streamed page's turn ended once the client had taken its last part, so each connection held one.
    expect(await probe()).toEqual(Array(16).fill(200));
    for (const connection of connections) connection.destroy();
  });
});
