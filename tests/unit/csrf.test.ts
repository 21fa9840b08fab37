import { describe, expect, it } from "vitest";

import { signedCookie } from "~/services/cookie-policy.server";
import { commitCsrfToken, isValidCsrf } from "~/services/csrf.server";

/**
 * The authenticity token (ADR 023): the root loader makes the tokens itself (node:crypto, ADR 014),
 * and remix-utils checks them, so the two must agree on the format.
 */

const ORIGIN = "http://localhost:3000";

const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

function page(cookie?: string): Request {
  return new Request(`${ORIGIN}/`, { headers: cookie ? { Cookie: cookie } : {} });
}

function post(token: string | null, cookie?: string): { form: FormData; request: Request } {
  const form = new FormData();
  if (token !== null) form.set("csrf", token);
  return {
    form,
    request: new Request(`${ORIGIN}/notice`, { method: "POST", headers: cookie ? { Cookie: cookie } : {} }),
  };
}

describe("commitCsrfToken", () => {
  it("gives a visitor without the cookie a new signed token and its cookie", async () => {
    const { token, setCookie } = await commitCsrfToken(page());
    // remix-utils 9's format: the digest keeps its base64 padding.
    expect(token).toMatch(/^[\w-]{43}\.[\w-]{43}=$/);
    expect(setCookie).toMatch(/^csrf=.+; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it("makes a different token for each visitor", async () => {
    const tokens = await Promise.all(Array.from({ length: 5 }, () => commitCsrfToken(page())));
    expect(new Set(tokens.map((t) => t.token)).size).toBe(5);
  });

  it("keeps the token a visitor already has, and sends no cookie again", async () => {
    const first = await commitCsrfToken(page());
    const again = await commitCsrfToken(page(`theme=dark; ${cookiePair(first.setCookie!)}`));
    expect(again).toEqual({ token: first.token, setCookie: null });
  });

  it("replaces a tampered, unsigned or empty cookie", async () => {
    const first = await commitCsrfToken(page());
    const pair = cookiePair(first.setCookie!);
    for (const cookie of [`${pair.slice(0, -2)}xx`, "csrf=abc", "csrf="]) {
      const next = await commitCsrfToken(page(cookie));
      expect(next.token, cookie).not.toBe(first.token);
      expect(next.setCookie, cookie).not.toBeNull();
    }
  });
});

describe("a token made before remix-utils 9", () => {
  it("is replaced rather than left to fail every form (its digest was keyed with the secret)", async () => {
    // The old format: no padding, and a digest remix-utils 9 cannot reproduce; in a properly signed cookie.
    const old = `${"a".repeat(43)}.${"b".repeat(43)}`;
    const cookie = cookiePair(await signedCookie("csrf").serialize(old));
    const next = await commitCsrfToken(page(cookie));
    expect(next.token).not.toBe(old);
    expect(next.setCookie).not.toBeNull();
  });
});

describe("isValidCsrf", () => {
  it("accepts a form carrying the token of its own cookie (remix-utils' check of our tokens)", async () => {
    const { token, setCookie } = await commitCsrfToken(page());
    const { form, request } = post(token, cookiePair(setCookie!));
    expect(await isValidCsrf(form, request)).toBe(true);
  });

  it("refuses a missing token, another visitor's token or a forged signature", async () => {
    const mine = await commitCsrfToken(page());
    const theirs = await commitCsrfToken(page());
    const cookie = cookiePair(mine.setCookie!);
    const forged = `${mine.token.split(".")[0]}.${theirs.token.split(".")[1]}`;
    for (const token of [null, "", theirs.token, forged]) {
      const { form, request } = post(token, cookie);
      expect(await isValidCsrf(form, request), String(token)).toBe(false);
    }
    const { form, request } = post(mine.token);
    expect(await isValidCsrf(form, request), "no cookie").toBe(false);
  });
});
