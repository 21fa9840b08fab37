import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { safeRedirectPath } from "~/models/safe-redirect";
import { readFormData } from "~/services/form-data.server";

/**
 * Every button for a feature the shop has not built yet (NoticeButton, NoticeForm) posts here
 * and is sent back to the page it came from, path and query intact. The "not implemented"
 * notice itself is delivered by the toast pipeline, which attaches it to this redirect.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  return redirect(safeRedirectPath(form.get("redirectTo")), 303);
}

/** There is nothing to see at `/notice` itself. */
export function loader() {
  return redirect("/");
}
