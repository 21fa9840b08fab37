import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";

import { FormField } from "~/components/forms/form-field";
import { FormSubmitButton } from "~/components/forms/form-submit-button";
import { LinkInvalid } from "~/components/forms/link-invalid";
import { showToast } from "~/components/toast/use-toast";
import { ACCOUNT_PAGES, ACCOUNT_TOASTS } from "~/models/account/account-texts";
import { PASSWORD_LENGTH } from "~/models/account/auth-messages";
import { noindexPageMeta } from "~/models/seo/page-meta";
import { pageTitle } from "~/models/site/shop";
import { errorMessage } from "~/models/toast/toast";
import { readRecoveryGrant, resetPassword } from "~/services/account-mail.server";
import { refusal, refusalInit, refusalToast, withRetryAfter } from "~/services/account-refusal.server";
import { NewPasswordSchema } from "~/services/auth-form.server";
import { commitCsrfToken, requireValidCsrf } from "~/services/csrf.server";
import { parseForm, passwordField, readFormData } from "~/services/form-data.server";

import type { Route } from "./+types/auth.reset";

/** A new password, with the link /auth/confirm kept (docs/accounts.md#password-reset); the form starts a session. */
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await readRecoveryGrant(request))) return data({ valid: false as const, csrf: "" }, { status: 403 });
  const csrf = await commitCsrfToken(request);
  return data(
    { valid: true as const, csrf: csrf.token },
    { headers: csrf.setCookie ? { "Set-Cookie": csrf.setCookie } : undefined },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  await requireValidCsrf(form, request);
  const grant = await readRecoveryGrant(request);
  if (!grant) return linkInvalid();
  const submission = parseForm(form, NewPasswordSchema, { password: passwordField });
  const result = submission.fieldErrors
    ? refusal(400, errorMessage(submission.fieldErrors.password))
    : await resetPassword(request, grant, submission.data.password);
  if (result instanceof Response) return result;
  if (result === "link-invalid") return linkInvalid();
  const toast = refusalToast(context, ACCOUNT_TOASTS.resetFailed, result);
  const error = result.status === 400 ? result.message : undefined;
  return data({ invalid: false as const, error, toast }, refusalInit(result));
}

function linkInvalid() {
  return data({ invalid: true as const, error: undefined, toast: null }, { status: 403 });
}

/** Nothing this page links to learns where the shopper came from (ADR 035); a 503 says when to come back. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = withRetryAfter(new Headers(loaderHeaders), actionHeaders);
  headers.set("Referrer-Policy", "no-referrer");
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) =>
  noindexPageMeta({
    title: pageTitle(loaderData?.valid ? ACCOUNT_PAGES.reset.heading : ACCOUNT_PAGES.linkInvalid.heading),
    follow: false,
  });

export default function Reset({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth/reset") === true;
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!actionData?.toast) return;
    showToast(actionData.toast);
    if (passwordRef.current) passwordRef.current.value = "";
    if (actionData.error) passwordRef.current?.focus();
  }, [actionData]);

  if (!loaderData.valid || actionData?.invalid) return <LinkInvalid kind="recovery" />;
  const copy = ACCOUNT_PAGES.reset;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">{copy.heading}</h1>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-slate-700">{copy.intro}</p>
        <Form method="post" action="/auth/reset" noValidate className="mt-5 space-y-5">
          <AuthenticityTokenProvider token={loaderData.csrf}>
            <AuthenticityTokenInput />
          </AuthenticityTokenProvider>
          <FormField
            form="reset"
            field="password"
            label={copy.passwordLabel}
            hint={ACCOUNT_PAGES.passwordHint}
            error={actionData?.error}
          >
            {(control) => (
              <input
                {...control}
                ref={passwordRef}
                type="password"
                autoComplete="new-password"
                minLength={PASSWORD_LENGTH.min}
                maxLength={PASSWORD_LENGTH.max}
              />
            )}
          </FormField>
          <FormSubmitButton busy={busy} label={copy.submit} />
        </Form>
      </div>
    </div>
  );
}
