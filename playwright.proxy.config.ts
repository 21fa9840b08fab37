import { defineConfig } from "@playwright/test";

import base from "./playwright.config";
import { DEFAULT_PORTS } from "./scripts/support/default-ports";
import { mailPorts } from "./tests/e2e/mail";

/**
 * A journey subset of the end-to-end tests through the shop as it runs at scale: nginx with the
 * example config and its cache, in front of two built server processes on one real PostgreSQL
 * server (tests/support/proxy-topology.ts; docs/scaling.md). Both renderings, as in
 * playwright.config.ts. `npm run test:e2e:proxy` (after `npm run build`).
 */

const PORT = Number(process.env.PROXY_PORT ?? DEFAULT_PORTS.proxy);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  ...base,
  // Sign-in and sign-up, notices and toasts, search, and the CSRF refusals: what crosses processes
  // (sessions, limits) or the cache (cookies, Vary); and client navigations served from the cache.
  testMatch: ["auth.spec.ts", "notices.spec.ts", "search.spec.ts", "csrf.spec.ts", "shared-cache.spec.ts"],
  testIgnore: [],
  outputDir: "test-results-proxy",
  use: { ...base.use, baseURL },
  // A sign-up signs in at once here (below): the journeys of SIGN_UP_CONFIRMATION=required, tagged
  // @confirmation, run in playwright.config.ts's suite.
  projects: base.projects!.map((project) => ({
    ...project,
    grepInvert: [project.grepInvert as RegExp, /@confirmation/],
  })),
  webServer: [
    // The same SMTP server that keeps what the shop mails as in playwright.config.ts: the accounts'
    // journeys read their links from it here too, mailed by whichever process took the sign-up.
    Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!,
    {
      command: "node --import tsx tests/support/proxy-topology.ts",
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PROXY_PORT: String(PORT),
        BUILD_DIR: process.env.BUILD_DIR || "build",
        SMTP_URL: `smtp://127.0.0.1:${mailPorts().smtp}`,
        // Caching is the subject here: a sign-up signs in at once (docs/accounts.md#confirmation).
        SIGN_UP_CONFIRMATION: "optional",
      },
      gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
