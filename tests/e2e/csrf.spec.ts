import { randomUUID } from "node:crypto";

import type { APIRequestContext, Page } from "@playwright/test";

import { ACCOUNT_TOASTS } from "~/models/account/account-texts";

import { csrfToken, formFields } from "./csrf";
import { expect, test, waitForHydration } from "./fixtures";
import { linkMailedTo } from "./mail";

/**
 * Cross-site request forgery (ADR 023, ADR 017). A post a browser says came from another site is
 * refused (403) on every form, before any action runs. Forms where a session is at stake (sign-in,
 * sign-up, logout) also need the signed token of the page that showed them, and without it nothing
 * changes, never a 500: sign-in and sign-up answer 403 with the error page; Logout sends the shopper
 * home, still signed in, with "Sign out Failed", where the account menu has a token that works. The
 * other forms need no per-visitor value, so the pages holding them can be cached for everyone; a
 * client that sends neither Origin nor Sec-Fetch-Site (lynx) still posts.
 */

const TOKEN_PAGES: { path: string; form: Record<string, string> }[] = [
  { path: "/auth", form: { intent: "sign-in", email: "someone@example.com", password: "whatever1" } },
  { path: "/auth?mode=sign-up", form: { intent: "sign-up", email: "someone@example.com", password: "whatever1" } },
];

const EVERY_ACTION: { path: string; form: Record<string, string> }[] = [
  ...TOKEN_PAGES,
  { path: "/logout", form: {} },
  { path: "/notice", form: { feature: "cart", redirectTo: "/about" } },
  { path: "/notice", form: { feature: "newsletter", email: "ada@example.com", redirectTo: "/about" } },
  { path: "/contact", form: { name: "Ada", email: "ada@example.com", subject: "general", message: "Hello" } },
  { path: "/search", form: { search: "sensor" } },
];

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

/** Follows the confirmation link mailed to `email` through `request`: signed in from then on. */
async function confirm(request: APIRequestContext, email: string) {
  const response = await request.get(await linkMailedTo(email), { maxRedirects: 0 });
  expect(response.status()).toBe(303);
}

