import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    // PGlite takes a moment to start; the repository tests share one database per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
