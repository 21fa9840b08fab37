import { runScript, startServer, tempDataDir } from "../server/harness";
import { test as base } from "./fixtures";

/**
 * A second shop for the journeys that need a withdrawn product (docs/catalogue.md#withdrawing-a-product):
 * the built server on a DATA_DIR of its own, one per worker, with the BME280 breakout withdrawn by
 * the operator's command, as docs/deploy.md runs it. The main e2e server's in-memory database
 * takes no commands.
 */
export interface WithdrawnShop {
  /** The withdrawn product's page, a full URL. */
  url: string;
  name: string;
  /** Its category's listing, a full URL. */
  categoryUrl: string;
}

/** The BME280 breakout (supabase/seed.sql), in Sensors. */
const PRODUCT = 55;

export const test = base.extend<object, { withdrawnShop: WithdrawnShop }>({
  withdrawnShop: [
    // Playwright reads the fixtures a fixture needs from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const data = tempDataDir();
      // Beside the main server's port and the mail catcher's (E2E_PORT + 1 and + 2, tests/e2e/mail.ts):
      // E2E_PORT + 3 and + 4 for the two workers.
      const port = Number(process.env.E2E_PORT ?? 3100) + 3 + workerInfo.parallelIndex;
      const server = await startServer({ dataDir: data.dir, port });
      try {
        const withdrawn = await runScript("catalogue.ts", ["withdraw", String(PRODUCT)], { DATA_DIR: data.dir });
        if (withdrawn.code !== 0) throw new Error(`withdraw failed: ${withdrawn.stderr}`);
        await use({
          url: `${server.origin}/product/${PRODUCT}`,
          name: "BME280 Temperature, Humidity & Pressure Breakout",
          categoryUrl: `${server.origin}/products/sensors`,
        });
      } finally {
        await server.stop();
        data.remove();
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

export { expect } from "./fixtures";
