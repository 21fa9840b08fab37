import { type Cookie, redirect } from "react-router";
import { z } from "zod";

import { safeRedirectPath } from "~/models/forms/safe-redirect";
import { completeToast, type Flash, type FlashForm, type Toast, type ToastInput } from "~/models/toast/toast";
import { isSecure, signedCookie } from "~/services/cookie-policy.server";

/**
 * Toasts travel from an action to the next page in a flash cookie of their own (ADR 005):
 * never in the session cookie, where two parallel commits would overwrite each other. The
 * cookie is signed, short-lived, and read and cleared by the root loader.
 */

/**
 * The shape a toast must have to be shown. Every string is bounded so a cookie stays well under
 * the browser's 4 KB limit, and a tampered or oversized value is rejected instead of rendered.
 * (The schemas live here, not in ~/models/toast/toast, so zod never ships to the browser.)
 */
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

/** A toast with its id and defaults filled in; throws (a programming error) if the input is invalid. */
function validToast(input: ToastInput): Toast {
  return ToastSchema.parse(completeToast(input));
}

/** Long enough for the redirect that follows the action; short enough that a stale toast never surfaces. */
const MAX_AGE_SECONDS = 60;

let cookie: Cookie | undefined;

/** Made on first use, so importing this module decides no secret. */
function toastCookie(): Cookie {
  cookie ??= signedCookie("toast", { maxAge: MAX_AGE_SECONDS });
  return cookie;
}

/**
 * The signed payload: the flash plus its own expiry, so a cookie replayed after its max-age
 * (browsers drop it, a script might not) is ignored too.
 */
const PayloadSchema = z.object({ flash: FlashSchema, expires: z.number() });

async function serializeFlash(request: Request, flash: Flash): Promise<string> {
  const payload = { flash, expires: Date.now() + MAX_AGE_SECONDS * 1000 };
  return toastCookie().serialize(payload, { secure: isSecure(request) });
}

export interface ToastOptions {
  /** A form to hand back to the page (values and errors), for forms posted from every page. */
  form?: FlashForm;
}

/** A `Set-Cookie` header carrying `toast` (and optionally a form's state) to the next page. */
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

/**
 * A 303 to `url` that shows `toast` there. `request` decides the cookie's Secure flag; `init`
 * can add headers (merged, so other cookies survive) or change the status.
 */
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

/**
 * The flash for this request, read once: returns it with a `Set-Cookie` that clears it. A
 * missing, unsigned, tampered, malformed or expired cookie gives nothing (never an error).
 */
export async function readFlash(request: Request, now = Date.now()): Promise<FlashResult> {
  const cookieHeader = request.headers.get("Cookie");
  const headers = new Headers();
  if (!cookieHeader || !/(?:^|;\s*)toast=/.test(cookieHeader)) return { toast: null, form: null, headers };

  // Whatever the cookie holds, it has been seen: clear it.
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

/**
 * Toasts for the response being built, keyed by the request's load context: for an action that
 * answers with the page itself (a failed sign-in: 400, the form kept) instead of a redirect.
 * Without JavaScript the root loader runs in the same request with the same context and renders
 * the toast at once; a flash cookie would instead surface on the page after this one. With
 * JavaScript the action's data carries the same toast and the page hands it to the Toaster.
 */
const responseToasts = new WeakMap<object, Toast>();

/** Shows `input` on the page this very request renders; returns the toast for the action's data. */
export function toastInThisResponse(context: unknown, input: ToastInput): Toast {
  const toast = validToast(input);
  if (typeof context === "object" && context !== null) responseToasts.set(context, toast);
  return toast;
}

/** The toast an action of this request left with toastInThisResponse, if any (root loader). */
export function takeResponseToast(context: unknown): Toast | null {
  if (typeof context !== "object" || context === null) return null;
  const toast = responseToasts.get(context) ?? null;
  responseToasts.delete(context);
  return toast;
}

/**
 * What the page this request renders shows, given the flash read from the cookie and the toast
 * an action of this same request left (takeResponseToast). The latter is what the shopper just
 * did, so it is shown; since only one toast shows at a time, a flash toast that came with the
 * request then stays in its cookie (with its form, if any) for the next page, instead of being
 * cleared unseen.
 */
export function flashForPage(responseToast: Toast | null, flash: FlashResult): FlashResult {
  if (!responseToast) return flash;
  if (!flash.toast) return { ...flash, toast: responseToast };
  return { toast: responseToast, form: null, headers: new Headers() };
}
