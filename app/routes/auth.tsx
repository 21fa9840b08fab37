import { useEffect, useRef } from "react";
import { data } from "react-router";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";

import { getAuthBackend } from "~/backends/index.server";
import { AUTH_MESSAGES, type AuthOutcome, isAuthOutage, type SignUpOutcome } from "~/backends/types.server";
import { FormField } from "~/components/forms/form-field";
import { FormSubmitButton } from "~/components/forms/form-submit-button";
import { HoneypotFields, HoneypotFieldsProvider } from "~/components/forms/honeypot";
import { showToast } from "~/components/toast/use-toast";
import { logger } from "~/lib/log.server";
import { backendUnavailable } from "~/lib/metrics.server";
import { clientAddressContext } from "~/load-context.server";
import { ACCOUNT_PAGES, ACCOUNT_TOASTS } from "~/models/account/account-texts";
import type { FieldErrors } from "~/models/forms/field-errors";
import { safeRedirectPath } from "~/models/forms/safe-redirect";
import { noindexPageMeta } from "~/models/seo/page-meta";
import { pageTitle, SHOP_NAME } from "~/models/site/shop";
import { errorMessage } from "~/models/toast/toast";
import { SignInSchema, SignUpSchema } from "~/services/auth-form.server";
import { commitCsrfToken, requireValidCsrf } from "~/services/csrf.server";
import { parseForm, passwordField, readFormData, textField } from "~/services/form-data.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { createUserSession, requireAnonymous } from "~/services/session.server";
import { admitSignIn, type AttemptOutcome,type SignInAdmission } from "~/services/sign-in-limits.server";
import { mailLinkOrigin } from "~/services/site-origin.server";
import { toastInThisResponse } from "~/services/toast.server";

import type { Route } from "./+types/auth";

type Mode = "sign-in" | "sign-up";

const COPY = {
  "sign-in": {
    heading: "Sign in to your account",
    submit: "Sign In",
    failure: "Sign in Failed",
    switchPrompt: "Don't have an account?",
    switchLabel: "Sign up",
    description: `Sign in to your ${SHOP_NAME} account with your email and password.`,
  },
  "sign-up": {
    heading: "Create a new account",
    submit: "Sign Up",
    failure: "Sign up Failed",
    switchPrompt: "Already have an account?",
    switchLabel: "Sign in",
    description: `Create a ${SHOP_NAME} account with your email and a password of at least 8 characters.`,
  },
} as const;

/** `?mode=sign-up` picks the sign-up form (docs/accounts.md#sign-in-and-sign-up); anything else is sign-in. */
function parseMode(value: string | null): Mode {
  return value === "sign-up" ? "sign-up" : "sign-in";
}

type AuthErrors = FieldErrors<"email" | "password">;
const FORM = "auth";

