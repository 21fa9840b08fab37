import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";

import { FormField } from "~/components/forms/form-field";
import { FormSubmitButton } from "~/components/forms/form-submit-button";
import { HoneypotFields, HoneypotFieldsProvider } from "~/components/forms/honeypot";
import { showToast } from "~/components/toast/use-toast";
import { clientAddressContext } from "~/load-context.server";
import { ACCOUNT_PAGES, ACCOUNT_TOASTS, AUTH_PAGE } from "~/models/account/account-texts";
import { PASSWORD_LENGTH } from "~/models/account/auth-messages";
import type { FieldErrors } from "~/models/forms/field-errors";
import { safeRedirectPath } from "~/models/forms/safe-redirect";
import { noindexPageMeta } from "~/models/seo/page-meta";
import { pageTitle } from "~/models/site/shop";
import { errorMessage } from "~/models/toast/toast";
import { refusal, refusalInit, refusalToast, withRetryAfter } from "~/services/account-refusal.server";
import { SignInSchema, SignUpSchema } from "~/services/auth-form.server";
import { commitCsrfToken, requireValidCsrf } from "~/services/csrf.server";
import { parseForm, passwordField, readFormData, textField } from "~/services/form-data.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { createUserSession, requireAnonymous } from "~/services/session.server";
import { attemptSignIn, attemptSignUp, type SignInResult } from "~/services/sign-in.server";

import type { Route } from "./+types/auth";

type Mode = "sign-in" | "sign-up";

/** `?mode=sign-up` picks the sign-up form (docs/accounts.md#sign-in-and-sign-up); anything else is sign-in. */
function parseMode(value: string | null): Mode {
  return value === "sign-up" ? "sign-up" : "sign-in";
}

type AuthErrors = FieldErrors<"email" | "password">;
const FORM = "auth";

/** The CSRF token is made here, not for every page: a session is at stake, and this page is personal (ADR 017). */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAnonymous(request);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "");
  const csrf = await commitCsrfToken(request);
  return data(
    { honeypot: await honeypotInputProps(), redirectTo, csrf: csrf.token },
    { headers: csrf.setCookie ? { "Set-Cookie": csrf.setCookie } : undefined },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  await requireValidCsrf(form, request);
  // As the loader: a signed-in shopper (say, a second tab still showing this form) goes home.
  await requireAnonymous(request);
  const mode = parseMode(textField(form, "intent"));
  const submission = parseForm(form, mode === "sign-up" ? SignUpSchema : SignInSchema, { password: passwordField });
  const { fieldErrors, data: valid } = submission;

  let result: SignInResult;
  if (fieldErrors) result = refusal(400, errorMessage(fieldErrors.email ?? fieldErrors.password));
  else if (mode === "sign-up" && (await isSpam(form))) result = refusal(400, errorMessage());
  else {
    const attempt = mode === "sign-up" ? attemptSignUp : attemptSignIn;
    result = await attempt(context.get(clientAddressContext), valid.email, valid.password);
  }
  if (result.ok) {
    const toast = mode === "sign-up" ? ACCOUNT_TOASTS.signedUp : ACCOUNT_TOASTS.signedIn;
    return createUserSession(request, result.session, safeRedirectPath(form.get("redirectTo")), toast);
  }
  const toast = refusalToast(context, AUTH_PAGE[mode].failure, result);
  // The email is kept for the form; the password never is (nor logged, nor echoed).
  const email = submission.values.email.trim().slice(0, 254);
  const errors: AuthErrors = fieldErrors ?? {};
  return data({ mode, email, errors, toast, unconfirmed: result.unconfirmed ?? false }, refusalInit(result));
}

/** A refused attempt's Retry-After reaches the page, with or without JavaScript. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  withRetryAfter(new Headers(loaderHeaders), actionHeaders);

/** Neither mode is worth a search result; crawlers may still follow the header and footer links. */
export const meta: Route.MetaFunction = ({ location }) => {
  const copy = AUTH_PAGE[parseMode(new URLSearchParams(location.search).get("mode"))];
  return noindexPageMeta({ title: pageTitle(copy.heading), description: copy.description });
};

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const { honeypot, redirectTo, csrf } = loaderData;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const mode: Mode = actionData?.mode ?? parseMode(searchParams.get("mode"));
  const copy = AUTH_PAGE[mode];
  const errors: AuthErrors = actionData?.errors ?? {};
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth") === true;
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!actionData) return;
    // Without JavaScript the root loader rendered the toast; with it, the Toaster shows it here.
    showToast(actionData.toast);
    // As the server-rendered page does, never keep a password that was just refused.
    if (passwordRef.current) passwordRef.current.value = "";
    if (actionData.errors.email) emailRef.current?.focus();
    else if (actionData.errors.password) passwordRef.current?.focus();
  }, [actionData]);

  const toggleSearch = new URLSearchParams({ mode: mode === "sign-up" ? "sign-in" : "sign-up" });
  if (redirectTo) toggleSearch.set("redirectTo", redirectTo);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">{copy.heading}</h1>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Form
          method="post"
          action={mode === "sign-up" ? "/auth?mode=sign-up" : "/auth"}
          noValidate
          className="space-y-5"
        >
          <AuthenticityTokenProvider token={csrf}>
            <AuthenticityTokenInput />
          </AuthenticityTokenProvider>
          <input type="hidden" name="intent" value={mode} />
          {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
          {mode === "sign-up" && (
            <HoneypotFieldsProvider {...honeypot}>
              <HoneypotFields />
            </HoneypotFieldsProvider>
          )}
          <FormField form={FORM} field="email" label={ACCOUNT_PAGES.emailLabel} error={errors.email}>
            {(control) => (
              <input
                {...control}
                ref={emailRef}
                key={`email-${mode}`}
                type="email"
                autoComplete="username"
                defaultValue={actionData?.email ?? ""}
              />
            )}
          </FormField>
          <FormField
            form={FORM}
            field="password"
            label={ACCOUNT_PAGES.passwordLabel}
            hint={mode === "sign-up" ? ACCOUNT_PAGES.passwordHint : undefined}
            error={errors.password}
          >
            {(control) => (
              <input
                {...control}
                ref={passwordRef}
                key={`password-${mode}`}
                type="password"
                autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
                {...(mode === "sign-up" ? { minLength: PASSWORD_LENGTH.min, maxLength: PASSWORD_LENGTH.max } : {})}
              />
            )}
          </FormField>
          <FormSubmitButton busy={busy} label={copy.submit} />
        </Form>
        {mode === "sign-in" && (
          // After the button, so Tab leads from the password straight to Sign In.
          <p className="mt-4 text-center text-sm">
            <Link
              to="/auth/forgot"
              className="inline-flex min-h-6 items-center font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {ACCOUNT_PAGES.forgotLink}
            </Link>
          </p>
        )}
        {actionData?.unconfirmed && (
          // Its own form: the email the shopper signed in with, to a link of its own (docs/accounts.md#confirmation).
          <Form method="post" action="/auth/forgot?link=signup" className="mt-4">
            <input type="hidden" name="link" value="signup" />
            <input type="hidden" name="email" value={actionData.email} />
            <button
              type="submit"
              className="min-h-11 w-full rounded-md border border-brand-700 px-5 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {ACCOUNT_PAGES.resend}
            </button>
          </Form>
        )}
        <p className="mt-6 text-center text-sm text-slate-700">
          {copy.switchPrompt}{" "}
          <Link
            to={`/auth?${toggleSearch}`}
            replace
            preventScrollReset
            className="inline-flex min-h-6 items-center font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {copy.switchLabel}
          </Link>
        </p>
      </div>
    </div>
  );
}
