import http from "node:http";

import { expect } from "vitest";

import { type RunningServer, Visitor } from "./harness";

/** Shoppers signing up against a running server until told to stop: the load of the backup and durability tests. */

export const PASSWORD = "a long enough password";

export interface SignedUp {
  email: string;
  sessionCookie: string;
  /** performance.now() when the shop's answer arrived. */
  confirmedAt: number;
}

export interface SignUpLoad {
  /** The sign-ups the shop has confirmed so far (303), as they come. */
  confirmed: SignedUp[];
  /** The sign-ups whose connection was open when stop() began, and whether each was confirmed. */
  inFlightAtStop: { ok: boolean }[];
  /**
   * Notes the time, runs `stopServer` (if given) and resolves once every shopper has ended. A
   * failure before this call is the load's own and rejects it; after it the server is going away.
   */
  stop(stopServer?: () => Promise<unknown>): Promise<SignedUp[]>;
}

/** One sign-up post, noting whether its connection was open at the stop (`stoppedAt()`, null before). */
function signUp(visitor: Visitor, fields: Record<string, string>, email: string, stoppedAt: () => number | null) {
  const url = new URL(visitor.origin);
  let connectedAt = Infinity;
  const openAtStop = () => {
    const stop = stoppedAt();
    return stop !== null && connectedAt < stop;
  };
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; openAtStop: boolean }>((resolve, reject) => {
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
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, openAtStop: openAtStop() }));
      },
    );
    req.on("socket", (socket) => socket.once("connect", () => (connectedAt = performance.now())));
    req.on("error", (error) => reject(Object.assign(error, { openAtStop: openAtStop() })));
    req.end(body);
  });
}

/** `shoppers` shoppers, each signing up one account after another (`<label><shopper>.<n>@example.com`), until stop(). */
export function signUpsUntilStopped(
  server: RunningServer,
  { label = "shopper", shoppers = 3 }: { label?: string; shoppers?: number } = {},
): SignUpLoad {
  let stoppedAt: number | null = null;
  const load: Omit<SignUpLoad, "stop"> = { confirmed: [], inFlightAtStop: [] };
  const shopper = async (n: number) => {
    for (let i = 0; stoppedAt === null; i++) {
      const visitor = new Visitor(server.origin);
      const email = `${label}${n}.${i}@example.com`;
      try {
        const fields = await visitor.formFields("/auth?mode=sign-up");
        const response = await signUp(visitor, fields, email, () => stoppedAt);
        visitor.remember(response.headers);
        if (response.openAtStop) load.inFlightAtStop.push({ ok: response.status === 303 });
        if (response.status === 303) {
          const sessionCookie = `__session=${visitor.cookies.get("__session")}`;
          load.confirmed.push({ email, sessionCookie, confirmedAt: performance.now() });
        }
      } catch (error) {
        if (stoppedAt === null) throw error;
        if ((error as { openAtStop?: boolean }).openAtStop) load.inFlightAtStop.push({ ok: false });
        return;
      }
    }
  };
  const running = Promise.all(Array.from({ length: shoppers }, (_, n) => shopper(n)));
  // Handled at stop(), not as an unhandled rejection the moment it happens.
  running.catch(() => {});
  return {
    ...load,
    async stop(stopServer) {
      stoppedAt = performance.now();
      await stopServer?.();
      await running;
      return load.confirmed;
    },
  };
}

/** Each shopper's cookie still signs them in on `server`: the sign-in page sends them home. */
export async function expectSignedIn(
  server: RunningServer,
  shoppers: readonly { email: string; sessionCookie: string }[],
) {
  for (const { email, sessionCookie } of shoppers) {
    const response = await new Visitor(server.origin).request({ path: "/auth", headers: { cookie: sessionCookie } });
    expect([302, 303], `${email} is still signed in`).toContain(response.status);
    expect(response.headers.location).toBe("/");
  }
}
