import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

import { DEFAULT_PORTS } from "./scripts/support/default-ports";
import { serverEnv, serverNodeArgs } from "./server/memory-settings";
import { mailPorts } from "./tests/e2e/mail";

const PORT = Number(process.env.E2E_PORT ?? DEFAULT_PORTS.e2e);
const BUILD_DIR = process.env.BUILD_DIR || "build";
const baseURL = `http://localhost:${PORT}`;
const MAIL = mailPorts(PORT);
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    // This machine has no network beyond localhost: keep Chromium from trying.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  // Needs nginx's cache in front: only playwright.proxy.config.ts runs it.
  testIgnore: ["shared-cache.spec.ts"],
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  // One output folder per build, so parallel runs never delete each other's traces.
  outputDir: BUILD_DIR === "build" ? "test-results" : `test-results-${path.basename(BUILD_DIR)}`,
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    // A few journeys exist in one rendering only (an enhancement, or the no-JS fallback it
    // replaces); they carry a tag, each with a comment saying why, and the other project leaves
    // them out rather than reporting them as skipped.
    { name: "js", use: { ...chromium }, grepInvert: /@no-js-only/ },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: [
    // A real SMTP server that keeps what the shop mails, for the tests to read (tests/e2e/mail.ts).
    {
      command: `npx tsx tests/support/mail-catcher.ts ${MAIL.smtp} ${MAIL.http}`,
      url: `http://127.0.0.1:${MAIL.http}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The real built server (npm run build runs first) on a fresh in-memory database, with the
      // default SIGN_UP_CONFIRMATION (required), mailing through the catcher above.
      // Started as `npm run serve` starts it (server/memory-settings.ts).
      command: ["node", ...serverNodeArgs(), path.resolve(BUILD_DIR, "server.js")].join(" "),
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: serverEnv({
        PORT: String(PORT),
        DATA_DIR: "memory://",
        NODE_ENV: "production",
        SUPABASE_URL: "",
        SUPABASE_ANON_KEY: "",
        SMTP_URL: `smtp://127.0.0.1:${MAIL.smtp}`,
      }),
      // The request log would drown the test report; errors still show.
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
