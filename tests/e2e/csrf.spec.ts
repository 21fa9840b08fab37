import { randomUUID } from "node:crypto";

import { csrfToken, formFields } from "./csrf";
import { expect, test } from "./fixtures";

/**
 * Cross-site request forgery (ADR 023, ADR 017). A post a browser says came from another site is
 * refused (403) on every form, before any action runs. Forms where a session is at stake (sign-in,
 * sign-up, logout) also need the signed token of the page that showed them: 403 without it, never
 * a 500 and never the change. The others need no per-visitor value, so the pages holding them can
 * be cached for everyone; a client that sends neither Origin nor Sec-Fetch-Site (lynx) still posts.
 */

const TOKEN_ACTIONS: { path: string; form: Record<string, string> }[] = [
  { path: "/auth", form: { intent: "sign-in", email: "someone@example.com", password: "whatever1" } },
  { path: "/auth?mode=sign-up", form: { intent: "sign-up", email: "someone@example.com", password: "whatever1" } },
  { path: "/logout", form: {} },
];

const EVERY_ACTION: { path: string; form: Record<string, string> }[] = [
  ...TOKEN_ACTIONS,
  { path: "/notice", form: { feature: "cart", redirectTo: "/about" } },
  { path: "/notice", form: { feature: "newsletter", email: "ada@example.com", redirectTo: "/about" } },
  { path: "/contact", form: { name: "Ada", email: "ada@example.com", subject: "general", message: "Hello" } },
  { path: "/search", form: { search: "sensor" } },
];

const CROSS_SITE: Record<string, string>[] = [
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site" },
  { origin: "https://evil.example" },
  { origin: "null" },
];

test.describe("CSRF protection", () => {
  for (const { path, form } of TOKEN_ACTIONS) {
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
      const response = await request.post("/auth?mode=sign-up", {
        form: {
          ...fields,
          email: `redirect-${randomUUID().slice(0, 8)}@example.com`,
          password: "long enough",
          redirectTo,
        },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      expect(response.headers().location).toBe("/");
      // Signed in now, with a new token (the one from before the sign-in is worth nothing):
      // sign out again for the next round.
      expect((await request.post("/logout", { form: { csrf: fields.csrf! }, maxRedirects: 0 })).status()).toBe(403);
      const csrf = await csrfToken(request, "/");
      expect((await request.post("/logout", { form: { csrf }, maxRedirects: 0 })).status()).toBe(303);
    }
  });
});
