import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";

import { FormField } from "~/components/forms/form-field";
import { FormSubmitButton } from "~/components/forms/form-submit-button";
import { LinkInvalid } from "~/components/forms/link-invalid";
import { showToast } from "~/components/toast/use-toast";
import { ACCOUNT_PAGES, ACCOUNT_TOASTS } from "~/models/account/account-texts";
import { noindexPageMeta } from "~/models/seo/page-meta";
import { pageTitle } from "~/models/site/shop";
import { errorMessage } from "~/models/toast/toast";
import { readRecoveryGrant, resetPassword } from "~/services/account-mail.server";
import { NewPasswordSchema } from "~/services/auth-form.server";
import { commitCsrfToken, requireValidCsrf } from "~/services/csrf.server";
import { parseForm, passwordField, readFormData } from "~/services/form-data.server";
import { toastInThisResponse } from "~/services/toast.server";

import type { Route } from "./+types/auth.reset";

/**
 * Choosing a new password after following a recovery link (docs/accounts.md#password-reset). The link
 * was kept in the `recovery` cookie by /auth/confirm; without it, or once it is used or expired, the
 * page says the link no longer works (403). The form carries the CSRF token: it starts a session.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await readRecoveryGrant(request))) return data({ valid: false as const, csrf: "" }, { status: 403 });
  const csrf = await commitCsrfToken(request);
  return data(
    { valid: true as const, csrf: csrf.token },
    { headers: csrf.setCookie ? { "Set-Cookie": csrf.setCookie } : undefined },
  );
}

/** How long to wait: an outage of the account service, or password checks queued (ADR 024). */
const RETRY_SECONDS = { unavailable: 60, overloaded: 3 } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  await requireValidCsrf(form, request);
  const grant = await readRecoveryGrant(request);
  if (!grant) return data({ invalid: true as const, error: undefined, toast: null }, { status: 403 });
  const submission = parseForm(form, NewPasswordSchema, { password: passwordField });
  const fail = (message: string, status: 400 | 503, retryAfterSeconds?: number) => {
    const toast = toastInThisResponse(context, {
      title: ACCOUNT_TOASTS.resetFailed,
      description: message,
      variant: "destructive",
    });
    const headers = retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined;
    return data({ invalid: false as const, error: status === 400 ? message : undefined, toast }, { status, headers });
  };
  if (submission.fieldErrors) return fail(errorMessage(submission.fieldErrors.password), 400);

  const result = await resetPassword(request, grant, submission.data.password);
  if (result instanceof Response) return result;
  if (result.failure === "invalid")
    return data({ invalid: true as const, error: undefined, toast: null }, { status: 403 });
  if (result.failure === "rejected") return fail(errorMessage(result.message), 400);
  return fail(result.message, 503, RETRY_SECONDS[result.failure]);
}

/** Nothing this page links to learns where the shopper came from (ADR 035); a 503 says when to come back. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  headers.set("Referrer-Policy", "no-referrer");
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
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
            hint={copy.passwordHint}
            error={actionData?.error}
          >
            {(control) => (
              <input
                {...control}
                ref={passwordRef}
                type="password"
                autoComplete="new-password"
                minLength={8}
                maxLength={128}
              />
            )}
          </FormField>
          <FormSubmitButton busy={busy} label={copy.submit} />
        </Form>
      </div>
    </div>
  );
}
