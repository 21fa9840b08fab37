import { redirect } from "react-router";

import { catalogueHref, DEFAULT_QUERY, parseSearchTerm } from "~/models/catalogue/catalogue-query";
import { safeRedirectPath } from "~/models/forms/safe-redirect";
import { readFormData, textField } from "~/services/form-data.server";

import type { Route } from "./+types/search";

/**
 * The header's search box posts here (docs/catalogue.md#search). A blank term (after trimming) sends the
 * shopper back where they came from, so it is ignored with or without JavaScript; any other
 * term goes to the catalogue. Search changes no state, so it needs no CSRF token.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const term = parseSearchTerm(textField(form, "search"));
  if (!term) return redirect(safeRedirectPath(form.get("redirectTo")), 303);
  return redirect(catalogueHref(DEFAULT_QUERY, { search: term }), 303);
}

/** `GET /search?search=x` is not a page of its own: send it to the catalogue (all of it for a blank term). */
export async function loader({ url }: Route.LoaderArgs) {
  const term = parseSearchTerm(url.searchParams.get("search"));
  return redirect(catalogueHref(DEFAULT_QUERY, { search: term }));
}
