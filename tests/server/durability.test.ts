import http from "node:http";

import { describe, expect, it } from "vitest";

import { HASHES_ALWAYS_ADMITTED } from "~/backends/sql/password.server";

import { type RunningServer, startServer, tempDataDir, Visitor } from "./harness";

/**
 * Accounts and sessions must survive the server being stopped in the middle of sign-ups under
 * load: politely (SIGTERM: requests in flight finish) and not (kill -9: whatever was confirmed
 * to the shopper is on disk). Several shoppers sign up at once, the server is stopped while they
 * do, and a new server on the same DATA_DIR must know every account and session it confirmed.
 */

const PASSWORD = "a long enough password";
/** As many as the server checks passwords for at once without ever refusing one as busy (ADR 024). */
const SHOPPERS = HASHES_ALWAYS_ADMITTED;

interface Confirmed {
  email: string;
  sessionCookie: string;
}

interface LoadResult {
  confirmed: Confirmed[];
  /** Sign-ups whose request was on an open connection when the stop signal was sent. */
  inFlightAtStop: { ok: boolean }[];
}

/** One sign-up post, noting whether its connection was open at `stopAt()`. */
function signUp(visitor: Visitor, fields: Record<string, string>, email: string, stoppedAt: () => number | null) {
  const url = new URL(visitor.origin);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; connectedBeforeStop: boolean }>(
    (resolve, reject) => {
      let connectedAt = Infinity;
      const body = new URLSearchParams({ ...fields, email, password: PASSWORD }).toString();
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: "POST",
          path: "/auth?mode=sign-up",
          agent: false,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            cookie: visitor.cookieHeader,
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            const stop = stoppedAt();
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              connectedBeforeStop: stop !== null && connectedAt < stop,
            });
          });
        },
      );
      req.on("socket", (socket) => socket.once("connect", () => (connectedAt = performance.now())));
      req.on("error", (error) => {
        const stop = stoppedAt();
        reject(Object.assign(error, { connectedBeforeStop: stop !== null && connectedAt < stop }));
      });
      req.end(body);
    },
  );
}

/** Shoppers signing up one after another, all at once, until the server goes away. */
async function signUpsUntilStopped(
  server: RunningServer,
  stop: () => Promise<unknown>,
  runMs: number,
): Promise<LoadResult> {
  let stoppedAt: number | null = null;
  const result: LoadResult = { confirmed: [], inFlightAtStop: [] };
  const shopper = async (n: number) => {
    for (let i = 0; stoppedAt === null; i++) {
      const visitor = new Visitor(server.origin);
      let fields: Record<string, string>;
      try {
        fields = await visitor.formFields("/auth?mode=sign-up");
      } catch {
        return; // The server has stopped listening.
      }
      const email = `shopper${n}.${i}@example.com`;
      try {
        const response = await signUp(visitor, fields, email, () => stoppedAt);
        visitor.remember(response.headers);
        if (response.connectedBeforeStop) result.inFlightAtStop.push({ ok: response.status === 303 });
        if (response.status === 303)
          result.confirmed.push({ email, sessionCookie: `__session=${visitor.cookies.get("__session")}` });
      } catch (error) {
        if ((error as { connectedBeforeStop?: boolean }).connectedBeforeStop) result.inFlightAtStop.push({ ok: false });
        return;
      }
    }
  };
  const shoppers = Array.from({ length: SHOPPERS }, (_, n) => shopper(n));
  await new Promise((r) => setTimeout(r, runMs));
  stoppedAt = performance.now();
  await stop();
  await Promise.all(shoppers);
  return result;
}

/** Every confirmed shopper is still signed in with their cookie, and can sign in with their password. */
async function expectAllKnown(server: RunningServer, confirmed: Confirmed[]) {
  for (const { email, sessionCookie } of confirmed) {
    const visitor = new Visitor(server.origin);
    const signedIn = await visitor.request({ path: "/auth", headers: { cookie: sessionCookie } });
    // The sign-in page sends a signed-in shopper home.
    expect([302, 303], `${email}'s session`).toContain(signedIn.status);
    expect(signedIn.headers.location).toBe("/");
    const csrf = await visitor.csrfToken("/auth");
    const again = await visitor.post("/auth", { csrf, intent: "sign-in", email, password: PASSWORD });
    expect(again.status, `${email} signs in again`).toBe(303);
  }
}

describe("durability", () => {
  it.each([
    ["SIGTERM", "finishes the sign-ups in flight"],
    ["SIGKILL", "loses none it confirmed"],
  ] as const)(
    "stopped with %s in the middle of sign-ups, the server %s; accounts and sessions survive",
    async (signal, _outcome) => {
      const data = tempDataDir();
      try {
        const first = await startServer({ dataDir: data.dir });
        let exitCode: number | null = null;
        const load = await signUpsUntilStopped(first, async () => (exitCode = await first.stop(signal)), 4_000);
        expect(load.confirmed.length, "sign-ups confirmed before the stop").toBeGreaterThan(0);
        if (signal === "SIGTERM") {
          expect(exitCode).toBe(0);
          // Everything already accepted when the signal came was answered, not dropped.
          expect(load.inFlightAtStop.length, "sign-ups in flight at the signal").toBeGreaterThan(0);
          expect(
            load.inFlightAtStop.every((r) => r.ok),
            JSON.stringify(load.inFlightAtStop),
          ).toBe(true);
        }

        const second = await startServer({ dataDir: data.dir });
        try {
          await expectAllKnown(second, load.confirmed);
        } finally {
          await second.stop();
        }
      } finally {
        data.remove();
      }
    },
  );
});
