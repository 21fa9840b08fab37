import { redirect } from "react-router";

import { ACCOUNT_TOASTS } from "~/models/account/account-texts";
import { errorMessage } from "~/models/toast/toast";
import { CSRF_FAILURE_MESSAGE, isValidCsrf } from "~/services/csrf.server";
import { readFormData } from "~/services/form-data.server";
import { logout } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

import type { Route } from "./+types/logout";

/** Signing out changes state, so it is a POST only; a link or a typed URL just goes home. */
export function loader() {
  return redirect("/");
}

/** The account menu's Logout (docs/accounts.md#sign-out); without this browser's CSRF token it ends nothing (ADR 023). */
export async function action({ request }: Route.ActionArgs) {
  if (!(await isValidCsrf(await readFormData(request), request))) {
    return redirectWithToast(request, "/", {
      title: ACCOUNT_TOASTS.signOutFailed,
      description: CSRF_FAILURE_MESSAGE,
      variant: "destructive",
    });
  }
  const result = await logout(request);
  if (!result.ok) {
    return redirectWithToast(
      request,
      "/",
      { title: ACCOUNT_TOASTS.signOutFailed, description: errorMessage(result.message), variant: "destructive" },
      { headers: result.headers },
    );
  }
  return redirectWithToast(request, "/", ACCOUNT_TOASTS.loggedOut, { headers: result.headers });
}