/**
 * The form's CSRF token (and its cookie, the visitor's first) is made here, not for every page:
 * a session is at stake on this form, and this page is personal anyway (ADR 017).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  const csrf = await commitCsrfToken(request);
  return data(
    { honeypot: await honeypotInputProps(), redirectTo, csrf: csrf.token },
    { headers: csrf.setCookie ? { "Set-Cookie": csrf.setCookie } : undefined },
  );
}

/** How long a shopper is asked to wait when our sign-in service, or the one we call, is down. */
const OUTAGE_RETRY_SECONDS = 60;
/** The password checks waiting now take about a second (ADR 024). */
const OVERLOADED_RETRY_SECONDS = 3;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  await requireValidCsrf(form, request);
  // As the loader: a signed-in shopper (say, a second tab still showing this form) goes home.
  await requireAnonymous(request);
  const mode = parseMode(textField(form, "intent"));
  const submission = parseForm(form, mode === "sign-up" ? SignUpSchema : SignInSchema, { password: passwordField });
  // Kept for the form after a failure; the password never is (nor logged, nor echoed).
  const email = submission.values.email.trim().slice(0, 254);

  /**
   * The form again, with the failure toast; a 429 or 503 says when to try again (Retry-After). An
   * unconfirmed email brings the "Send the link again" button.
   */
  const fail = (
    message: string,
    status: 400 | 429 | 503,
    retryAfterSeconds?: number,
    errors: AuthErrors = {},
    unconfirmed = false,
  ) => {
    const toast = toastInThisResponse(context, {
      title: COPY[mode].failure,
      description: message,
      variant: "destructive",
    });
    const headers = retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined;
    return data({ mode, email, errors, toast, unconfirmed }, { status, headers });
  };

  const { fieldErrors } = submission;
  if (fieldErrors) return fail(errorMessage(fieldErrors.email ?? fieldErrors.password), 400, undefined, fieldErrors);
  if (mode === "sign-up" && (await isSpam(form))) return fail(errorMessage(), 400);

  // Admitted before any password is hashed or any sign-in service called, so attempts sent all at
  // once get no more checks than the same attempts one by one (sign-in-limits.server.ts, ADR 023).
  const { email: validEmail, password } = submission.data;
  let admission: SignInAdmission;
  try {
    // A sign-up always mails (the new account, or the owner of a taken address): the mail limits apply too.
    admission = await admitSignIn(context.get(clientAddressContext), validEmail, { sendsMail: mode === "sign-up" });
  } catch (error) {
    // The limits could not be read: an outage to the shopper, like an unreachable service.
    logger().error({ err: error }, "auth: the sign-in limits are unavailable");
    backendUnavailable.inc();
    return fail(AUTH_MESSAGES.unavailable, 503, OUTAGE_RETRY_SECONDS);
  }
  if (!admission.admitted) return fail(AUTH_MESSAGES.rateLimited, 429, admission.retryAfterSeconds);

  const answer = async (outcome: AttemptOutcome, ...failure: Parameters<typeof fail>) => {
    await admission.settle(outcome);
    return fail(...failure);
  };
  let outcome: AuthOutcome | SignUpOutcome;
  try {
    const backend = await getAuthBackend();
    outcome =
      mode === "sign-up"
        ? await backend.signUp(validEmail, password, { origin: mailLinkOrigin() })
        : await backend.signIn(validEmail, password);
  } catch (error) {
    // The database could not be opened: an outage to the shopper, and no attempt of theirs.
    logger().error({ err: error }, "auth: the account backend is unavailable");
    backendUnavailable.inc();
    return answer("uncounted", AUTH_MESSAGES.unavailable, 503, OUTAGE_RETRY_SECONDS);
  }
  if (!outcome.ok) {
    const { code, status, message } = outcome.error;
    // Too many passwords waiting to be checked: refused at once rather than queued (ADR 024).
    if (code === "over_capacity") return answer("uncounted", AUTH_MESSAGES.overloaded, 503, OVERLOADED_RETRY_SECONDS);
    // Not the shopper's doing (network, time-out, 5xx): say so, and it is no failed attempt either.
    if (isAuthOutage(outcome.error)) {
      backendUnavailable.inc();
      return answer("uncounted", AUTH_MESSAGES.unavailable, 503, OUTAGE_RETRY_SECONDS);
    }
    // The service's own limit (per address, and every shopper shares the server's): not this shopper's doing
    // either, so the message is ours and it counts against nobody; the backend has warned the operator.
    if (status === 429) return answer("uncounted", AUTH_MESSAGES.busy, 429, OUTAGE_RETRY_SECONDS);
    // The password was right: no failed guess, and the shopper gets the way to a new link.
    if (code === "email_not_confirmed")
      return answer("succeeded", AUTH_MESSAGES.emailNotConfirmed, 400, undefined, {}, true);
    // Only the answers a guesser gets (wrong password, taken email) count as failures.
    return answer(status >= 400 && status < 500 ? "failed" : "uncounted", errorMessage(message), 400);
  }
  await admission.settle("succeeded");

  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  return createUserSession(
    request,
    outcome.session,
    redirectTo,
    mode === "sign-up" ? ACCOUNT_TOASTS.signedUp : ACCOUNT_TOASTS.signedIn,
  );
}

/** A refused attempt's Retry-After reaches the page, with or without JavaScript (React Router keeps only cookies by default). */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** Neither mode is worth a search result; crawlers may still follow the header and footer links. */
export const meta: Route.MetaFunction = ({ location }) => {
  const copy = COPY[parseMode(new URLSearchParams(location.search).get("mode"))];
  return noindexPageMeta({ title: pageTitle(copy.heading), description: copy.description });
};

/**
 * One form for both modes. The mode is in the URL, so the toggle is a link that
 * works without JavaScript and is a client-side navigation with it.
 */
export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const { honeypot, redirectTo, csrf } = loaderData;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const mode: Mode = actionData?.mode ?? parseMode(searchParams.get("mode"));
  const copy = COPY[mode];
  const errors: AuthErrors = actionData?.errors ?? {};
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth") === true;
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!actionData) return;
    // With JavaScript the page is not re-rendered by the server: hand the action's toast to the
    // Toaster here (without JavaScript the root loader rendered it), and move to the field to fix.
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
          <FormField form={FORM} field="email" label="Email address" error={errors.email}>
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
            label="Password"
            hint={mode === "sign-up" ? "At least 8 characters." : undefined}
            error={errors.password}
          >
            {(control) => (
              <input
                {...control}
                ref={passwordRef}
                key={`password-${mode}`}
                type="password"
                autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
                {...(mode === "sign-up" ? { minLength: 8, maxLength: 128 } : {})}
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
