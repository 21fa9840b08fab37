import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { loadContext } from "~/load-context.server";
import type { ToastInput } from "~/models/toast/toast";
import { loader } from "~/root";
import { createToastHeaders, readFlash, toastInThisResponse, type ToastOptions } from "~/services/toast.server";

import { routeOf } from "../support/route-args";

/**
 * The root loader decides which toast a page shows. A failed form that answers with the page
 * itself (a refused sign-in without JavaScript) leaves its toast for this very response; the
 * flash cookie may hold another one (e.g. from a notice sent just before). Only one shows.
 */

const URL_ = "http://localhost/auth";

type RootData = Awaited<ReturnType<typeof loader>>;

/** The flash cookie as a browser sends it back after an action set it. */
async function flashCookie(toast: ToastInput | null, options?: ToastOptions) {
  const headers = await createToastHeaders(new Request(URL_), toast, options);
  return headers.getSetCookie()[0]!.split(";")[0]!;
}

async function rootLoader(cookie: string | null, context: RouterContextProvider) {
  const request = new Request(URL_, { headers: cookie ? { Cookie: cookie } : {} });
  const result = (await loader({ request, context, params: {}, ...routeOf(request) })) as RootData;
  const headers = new Headers(result.init?.headers);
  return { data: result.data, setCookies: headers.getSetCookie(), cacheControl: headers.get("Cache-Control") };
}

describe("root loader toasts", () => {
  it("shows the failed form's toast and keeps the flash toast for the next page", async () => {
    const cookie = await flashCookie({ id: "flash1", description: "From the cookie", variant: "default" });
    const context = loadContext("127.0.0.1");
    toastInThisResponse(context, {
      title: "Sign in Failed",
      description: "Invalid login credentials",
      variant: "destructive",
    });

    const { data, setCookies } = await rootLoader(cookie, context);
    expect(data.visitor?.toast).toMatchObject({ title: "Sign in Failed", description: "Invalid login credentials" });
    // The flash cookie is not cleared: it was not shown.
    expect(setCookies.filter((c) => c.startsWith("toast="))).toEqual([]);

    // The next page (same cookie, no failed form) shows it, and only then clears it.
    const next = await rootLoader(cookie, loadContext("127.0.0.1"));
    expect(next.data.visitor?.toast).toMatchObject({ id: "flash1", description: "From the cookie" });
    expect(next.setCookies.some((c) => /^toast=;.*Max-Age=0/.test(c))).toBe(true);
    expect((await readFlash(new Request(URL_, { headers: { Cookie: cookie } }))).toast?.id).toBe("flash1");
  });

  it("shows the flash toast and clears it when no form failed", async () => {
    const cookie = await flashCookie({ id: "flash2", description: "Only this", variant: "default" });
    const { data, setCookies } = await rootLoader(cookie, loadContext("127.0.0.1"));
    expect(data.visitor?.toast).toMatchObject({ id: "flash2" });
    expect(setCookies.some((c) => /^toast=;.*Max-Age=0/.test(c))).toBe(true);
  });

  it("shows the failed form's toast alone, clearing a flash cookie with nothing to show", async () => {
    const form = { form: "newsletter", values: { email: "x" }, errors: { email: "Enter a valid email" } };
    const cookie = await flashCookie(null, { form });
    const context = loadContext("127.0.0.1");
    toastInThisResponse(context, {
      title: "Sign in Failed",
      description: "Invalid login credentials",
      variant: "destructive",
    });
    const { data, setCookies } = await rootLoader(cookie, context);
    expect(data.visitor?.toast).toMatchObject({ title: "Sign in Failed" });
    expect(data.visitor?.flashForm).toEqual(form);
    expect(setCookies.some((c) => /^toast=;.*Max-Age=0/.test(c))).toBe(true);
  });
});

describe("root loader: the shop's part and the visitor's", () => {
  it("has no visitor, no Cache-Control and no cookie for a request without cookies", async () => {
    const { data, setCookies, cacheControl } = await rootLoader(null, loadContext("127.0.0.1"));
    expect(data).toEqual({ shop: { siteOrigin: "http://localhost" }, visitor: null });
    expect(cacheControl).toBeNull();
    expect(setCookies).toEqual([]);
  });

  it("makes the answer private when a toast is pending", async () => {
    const cookie = await flashCookie({ id: "flash3", description: "Pending", variant: "default" });
    const { data, cacheControl } = await rootLoader(cookie, loadContext("127.0.0.1"));
    expect(data.visitor?.toast).toMatchObject({ id: "flash3" });
    expect(cacheControl).toBe("private, no-store");
  });
});
