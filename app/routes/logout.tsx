import { redirect } from "react-router";

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

/**
 * The account menu's Logout button (docs/accounts.md#sign-out): ends the session on the server,
 * clears the cookie and goes home with "Logged Out", or "Sign out Failed". A form whose CSRF token
 * is missing or not this browser's (a page open from before the last sign-in, or a forged post)
 * ends nothing: the shopper goes home, still signed in, with "Sign out Failed" and why, where the
 * account menu holds a fresh token to try again with (ADR 023).
 */
export async function action({ request }: Route.ActionArgs) {
  if (!(await isValidCsrf(await readFormData(request), request))) {
    return redirectWithToast(request, "/", {
      title: "Sign out Failed",
      description: CSRF_FAILURE_MESSAGE,
      variant: "destructive",
    });
  }
  const result = await logout(request);
  if (!result.ok) {
    return redirectWithToast(
      request,
      "/",
      { title: "Sign out Failed", description: errorMessage(result.message), variant: "destructive" },
      { headers: result.headers },
    );
  }
  return redirectWithToast(
    request,
    "/",
    { title: "Logged Out", description: "You have been successfully logged out." },
    { headers: result.headers },
  );
}
