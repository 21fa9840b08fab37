import { data, redirect } from "react-router";

import { safeRedirectPath } from "~/models/forms/safe-redirect";
import { NEWSLETTER_FORM } from "~/models/toast/newsletter";
import { FETCHER_FIELD, NOT_IMPLEMENTED_TOAST } from "~/models/toast/notice";
import { readFormData, textField } from "~/services/form-data.server";
import { rejectedNewsletterForm } from "~/services/newsletter.server";
import { createToastHeaders, redirectWithToast } from "~/services/toast.server";

import type { Route } from "./+types/notice";

/** There is nothing to see at `/notice` itself. */
export function loader() {
  return redirect("/");
}

/**
 * Every button for a feature the shop has not built yet (NoticeButton, NoticeForm) posts here.
 * The answer always sets the toast flash cookie; the root loader shows it, so there is one
 * pipeline for both ways in:
 * - a native form post (no JavaScript) is redirected back to the page it came from, path and
 *   query intact, and that page renders the toast;
 * - a fetcher post (FETCHER_FIELD) gets data instead of a redirect, so nothing navigates; React Router
 *   revalidates after the action, and the root loader hands the toast to Radix.
 * The newsletter box checks its email first (rejectedNewsletterForm); a bad one goes back to it.
 */
export async function action({ request }: Route.ActionArgs) {
  // Changes nothing on the server and needs no token: a cross-site post never gets here
  // (server/request-guards.ts, ADR 017), and the page holding this form may be a shared cached copy.
  const form = await readFormData(request);
  const viaFetcher = form.get(FETCHER_FIELD) === "1";
  const back = safeRedirectPath(form.get("redirectTo"));

  if (textField(form, "feature") === NEWSLETTER_FORM) {
    const sentBack = rejectedNewsletterForm(form);
    if (sentBack) {
      if (viaFetcher) return data({ ok: false as const, errors: sentBack.errors }, { status: 400 });
      return redirectWithToast(request, back, null, { form: sentBack });
    }
  }

  if (viaFetcher) {
    return data(
      { ok: true as const, errors: null },
      { headers: await createToastHeaders(request, NOT_IMPLEMENTED_TOAST) },
    );
  }
  return redirectWithToast(request, back, NOT_IMPLEMENTED_TOAST);
}
