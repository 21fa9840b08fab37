import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

/**
 * Tests of the whole built server (tests/server): each starts `$BUILD_DIR/server.js` as a child
 * process, so `npm run build` must run first (`npm run test:server` does not build by itself).
 */
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/server/**/*.test.ts"],
    environment: "node",
    // Servers start, stop and restart; a few files at a time keep a two-core machine responsive.
    maxWorkers: 2,
    testTimeout: 120_000,
    // The servers these tests start inherit it: their sign-ups sign in at once, as before confirmation
    // existed (docs/accounts.md#confirmation); account-mail.test.ts runs the default, required.
    env: { SIGN_UP_CONFIRMATION: "optional" },
    hookTimeout: 120_000,
  },
});
