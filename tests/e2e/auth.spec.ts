import { randomUUID } from "node:crypto";

import type { Page } from "@playwright/test";

import { expect, test, waitForHydration } from "./fixtures";

/**
 * Accounts (docs/accounts.md): a shopper signs up, sees their email in the account menu, signs out and
 * signs in again, with and without JavaScript. Each test uses a fresh email, so tests can run in
 * parallel against the one server.
 */

const PASSWORD = "correct horse battery";

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
const email = (page: Page) => page.getByRole("main").getByRole("textbox", { name: "Email address" });
const password = (page: Page) => page.getByRole("main").getByLabel("Password", { exact: true });
// `<summary>` has no implicit role Playwright's role engine knows; it is named by its text,
// "Account" (visually hidden, so text browsers show it too), never by aria-label.
const accountMenu = (page: Page) =>
  page.getByRole("banner").locator("summary:not([aria-label])", { hasText: /^Account$/ });

function newEmail() {
  return `shopper-${randomUUID().slice(0, 8)}@example.com`;
}

async function open(page: Page, path: string, hasJs: boolean) {
  await page.goto(path);
  if (hasJs) await waitForHydration(page);
}

async function signUp(page: Page, hasJs: boolean, address: string, secret = PASSWORD) {
  await open(page, "/auth?mode=sign-up", hasJs);
  await email(page).fill(address);
  await password(page).fill(secret);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

async function signIn(page: Page, hasJs: boolean, address: string, secret = PASSWORD) {
  await open(page, "/auth", hasJs);
  await email(page).fill(address);
  await password(page).fill(secret);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signOutFromMenu(page: Page) {
  await accountMenu(page).click();
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(notifications(page).getByText("Logged Out", { exact: true })).toBeVisible();
  await expect(notifications(page).getByText("You have been successfully logged out.")).toBeVisible();
}

test.describe("accounts", () => {
  test("sign up, see the email in the menu, sign out, sign in again", async ({ page, hasJs }) => {
    const address = newEmail();
    await signUp(page, hasJs, address);
    await expect(page).toHaveURL(/\/$/);
    await expect(notifications(page).getByText("Account created!")).toBeVisible();
    await expect(notifications(page).getByText("Please check your email to verify your account.")).toBeVisible();

    await accountMenu(page).click();
    await expect(page.getByRole("banner").getByText(address)).toBeVisible();
    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await expect(notifications(page).getByText("Logged Out", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toHaveAttribute("href", "/auth");

    await signIn(page, hasJs, address.toUpperCase());
    await expect(page).toHaveURL(/\/$/);
    await expect(notifications(page).getByText("Welcome back!")).toBeVisible();
    await expect(notifications(page).getByText("You've successfully signed in.")).toBeVisible();
    await accountMenu(page).click();
    await expect(page.getByRole("banner").getByText(address)).toBeVisible();
  });

  test(
    "with JavaScript the button says Processing... while the form is sent",
    { tag: "@js-only" },
    async ({ page, hasJs }) => {
      // Only in the "js" project (@js-only), by design: without JavaScript the browser shows its own loading state.
      await open(page, "/auth?mode=sign-up", hasJs);
      await email(page).fill(newEmail());
      await password(page).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign Up" }).click();
      // Hashing the password takes a few hundred milliseconds (scrypt, docs/accounts.md#sessions).
      await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
      await expect(notifications(page).getByText("Account created!")).toBeVisible();
    },
  );

  test("the form toggles between sign in and sign up", async ({ page, hasJs }) => {
    await open(page, "/auth", hasJs);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to your account");
    await expect(page).toHaveTitle("Sign in to your account - MakerVolt");
    await expect(password(page)).toHaveAttribute("autocomplete", "current-password");
    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/auth\?mode=sign-up$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create a new account");
    await expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible();
    await expect(password(page)).toHaveAttribute("autocomplete", "new-password");
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to your account");
  });

  test("a wrong password keeps the email and shows the destructive toast", async ({ page, hasJs }) => {
    const address = newEmail();
    await signUp(page, hasJs, address);
    await expect(notifications(page).getByText("Account created!")).toBeVisible();
    await signOutFromMenu(page);

    await open(page, "/auth", hasJs);
    await email(page).fill(address);
    await password(page).fill("not my password");
    const response = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/auth"),
    );
    await page.getByRole("button", { name: "Sign In" }).click();
    expect((await response).status()).toBe(400);
    await expect(notifications(page).getByText("Sign in Failed", { exact: true })).toBeVisible();
    await expect(notifications(page).getByText("Invalid login credentials", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to your account");
    await expect(email(page)).toHaveValue(address);
    await expect(password(page)).toHaveValue("");
    await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toBeVisible();
  });

  test("sign-up explains a short password at the field", async ({ page, hasJs }) => {
    const address = newEmail();
    await signUp(page, hasJs, address, "short");
    await expect(notifications(page).getByText("Sign up Failed", { exact: true })).toBeVisible();
    await expect(password(page)).toHaveAttribute("aria-invalid", "true");
    await expect(password(page)).toHaveAccessibleDescription(/Error: Password should be at least 8 characters\./);
    await expect(email(page)).toHaveValue(address);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create a new account");
  });

  test("an email already registered (in any case) cannot sign up again", async ({ page, hasJs }) => {
    const address = newEmail();
    await signUp(page, hasJs, address);
    await expect(notifications(page).getByText("Account created!")).toBeVisible();
    await signOutFromMenu(page);

    await signUp(page, hasJs, address.toUpperCase(), "another password");
    await expect(notifications(page).getByText("Sign up Failed", { exact: true })).toBeVisible();
    await expect(notifications(page).getByText("User already registered", { exact: true })).toBeVisible();
  });

  test("a signed-in shopper opening /auth is sent home", async ({ page, hasJs }) => {
    await signUp(page, hasJs, newEmail());
    await expect(notifications(page).getByText("Account created!")).toBeVisible();
    await page.goto("/auth?mode=sign-up");
    await expect(page).toHaveURL(/\/$/);
  });

  test("logout from the account menu by keyboard alone", async ({ page, hasJs }) => {
    const address = newEmail();
    await signUp(page, hasJs, address);
    await expect(notifications(page).getByText("Account created!")).toBeVisible();

    const menu = accountMenu(page);
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("banner").getByText(address)).toBeVisible();
    if (hasJs) {
      await page.keyboard.press("Escape");
      await expect(page.getByRole("banner").getByText(address)).toBeHidden();
      await expect(menu).toBeFocused();
      await page.keyboard.press("Enter");
    }
    await page.keyboard.press("Tab");
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(notifications(page).getByText("Logged Out", { exact: true })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toBeVisible();
  });

  test("after five failed sign-ins an email must wait a minute, even with the right password", async ({
    page,
    hasJs,
  }) => {
    // Seven scrypt hashes (N=2^17, run one at a time by design) on a shared 2-core machine.
    test.slow();
    const address = newEmail();
    await signUp(page, hasJs, address);
    await expect(notifications(page).getByText("Account created!")).toBeVisible();
    await signOutFromMenu(page);

    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(page, hasJs, address, `wrong password ${attempt}`);
      await expect(notifications(page).getByText("Invalid login credentials")).toBeVisible();
    }
    await open(page, "/auth", hasJs);
    await email(page).fill(address);
    await password(page).fill(PASSWORD);
    const response = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/auth"),
    );
    await page.getByRole("button", { name: "Sign In" }).click();
    expect((await response).status()).toBe(429);
    await expect(notifications(page).getByText("Sign in Failed", { exact: true })).toBeVisible();
    await expect(notifications(page).getByText("Too many attempts. Try again in a minute.")).toBeVisible();
    await expect(email(page)).toHaveValue(address);
  });

  test("GET /logout changes nothing and goes home", async ({ page }) => {
    await page.goto("/logout");
    await expect(page).toHaveURL(/\/$/);
  });

  test("the sign-in and sign-up pages have no accessibility violations", async ({ expectAccessible }) => {
    await expectAccessible("/auth");
    await expectAccessible("/auth?mode=sign-up");
  });
});