/** Signs a new shopper up through `request` (a page's context shares its cookies), confirmed and signed in. */
async function signUp(request: APIRequestContext) {
  const fields = await formFields(request, "/auth?mode=sign-up");
  const email = `csrf-${randomUUID().slice(0, 8)}@example.com`;
  const response = await request.post("/auth?mode=sign-up", {
    form: { ...fields, email, password: "long enough" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  await confirm(request, email);
}

/** Whether the home page shows this cookie jar's visitor signed in (the account menu's Logout form). */
async function isSignedIn(request: APIRequestContext): Promise<boolean> {
  return (await (await request.get("/")).text()).includes('action="/logout"');
}

const CROSS_SITE: Record<string, string>[] = [
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site" },
  { origin: "https://evil.example" },
  { origin: "null" },
];

test.describe("CSRF protection", () => {
  for (const { path, form } of TOKEN_PAGES) {
    test(`POST ${path} without a token, or with a forged one, answers 403`, async ({ request }) => {
      const valid = await csrfToken(request);
      for (const csrf of [undefined, "forged", `${valid}x`]) {
        const response = await request.post(path, { form: csrf ? { ...form, csrf } : form, maxRedirects: 0 });
        expect(response.status(), `csrf=${csrf}`).toBe(403);
        expect(response.headers()["set-cookie"] ?? "").not.toMatch(/__session=[^;]/);
        expect(await response.text()).toContain(
          "This form could not be sent because it expired or did not come from this site.",
        );
      }
    });
  }

  test("POST /logout without a token, or with a forged one, keeps the shopper signed in and sends them home with Sign out Failed", async ({
    request,
  }) => {
    // Before: a bare text/plain 403, without the shop's page or its headers: a dead end.
    await signUp(request);
    const valid = await csrfToken(request, "/");
    for (const csrf of [undefined, "forged", `${valid}x`]) {
      const response = await request.post("/logout", { form: csrf ? { csrf } : {}, maxRedirects: 0 });
      expect(response.status(), `csrf=${csrf}`).toBe(303);
      expect(response.headers().location).toBe("/");
      const cookies = response.headersArray().filter(({ name }) => name.toLowerCase() === "set-cookie");
      expect(cookies.map(({ value }) => value.split("=")[0])).toEqual(["toast"]);
      expect(await isSignedIn(request), `csrf=${csrf}`).toBe(true);
    }
  });

  test("Logout from a page open since before the last sign-in: Sign out Failed, still signed in, then Logout works", async ({
    page,
    hasJs,
  }) => {
    const request = page.context().request;
    await signUp(request);
    await page.goto("/about");
    if (hasJs) await waitForHydration(page);
    // Meanwhile, in another tab: signed out and into another account, so this page's token is no
    // longer the browser's (each sign-in makes a new one).
    const signOut = await request.post("/logout", { form: { csrf: await csrfToken(request, "/") }, maxRedirects: 0 });
    expect(signOut.status()).toBe(303);
    await signUp(request);

    const accountMenu = page.getByRole("banner").locator("details:has(form[action='/logout']) > summary");
    const logout = page.getByRole("banner").getByRole("button", { name: "Logout" });
    await accountMenu.click();
    await logout.click();
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.signOutFailed, { exact: true })).toBeVisible();
    await expect(notifications(page).getByText("This form could not be sent because it expired")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await isSignedIn(request)).toBe(true);

    // The page it landed on holds this browser's token: Logout now signs out.
    if (hasJs) await waitForHydration(page);
    await accountMenu.click();
    await logout.click();
    await expect(notifications(page).getByText(ACCOUNT_TOASTS.loggedOut.title, { exact: true })).toBeVisible();
    expect(await isSignedIn(request)).toBe(false);
  });

  for (const { path, form } of EVERY_ACTION) {
    test(`POST ${path} (${Object.keys(form).join(", ") || "empty"}) from another site answers 403, even with a valid token`, async ({
      request,
    }) => {
      const csrf = await csrfToken(request);
      for (const headers of CROSS_SITE) {
        const response = await request.post(path, { form: { ...form, csrf }, headers, maxRedirects: 0 });
        expect(response.status(), JSON.stringify(headers)).toBe(403);
        expect(response.headers()["set-cookie"]).toBeUndefined();
        expect(await response.text()).toContain("this form was sent from another site, so nothing was done");
      }
    });
  }

  test("forms that change no session need no token: from the shop, or from a client that says nothing", async ({
    request,
  }) => {
    for (const headers of [{ "sec-fetch-site": "same-origin" }, {}] as Record<string, string>[]) {
      const notice = await request.post("/notice", {
        form: { feature: "cart", redirectTo: "/about" },
        headers,
        maxRedirects: 0,
      });
      expect(notice.status(), JSON.stringify(headers)).toBe(303);
      expect(notice.headers()["set-cookie"]).toMatch(/^toast=/);
    }
  });

  test("a token without its cookie (another browser's token) is refused", async ({ request, playwright, baseURL }) => {
    const token = await csrfToken(request);
    const stranger = await playwright.request.newContext({ baseURL });
    const response = await stranger.post("/auth", {
      form: { csrf: token, intent: "sign-in", email: "someone@example.com", password: "whatever1" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    await stranger.dispose();
  });

  test("a redirectTo off the site after sign-up stays on the shop", async ({ request }) => {
    for (const redirectTo of ["//evil.example", "https://evil.example", "/\\evil.example", "/.//evil.example"]) {
      const fields = await formFields(request, "/auth?mode=sign-up");
      const email = `redirect-${randomUUID().slice(0, 8)}@example.com`;
      const response = await request.post("/auth?mode=sign-up", {
        form: { ...fields, email, password: "long enough", redirectTo },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      expect(response.headers().location).toBe("/");
      await confirm(request, email);
      // Signed in now, with a new token (the one from before the sign-in is worth nothing):
      // sign out again for the next round.
      await request.post("/logout", { form: { csrf: fields.csrf! }, maxRedirects: 0 });
      expect(await isSignedIn(request)).toBe(true);
      const csrf = await csrfToken(request, "/");
      expect((await request.post("/logout", { form: { csrf }, maxRedirects: 0 })).status()).toBe(303);
    }
  });
});
