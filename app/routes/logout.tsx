import { redirect } from "react-router";

import { errorMessage } from "~/models/toast";
import { requireValidCsrf } from "~/services/csrf.server";
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
 * clears the cookie and goes home with "Logged Out", or "Sign out Failed".
 */
export async function action({ request }: Route.ActionArgs) {
  await requireValidCsrf(await readFormData(request), request);
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
