import { createCookie } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { toRadixDuration } from "~/models/toast/toast";
import { cookieSecret } from "~/services/cookie-policy.server";
import { createToastHeaders, readFlash, redirectWithToast, ToastSchema } from "~/services/toast.server";

const page = (cookie?: string, url = "http://localhost/about") =>
  new Request(url, { headers: cookie ? { Cookie: cookie } : {} });

/** The cookie a browser would send back after `headers` set it. */
const cookieFrom = (headers: Headers) => headers.getSetCookie()[0]!.split(";")[0]!;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("toast flash cookie", () => {
  it("round-trips a toast and clears it once read", async () => {
    const headers = await createToastHeaders(page(), {
      title: "Coming soon",
      description: "Not yet",
      action: { label: "See products", href: "/products" },
      duration: null,
    });
    const setCookie = headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^toast=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=60/);

    const { toast, headers: cleared } = await readFlash(page(cookieFrom(headers)));
    expect(toast).toMatchObject({
      title: "Coming soon",
      description: "Not yet",
      variant: "default",
      duration: null,
      action: { label: "See products", href: "/products" },
    });
    expect(toast?.id).toMatch(/^[a-z0-9]+$/);
    expect(cleared.get("Set-Cookie")).toMatch(/^toast=;.*Max-Age=0/);
  });

  it("carries a sent-back form with the toast", async () => {
    const form = { form: "newsletter", values: { email: "nope" }, errors: { email: "Enter a valid email" } };
    const headers = await createToastHeaders(page(), null, { form });
    const result = await readFlash(page(cookieFrom(headers)));
    expect(result.toast).toBeNull();
    expect(result.form).toEqual(form);
  });

  it("sets nothing when there is no cookie", async () => {
    const { toast, form, headers } = await readFlash(page("theme=dark"));
    expect(toast).toBeNull();
    expect(form).toBeNull();
    expect([...headers]).toEqual([]);
  });

  it("ignores a tampered cookie but still clears it", async () => {
    const headers = await createToastHeaders(page(), { description: "Real" });
    const [name, value] = cookieFrom(headers).split("=") as [string, string];
    const [payload, signature] = decodeURIComponent(value).split(".") as [string, string];
    const forged = Buffer.from(Buffer.from(payload, "base64").toString("utf8").replace("Real", "Fake")).toString(
      "base64",
    );
    const result = await readFlash(page(`${name}=${encodeURIComponent(`${forged}.${signature}`)}`));
    expect(result.toast).toBeNull();
    expect(result.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
  });

  it.each([
    ["garbage", "toast=%%%not-base64"],
    [
      "unsigned JSON",
      `toast=${Buffer.from(JSON.stringify({ flash: { toast: { id: "x", description: "hi" } }, expires: 9e15 })).toString("base64")}`,
    ],
    ["empty", "toast="],
    ["huge", `toast=${"a".repeat(8000)}`],
  ])("ignores a %s cookie", async (_name, cookie) => {
    const result = await readFlash(page(cookie));
    expect(result.toast).toBeNull();
    expect(result.form).toBeNull();
  });

  it("ignores a signed cookie whose content does not fit the schema", async () => {
    // Signed with the shop's secret, in the shape toast.server.ts writes, with what it never would.
    const flash = { toast: { id: "x", description: "<script>", variant: "shouty" } };
    const setCookie = await createCookie("toast", { secrets: [cookieSecret()] }).serialize({
      flash,
      expires: Date.now() + 60_000,
    });
    expect((await readFlash(page(setCookie.split(";")[0]))).toast).toBeNull();
  });

  it("ignores an expired cookie replayed after its max-age", async () => {
    const now = Date.now();
    const cookie = cookieFrom(await createToastHeaders(page(), { description: "Stale" }));
    expect((await readFlash(page(cookie), now + 59_000)).toast?.description).toBe("Stale");
    expect((await readFlash(page(cookie), now + 61_000)).toast).toBeNull();
  });

  it("is Secure only in production over HTTPS (as the server entry read the request's URL)", async () => {
    // Settings are read once per process, so each NODE_ENV gets a fresh copy of the modules.
    const secureIn = async (nodeEnv: string, request: Request) => {
      vi.stubEnv("NODE_ENV", nodeEnv);
      vi.stubEnv("SESSION_SECRET", "toast-test-secret-0123456789abcdef");
      vi.resetModules();
      const toasts = await import("~/services/toast.server");
      return /Secure/.test((await toasts.createToastHeaders(request, { description: "x" })).get("Set-Cookie")!);
    };
    expect(await secureIn("development", page(undefined, "https://shop.example/"))).toBe(false);
    expect(await secureIn("production", page(undefined, "http://localhost:3000/"))).toBe(false);
    expect(await secureIn("production", page(undefined, "https://shop.example/"))).toBe(true);
    // A trusted proxy's X-Forwarded-Proto is read into the URL by the server entry, never by the app.
    const forged = new Request("http://10.0.0.2:3000/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(await secureIn("production", forged)).toBe(false);
  });

  it("redirects with a 303 and keeps other cookies", async () => {
    const response = await redirectWithToast(
      page(),
      "/products?sort=rating",
      { description: "Saved" },
      {
        headers: { "Set-Cookie": "other=1; Path=/" },
      },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products?sort=rating");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^other=1/);
    expect(cookies[1]).toMatch(/^toast=/);
  });
});

describe("toast model", () => {
  it("rejects an action link that leaves the site", () => {
    const base = { id: "a", description: "x" };
    expect(ToastSchema.safeParse({ ...base, action: { label: "Go", href: "/cart" } }).success).toBe(true);
    expect(ToastSchema.safeParse({ ...base, action: { label: "Go", href: "//evil.example" } }).success).toBe(false);
    expect(ToastSchema.safeParse({ ...base, action: { label: "Go", href: "javascript:alert(1)" } }).success).toBe(
      false,
    );
  });

  it("represents 'never closes' as null, which Radix reads as Infinity", () => {
    expect(toRadixDuration(null)).toBe(Infinity);
    expect(toRadixDuration(undefined)).toBe(5000);
    expect(toRadixDuration(8000)).toBe(8000);
  });
});
