import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

/**
 * Two projects, both run by `vitest run` (`npm run test:unit`): the app's own tests (tests/unit),
 * and the tests of its tooling (tests/tooling: the bench, soak and audit scripts' parts, the
 * build's PostCSS plugin, the reference check, the README's layout). `vitest run --project tooling`
 * (`npm run test:tooling`) runs the second alone. The server tests have a config of their own
 * (vitest.server.config.ts).
 */
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    environment: "node",
    // PGlite takes a moment to start; the repository tests share one database per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"] } },
      { extends: true, test: { name: "tooling", include: ["tests/tooling/**/*.test.{ts,tsx}"] } },
    ],
  },
});
