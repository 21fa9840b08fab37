import { useEffect, useRef } from "react";
import { data, Form, useNavigation, useSearchParams } from "react-router";

import { FormField } from "~/components/forms/form-field";
import { FormSubmitButton } from "~/components/forms/form-submit-button";
import { showToast } from "~/components/toast/use-toast";
import { clientAddressContext } from "~/load-context.server";
import { ACCOUNT_PAGES, ACCOUNT_TOASTS } from "~/models/account/account-texts";
import { noindexPageMeta } from "~/models/seo/page-meta";
import { pageTitle } from "~/models/site/shop";
import { errorMessage } from "~/models/toast/toast";
import { type LinkKind, requestAccountMail } from "~/services/account-mail.server";
import { refusal, refusalInit, refusalToast, withRetryAfter } from "~/services/account-refusal.server";
import { SendLinkSchema } from "~/services/auth-form.server";
import { parseForm, readFormData, textField } from "~/services/form-data.server";
import { redirectWithToast } from "~/services/toast.server";

import type { Route } from "./+types/auth.forgot";

// A reset link, or with `?link=signup` a confirmation link (docs/accounts.md#password-reset); no CSRF token: no
// session is at stake (ADR 017).

const FORM = "send-link";

function parseKind(value: string | null): LinkKind {
  return value === "signup" ? "signup" : "recovery";
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const kind = parseKind(textField(form, "link") || url.searchParams.get("link"));
  const submission = parseForm(form, SendLinkSchema);
  const result = submission.fieldErrors
    ? refusal(400, errorMessage(submission.fieldErrors.email))
    : await requestAccountMail(kind, context.get(clientAddressContext), submission.data.email);
  if (result.ok) {
    const toast = kind === "signup" ? ACCOUNT_TOASTS.confirmationSent : ACCOUNT_TOASTS.resetSent;
    return redirectWithToast(request, "/auth", toast);
  }
  const toast = refusalToast(context, ACCOUNT_TOASTS.requestFailed, result);
  const email = submission.values.email.trim().slice(0, 254);
  const error = result.status === 400 ? result.message : undefined;
  return data({ email, error, toast }, refusalInit(result));
}

/** A refused request's Retry-After reaches the page, with or without JavaScript. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => withRetryAfter(new Headers(), actionHeaders);

export const meta: Route.MetaFunction = ({ location }) => {
  const copy = ACCOUNT_PAGES.sendLink[parseKind(new URLSearchParams(location.search).get("link"))];
  return noindexPageMeta({ title: pageTitle(copy.heading), description: copy.intro });
};

export default function SendLink({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [query] = useSearchParams();
  const kind = parseKind(query.get("link"));
  const copy = ACCOUNT_PAGES.sendLink[kind];
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth/forgot") === true;
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!actionData) return;
    // Without JavaScript the root loader rendered the toast; with it, the Toaster shows it here.
    showToast(actionData.toast);
    if (actionData.error) emailRef.current?.focus();
  }, [actionData]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">{copy.heading}</h1>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-slate-700">{copy.intro}</p>
        <Form
          method="post"
          action={kind === "signup" ? "/auth/forgot?link=signup" : "/auth/forgot"}
          noValidate
          className="mt-5 space-y-5"
        >
          <input type="hidden" name="link" value={kind} />
          <FormField form={FORM} field="email" label={ACCOUNT_PAGES.emailLabel} error={actionData?.error}>
            {(control) => (
              <input
                {...control}
                ref={emailRef}
                type="email"
                autoComplete="email"
                defaultValue={actionData?.email ?? ""}
              />
            )}
          </FormField>
          <FormSubmitButton busy={busy} label={copy.submit} />
        </Form>
      </div>
    </div>
  );
}
