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

/** Coming-soon buttons and the newsletter box: a redirect back, or data for a fetcher (docs/notices-and-toasts.md). */
export async function action({ request }: Route.ActionArgs) {
  // No token: it changes nothing, and a cross-site post never gets here (ADR 017).
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
