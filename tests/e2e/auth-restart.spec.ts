import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Page } from "@playwright/test";

import { ACCOUNT_TOASTS } from "~/models/account/account-texts";

import { type RunningServer, startServer } from "../server/harness";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Accounts live in the database on disk, not in the server's memory: they survive a restart and
 * a crash (`kill -9`). Each project starts its own server on its own port with a persisted
 * temporary DATA_DIR (the shared test server uses an in-memory database), and no SESSION_SECRET,
 * so the secret the server keeps in DATA_DIR (ADR 030) is exercised too.
 */

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
const PASSWORD = "correct horse battery";

test.describe.configure({ mode: "serial", timeout: 180_000 });

/** The shop on `port` and `dataDir`; restarts are the subject, so a sign-up signs in at once, as before confirmation existed. */
function startOn(port: number, dataDir: string): Promise<RunningServer> {
  return startServer({ port, dataDir, env: { SESSION_SECRET: "", SIGN_UP_CONFIRMATION: "optional" } });
}

async function signUp(page: Page, server: RunningServer, hasJs: boolean, email: string) {
  await page.goto(`${server.origin}/auth?mode=sign-up`);
  if (hasJs) await waitForHydration(page);
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email address" }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await main.getByRole("button", { name: "Sign Up" }).click();
  await expect(
    page.getByRole("region", { name: "Notifications (F8)" }).getByText(ACCOUNT_TOASTS.signedUp.title),
  ).toBeVisible();
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
  const port = BASE_PORT + (hasJs ? 0 : 1);
  let server: RunningServer | undefined;
  try {
    server = await startOn(port, dataDir);
    await signUp(page, server, hasJs, "restart@example.com");

    await server.stop();
    server = await startOn(port, dataDir);
    await page.goto(server.origin);
    await expectSignedInAs(page, "restart@example.com");

    const other = await browser.newPage();
    await signUp(other, server, hasJs, "crash@example.com");
    await server.stop({ signal: "SIGKILL" });
    server = await startOn(port, dataDir);
    await other.goto(server.origin);
    await expectSignedInAs(other, "crash@example.com");
    await other.close();

    // And the password still works after both.
    const fresh = await browser.newPage();
    await fresh.goto(`${server.origin}/auth`);
    const main = fresh.getByRole("main");
    await main.getByRole("textbox", { name: "Email address" }).fill("crash@example.com");
    await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await main.getByRole("button", { name: "Sign In" }).click();
    await expect(fresh.getByRole("region", { name: "Notifications (F8)" }).getByText("Welcome back!")).toBeVisible();
    await fresh.close();
  } finally {
    await server?.stop({ signal: "SIGKILL" });
    await rm(dataDir, { recursive: true, force: true });
  }
});
