import { describe, expect, it } from "vitest";

import { HASHES_ALWAYS_ADMITTED } from "~/backends/sql/password.server";

import { type RunningServer, startServer, tempDataDir, Visitor } from "./harness";
import { expectSignedIn, PASSWORD, type SignedUp, signUpsUntilStopped } from "./sign-ups-until-stopped";

/**
 * Accounts and sessions must survive the server being stopped in the middle of sign-ups under
 * load: politely (SIGTERM: requests in flight finish) and not (kill -9: whatever was confirmed
 * to the shopper is on disk). Several shoppers sign up at once, the server is stopped while they
 * do, and a new server on the same DATA_DIR must know every account and session it confirmed.
 */

/** As many as the server checks passwords for at once without ever refusing one as busy (ADR 024). */
const SHOPPERS = HASHES_ALWAYS_ADMITTED;

/** Every confirmed shopper is still signed in with their cookie, and can sign in with their password. */
async function expectAllKnown(server: RunningServer, confirmed: SignedUp[]) {
  await expectSignedIn(server, confirmed);
  for (const { email } of confirmed) {
    const visitor = new Visitor(server.origin);
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
        const load = signUpsUntilStopped(first, { shoppers: SHOPPERS });
        await new Promise((resolve) => setTimeout(resolve, 4_000));
        await load.stop(async () => (exitCode = await first.stop({ signal })));
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
