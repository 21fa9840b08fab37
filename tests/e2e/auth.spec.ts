import { randomUUID } from "node:crypto";

import type { Page } from "@playwright/test";

import { ACCOUNT_PAGES, ACCOUNT_TOASTS, AUTH_PAGE } from "~/models/account/account-texts";
import { AUTH_MESSAGES } from "~/models/account/auth-messages";

import { expect, test, waitForHydration } from "./fixtures";
import { linkMailedTo, mailsTo } from "./mail";

/**
 * Accounts (docs/accounts.md): a shopper signs up, confirms the address by the mailed link (the
 * server mails a real SMTP server the suite starts, tests/e2e/mail.ts), sees their email in the
 * account menu, signs out and signs in again, and gets back in after losing the password, with and
 * without JavaScript. Each test uses a fresh email, so tests can run in parallel against the one server.
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

/** Follows the `count`-th link mailed to `address`: a confirmation signs in and goes home. */
async function followMailedLink(page: Page, hasJs: boolean, address: string, count = 1) {
  await open(page, await linkMailedTo(address, count), hasJs);
}

/** A new account, confirmed and signed in. */
async function signedUp(page: Page, hasJs: boolean, address: string) {
  await signUp(page, hasJs, address);
  await expect(notifications(page).getByText(ACCOUNT_TOASTS.signedUp.title)).toBeVisible();
  await followMailedLink(page, hasJs, address);
  await expect(notifications(page).getByText(ACCOUNT_TOASTS.confirmed.title, { exact: true })).toBeVisible();
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
  await expect(notifications(page).getByText(ACCOUNT_TOASTS.loggedOut.title, { exact: true })).toBeVisible();
  await expect(notifications(page).getByText(ACCOUNT_TOASTS.loggedOut.description)).toBeVisible();
}

