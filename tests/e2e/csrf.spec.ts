import { randomUUID } from "node:crypto";

import { csrfToken } from "./csrf";
import { expect, test } from "./fixtures";

/**
 * Every action that changes state refuses a post without the page's authenticity token
 * (ADR 011): 403 with a page that says what to do, never a 500 and never the change.
 */

const ACTIONS: { path: string; form: Record<string, string> }[] = [
  { path: "/auth", form: { intent: "sign-in", email: "someone@example.com", password: "whatever1" } },
  { path: "/auth?mode=sign-up", form: { intent: "sign-up", email: "someone@example.com", password: "whatever1" } },
  { path: "/logout", form: {} },
  { path: "/notice", form: { feature: "cart", redirectTo: "/about" } },
  { path: "/contact", form: { name: "Ada", email: "ada@example.com", subject: "general", message: "Hello" } },
];

test.describe("CSRF protection", () => {
  for (const { path, form } of ACTIONS) {
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

  test("a token without its cookie (another browser's token) is refused", async ({ request, playwright, baseURL }) => {
    const token = await csrfToken(request);
    const stranger = await playwright.request.newContext({ baseURL });
    const response = await stranger.post("/notice", { form: { csrf: token, feature: "cart" }, maxRedirects: 0 });
    expect(response.status()).toBe(403);
    await stranger.dispose();
  });

  test("a redirectTo off the site after sign-up stays on the shop", async ({ request }) => {
    const csrf = await csrfToken(request);
    for (const redirectTo of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
      const response = await request.post("/auth?mode=sign-up", {
        form: {
          csrf,
          intent: "sign-up",
          email: `redirect-${randomUUID().slice(0, 8)}@example.com`,
          password: "long enough",
          redirectTo,
        },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      expect(response.headers().location).toBe("/");
      // Signed in now; sign out again for the next round (with the token).
      await request.post("/logout", { form: { csrf }, maxRedirects: 0 });
    }
  });
});
