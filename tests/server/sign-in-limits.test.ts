import { afterAll, describe, expect, it } from "vitest";

import { HASHES_ALWAYS_ADMITTED } from "~/backends/sql/password.server";
import { SIGN_IN_LIMITS } from "~/services/sign-in-limits.server";

import { type RunningServer, startServer, Visitor } from "./harness";

/**
 * Failed sign-ins are limited per email and per client address (SIGN_IN_LIMITS). The address is
 * the socket's, or with TRUST_PROXY=1 the one our proxy appended to X-Forwarded-For, never one the
 * client wrote: a guesser cannot spread failures over made-up addresses, nor lock out someone else's.
 */

const ADDRESS_LIMIT = SIGN_IN_LIMITS.address.capacity;
/** An address's worth of failed sign-ins each cost a memory-hard password check: minutes on a busy two-core machine. */
const SLOW = 360_000;

/**
 * `count` failed sign-ins, each for a different email (so the per-email limit never applies), a few
 * at a time: no more than are always admitted to the password hashes, which refuse more with 503
 * when a busy machine makes them wait (ADR 033).
 */
async function failSignIns(server: RunningServer, count: number, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  const worker = async (offset: number) => {
    const visitor = new Visitor(server.origin);
    const csrf = await visitor.csrfToken("/auth");
    for (let i = offset; i < count; i += HASHES_ALWAYS_ADMITTED) {
      const response = await visitor.post(
        "/auth",
        { csrf, intent: "sign-in", email: `guess${i}@example.com`, password: "wrong password" },
        { "x-forwarded-for": forwardedFor(i) },
      );
      statuses.push(response.status);
    }
  };
  await Promise.all(Array.from({ length: HASHES_ALWAYS_ADMITTED }, (_, offset) => worker(offset)));
  return statuses;
}

async function signInStatus(server: RunningServer, forwardedFor: string) {
  const visitor = new Visitor(server.origin);
  const csrf = await visitor.csrfToken("/auth");
  const response = await visitor.post(
    "/auth",
    { csrf, intent: "sign-in", email: "someone.new@example.com", password: "wrong password" },
    { "x-forwarded-for": forwardedFor },
  );
  return response.status;
}

/**
 * Tries sign-ins from `forwardedFor` until one is refused; the statuses. The address bucket gets
 * tokens back as time goes, so a run slowed by a busy machine has earned a few back by the time the
 * last failure is in: up to `most` tries. Were the limit not counted on this address, no try
 * would ever be refused.
 */
async function signInsUntilRefused(server: RunningServer, forwardedFor: string, most = 10) {
  const statuses: number[] = [];
  while (statuses.length < most && statuses.at(-1) !== 429) statuses.push(await signInStatus(server, forwardedFor));
  return statuses;
}

describe("per-address sign-in limits", () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it(
    "count the socket's address without a trusted proxy, whatever X-Forwarded-For claims",
    async () => {
      const server = await startServer();
      servers.push(server);
      const statuses = await failSignIns(server, ADDRESS_LIMIT, (i) => `198.51.100.${i % 250}`);
      expect(statuses.every((status) => status === 400)).toBe(true);
      expect((await signInsUntilRefused(server, "203.0.113.99")).at(-1)).toBe(429);
    },
    SLOW,
  );

  it(
    "count the address our proxy appended with TRUST_PROXY=1, not one the client put before it",
    async () => {
      const server = await startServer({ env: { TRUST_PROXY: "1" } });
      servers.push(server);
      const statuses = await failSignIns(server, ADDRESS_LIMIT, (i) => `10.0.0.${i % 250}, 203.0.113.7`);
      expect(statuses.every((status) => status === 400)).toBe(true);
      expect((await signInsUntilRefused(server, "203.0.113.7")).at(-1)).toBe(429);
      expect(await signInStatus(server, "10.9.9.9, 203.0.113.8")).toBe(400);
    },
    SLOW,
  );

  it("answer 400 to a malformed X-Forwarded-Host from a trusted proxy", async () => {
    const server = await startServer({ env: { TRUST_PROXY: "1" } });
    servers.push(server);
    const visitor = new Visitor(server.origin);
    expect((await visitor.request({ path: "/about", headers: { "x-forwarded-host": "a b" } })).status).toBe(400);
    expect((await visitor.request({ path: "/about", headers: { "x-forwarded-host": "shop.example" } })).status).toBe(
      200,
    );
  });
});