test.describe("accounts", () => {
  // @confirmation: with SIGN_UP_CONFIRMATION=required, the default (the proxy suite signs in at sign-up).
  test("sign up, confirm by the mailed link, see the email in the menu, sign out, sign in again @confirmation", async ({
    page,
    hasJs,
  }) => {
    const address = newEmail();
    await signUp(page, hasJs, address);
    await expect(page).toHaveURL(/\/$/);
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.signedUp.title)).toBeVisible();
    await expect(notifications(page).getByText("Please check your email to verify your account.")).toBeVisible();
    // Not signed in until the address is confirmed (SIGN_UP_CONFIRMATION=required, the default).
    await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toHaveAttribute("href", "/auth");
    const [mail] = await mailsTo(address);
    expect(mail!.subject).toBe("Confirm your MakerVolt account");
    await followMailedLink(page, hasJs, address);
    await expect(page).toHaveURL(/\/$/);
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.confirmed.title, { exact: true })).toBeVisible();

    await accountMenu(page).click();
    await expect(page.getByRole("banner").getByText(address)).toBeVisible();
    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.loggedOut.title, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toHaveAttribute("href", "/auth");

    await signIn(page, hasJs, address.toUpperCase());
    await expect(page).toHaveURL(/\/$/);
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.signedIn.title)).toBeVisible();
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.signedIn.description)).toBeVisible();
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
      await expect(notifications(page).getByText(ACCOUNT_TOASTS.signedUp.title)).toBeVisible();
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
    await signedUp(page, hasJs, address);
    await signOutFromMenu(page);

    await open(page, "/auth", hasJs);
    await email(page).fill(address);
    await password(page).fill("not my password");
    const response = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/auth"),
    );
    await page.getByRole("button", { name: "Sign In" }).click();
    expect((await response).status()).toBe(400);
    await expect(notifications(page).getByText(AUTH_PAGE["sign-in"].failure, { exact: true })).toBeVisible();
    await expect(notifications(page).getByText(AUTH_MESSAGES.invalidCredentials, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to your account");
    await expect(email(page)).toHaveValue(address);
    await expect(password(page)).toHaveValue("");
    await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toBeVisible();
  });

  test("sign-up explains a short password at the field", async ({ page, hasJs }) => {
    const address = newEmail();
    await signUp(page, hasJs, address, "short");
    await expect(notifications(page).getByText(AUTH_PAGE["sign-up"].failure, { exact: true })).toBeVisible();
    await expect(password(page)).toHaveAttribute("aria-invalid", "true");
    await expect(password(page)).toHaveAccessibleDescription(/Error: Password should be at least 8 characters\./);
    await expect(email(page)).toHaveValue(address);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create a new account");
  });

  test("a sign-up with a taken address (in any case) answers like a new one, and mails its owner @confirmation", async ({
    page,
    hasJs,
  }) => {
    const address = newEmail();
    await signedUp(page, hasJs, address);
    await signOutFromMenu(page);

    await signUp(page, hasJs, address.toUpperCase(), "another password");
    await expect(page).toHaveURL(/\/$/);
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.signedUp.title)).toBeVisible();
    await expect(notifications(page).getByText("Please check your email to verify your account.")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toBeVisible();
    await expect
      .poll(async () => (await mailsTo(address)).map((mail) => mail.subject))
      .toEqual(["Confirm your MakerVolt account", "Someone tried to create a MakerVolt account with your address"]);
  });

  test("signing in before confirming: Email not confirmed, and Send the link again @confirmation", async ({
    page,
    hasJs,
  }) => {
    const address = newEmail();
    await signUp(page, hasJs, address);
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.signedUp.title)).toBeVisible();
    await signIn(page, hasJs, address);
    await expect(notifications(page).getByText(AUTH_PAGE["sign-in"].failure, { exact: true })).toBeVisible();
    await expect(notifications(page).getByText(AUTH_MESSAGES.emailNotConfirmed, { exact: true })).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: ACCOUNT_PAGES.resend }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.confirmationSent.title, { exact: true })).toBeVisible();
    // The new link works; the first one was replaced by it.
    await followMailedLink(page, hasJs, address, 2);
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.confirmed.title, { exact: true })).toBeVisible();
    await accountMenu(page).click();
    await expect(page.getByRole("banner").getByText(address)).toBeVisible();
  });

  test("a lost password: Forgot your password?, the mailed link, a new password, signed in", async ({
    page,
    hasJs,
  }) => {
    const address = newEmail();
    await signedUp(page, hasJs, address);
    await signOutFromMenu(page);

    await open(page, "/auth", hasJs);
    await page.getByRole("main").getByRole("link", { name: ACCOUNT_PAGES.forgotLink }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
    await email(page).fill(address);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.resetSent.title, { exact: true })).toBeVisible();

    await followMailedLink(page, hasJs, address, 2);
    await expect(page).toHaveURL(/\/auth\/reset$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    await page.getByRole("main").getByLabel("New password").fill("a brand new password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.passwordChanged.title, { exact: true })).toBeVisible();
    await accountMenu(page).click();
    await expect(page.getByRole("banner").getByText(address)).toBeVisible();

    // Used once: the same link again says so, and offers a new one.
    const again = await page.goto(await linkMailedTo(address, 2));
    expect(again?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");
    await expect(page.getByRole("main").getByRole("link", { name: "Send a new reset link" })).toBeVisible();
  });

  test("a signed-in shopper opening /auth is sent home", async ({ page, hasJs }) => {
    await signedUp(page, hasJs, newEmail());
    await page.goto("/auth?mode=sign-up");
    await expect(page).toHaveURL(/\/$/);
  });

  test("logout from the account menu by keyboard alone", async ({ page, hasJs }) => {
    const address = newEmail();
    await signedUp(page, hasJs, address);

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
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.loggedOut.title, { exact: true })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toBeVisible();
  });

  test("after five failed sign-ins an email must wait a minute, even with the right password", async ({
    page,
    hasJs,
  }) => {
    // Seven scrypt hashes (N=2^17, run one at a time by design) on a shared 2-core machine.
    test.slow();
    const address = newEmail();
    await signedUp(page, hasJs, address);
    await signOutFromMenu(page);

    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(page, hasJs, address, `wrong password ${attempt}`);
      await expect(notifications(page).getByText(AUTH_MESSAGES.invalidCredentials)).toBeVisible();
    }
    await open(page, "/auth", hasJs);
    await email(page).fill(address);
    await password(page).fill(PASSWORD);
    const response = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/auth"),
    );
    await page.getByRole("button", { name: "Sign In" }).click();
    expect((await response).status()).toBe(429);
    await expect(notifications(page).getByText(AUTH_PAGE["sign-in"].failure, { exact: true })).toBeVisible();
    await expect(notifications(page).getByText(AUTH_MESSAGES.tooManyAttempts)).toBeVisible();
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
