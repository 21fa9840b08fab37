import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";

import { FETCHER_FIELD, NEWSLETTER_FORM, NOT_IMPLEMENTED_TOAST } from "~/models/notice";
import { safeRedirectPath } from "~/models/safe-redirect";
import { requireValidCsrf } from "~/services/csrf.server";
import { EmailSchema, parseForm, readFormData, textField } from "~/services/form-data.server";
import { createToastHeaders, redirectWithToast } from "~/services/toast.server";

/** The newsletter box's email, checked before the notice. */
const NewsletterSchema = z.object({ email: EmailSchema });

/**
 * Every button for a feature the shop has not built yet (NoticeButton, NoticeForm) posts here.
 * The answer always sets the toast flash cookie; the root loader shows it, so there is one
 * pipeline for both ways in:
 * - a native form post (no JavaScript) is redirected back to the page it came from, path and
 *   query intact, and that page renders the toast;
 * - a fetcher post (FETCHER_FIELD) gets data instead of a redirect, so nothing navigates; Remix
 *   revalidates after the action, and the root loader hands the toast to Radix.
 * The newsletter box checks its email first; a bad one goes back with the message and the value
 * (in the flash, since the box is on every page and cannot post to the page's own action).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  await requireValidCsrf(form, request);
  const viaFetcher = form.get(FETCHER_FIELD) === "1";
  const back = safeRedirectPath(form.get("redirectTo"));

  if (textField(form, "feature") === NEWSLETTER_FORM) {
    const { values, fieldErrors: errors } = parseForm(form, NewsletterSchema);
    if (errors) {
      if (viaFetcher) return data({ ok: false as const, errors }, { status: 400 });
      return redirectWithToast(request, back, null, {
        form: { form: NEWSLETTER_FORM, values: { email: values.email.slice(0, 400) }, errors },
      });
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

/** There is nothing to see at `/notice` itself. */
export function loader() {
  return redirect("/");
}
