import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Page } from "@playwright/test";

import { expect, test, waitForHydration } from "./fixtures";

/**
 * Accounts live in the database on disk, not in the server's memory: they survive a restart and
 * a crash (`kill -9`). Each project starts its own server on its own port with a persisted
 * temporary DATA_DIR (the shared test server uses an in-memory database), and no SESSION_SECRET,
 * so the secret the server keeps in DATA_DIR (ADR 030) is exercised too.
 */

const BUILD_DIR = process.env.BUILD_DIR || "build";
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
const PASSWORD = "correct horse battery";

test.describe.configure({ mode: "serial", timeout: 180_000 });

class Server {
  private child: ChildProcess | undefined;
  constructor(
    readonly port: number,
    private readonly dataDir: string,
  ) {}

  get url() {
    return `http://localhost:${this.port}`;
  }

  async start() {
    this.child = spawn(process.execPath, [`./${BUILD_DIR}/server.js`], {
      env: {
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        NODE_ENV: "production",
        SUPABASE_URL: "",
        SUPABASE_ANON_KEY: "",
        SESSION_SECRET: "",
        // Restarts are the subject here: a sign-up signs in at once, as before confirmation existed.
        SIGN_UP_CONFIRMATION: "optional",
      },
      stdio: "ignore",
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.url}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The server on port ${this.port} did not start`);
  }

  /** SIGTERM (a clean stop) or SIGKILL (a crash), and wait until the process is gone. */
  async stop(signal: "SIGTERM" | "SIGKILL") {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
  }
}

async function signUp(page: Page, server: Server, hasJs: boolean, email: string) {
  await page.goto(`${server.url}/auth?mode=sign-up`);
  if (hasJs) await waitForHydration(page);
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email address" }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await main.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByText("Account created!")).toBeVisible();
}

async function expectSignedInAs(page: Page, email: string) {
  await page
    .getByRole("banner")
    .locator("summary", { hasText: /^Account$/ })
    .click();
  await expect(page.getByRole("banner").getByText(email)).toBeVisible();
}

test("accounts and sessions survive a restart and a kill -9", async ({ page, browser, hasJs }) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "makervolt-restart-"));
  const server = new Server(BASE_PORT + (hasJs ? 0 : 1), dataDir);
  try {
    await server.start();
    await signUp(page, server, hasJs, "restart@example.com");

    await server.stop("SIGTERM");
    await server.start();
    await page.goto(server.url);
    await expectSignedInAs(page, "restart@example.com");

    const other = await browser.newPage();
    await signUp(other, server, hasJs, "crash@example.com");
    await server.stop("SIGKILL");
    await server.start();
    await other.goto(server.url);
    await expectSignedInAs(other, "crash@example.com");
    await other.close();

    // And the password still works after both.
    const fresh = await browser.newPage();
    await fresh.goto(`${server.url}/auth`);
    const main = fresh.getByRole("main");
    await main.getByRole("textbox", { name: "Email address" }).fill("crash@example.com");
    await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await main.getByRole("button", { name: "Sign In" }).click();
    await expect(fresh.getByRole("region", { name: "Notifications (F8)" }).getByText("Welcome back!")).toBeVisible();
    await fresh.close();
  } finally {
    await server.stop("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  }
});
