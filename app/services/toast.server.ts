import { type Cookie, createContext, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";

import { safeRedirectPath } from "~/models/forms/safe-redirect";
import { completeToast, type Flash, type FlashForm, type Toast, type ToastInput } from "~/models/toast/toast";
import { isSecure, signedCookie } from "~/services/cookie-policy.server";

/** Toasts travel to the next page in a flash cookie of their own (ADR 005, docs/notices-and-toasts.md#flash-cookie). */

/** Every string bounded, so the cookie stays far below 4 KB. Here, not in models/, so zod stays out of the browser. */
export const ToastSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().max(120).optional(),
  description: z.string().min(1).max(600),
  action: z
    .object({
      label: z.string().min(1).max(40),
      href: z
        .string()
        .max(512)
        .refine((href) => safeRedirectPath(href, "") === href, "must be a path on this site"),
    })
    .optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
  duration: z.number().int().positive().max(600_000).nullable().optional(),
}) satisfies z.ZodType<Toast, unknown>;

const FlashFormSchema = z.object({
  form: z.string().min(1).max(40),
  values: z.record(z.string().max(40), z.string().max(400)),
  errors: z.record(z.string().max(40), z.string().max(200)),
}) satisfies z.ZodType<FlashForm>;

const FlashSchema = z.object({
  toast: ToastSchema.optional(),
  form: FlashFormSchema.optional(),
}) satisfies z.ZodType<Flash, unknown>;

function validToast(input: ToastInput): Toast {
  return ToastSchema.parse(completeToast(input));
}

/** Long enough for the redirect that follows the action; short enough that a stale toast never surfaces. */
const MAX_AGE_SECONDS = 60;

let cookie: Cookie | undefined;

function toastCookie(): Cookie {
  cookie ??= signedCookie("toast", { maxAge: MAX_AGE_SECONDS });
  return cookie;
}

/** The flash with its own expiry, so a cookie replayed after its max-age is ignored too. */
const PayloadSchema = z.object({ flash: FlashSchema, expires: z.number() });

async function serializeFlash(request: Request, flash: Flash): Promise<string> {
  const payload = { flash, expires: Date.now() + MAX_AGE_SECONDS * 1000 };
  return toastCookie().serialize(payload, { secure: isSecure(request) });
}

export interface ToastOptions {
  form?: FlashForm;
}

export async function createToastHeaders(
  request: Request,
  toast: ToastInput | null,
  options: ToastOptions = {},
): Promise<Headers> {
  const flash: Flash = {};
  if (toast) flash.toast = validToast(toast);
  if (options.form) flash.form = options.form;
  return new Headers({ "Set-Cookie": await serializeFlash(request, flash) });
}

/** A 303 to `url` that shows `toast` there; `init`'s headers are merged, so other cookies survive. */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: ToastInput | null,
  init: ResponseInit & ToastOptions = {},
): Promise<Response> {
  const { form, ...responseInit } = init;
  const headers = new Headers(responseInit.headers);
  const toastHeaders = await createToastHeaders(request, toast, { form });
  for (const cookie of toastHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { status: 303, ...responseInit, headers });
}

export interface FlashResult {
  toast: Toast | null;
  form: FlashForm | null;
  /** Clears the cookie when there was one; empty otherwise, so most responses set no cookie. */
  headers: Headers;
}

/** The flash for this request, with a `Set-Cookie` that clears it; a bad or expired cookie gives nothing. */
export async function readFlash(request: Request, now = Date.now()): Promise<FlashResult> {
  const cookieHeader = request.headers.get("Cookie");
  const headers = new Headers();
  if (!cookieHeader || !/(?:^|;\s*)toast=/.test(cookieHeader)) return { toast: null, form: null, headers };

  headers.append(
    "Set-Cookie",
    await toastCookie().serialize("", { secure: isSecure(request), maxAge: 0, expires: new Date(0) }),
  );
  let raw: unknown = null;
  try {
    raw = await toastCookie().parse(cookieHeader);
  } catch {
    raw = null;
  }
  const parsed = PayloadSchema.safeParse(raw);
  if (!parsed.success || parsed.data.expires < now) return { toast: null, form: null, headers };
  return { toast: parsed.data.flash.toast ?? null, form: parsed.data.flash.form ?? null, headers };
}

/** For actions that answer with their page: a flash cookie would show the toast a page late. */
const responseToastContext = createContext<Toast | null>(null);

/** Shows `input` on the page this very request renders; returns the toast for the action's data. */
export function toastInThisResponse(context: Readonly<RouterContextProvider>, input: ToastInput): Toast {
  const toast = validToast(input);
  context.set(responseToastContext, toast);
  return toast;
}

export function takeResponseToast(context: Readonly<RouterContextProvider>): Toast | null {
  const toast = context.get(responseToastContext);
  context.set(responseToastContext, null);
  return toast;
}

/** The action's own toast wins; the cookie's then stays, uncleared, for the next page (one toast shows at a time). */
export function flashForPage(responseToast: Toast | null, flash: FlashResult): FlashResult {
  if (!responseToast) return flash;
  if (!flash.toast) return { ...flash, toast: responseToast };
  return { toast: responseToast, form: null, headers: new Headers() };
}
