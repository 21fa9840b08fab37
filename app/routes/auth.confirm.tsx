import { data } from "react-router";

import { LinkInvalid } from "~/components/forms/link-invalid";
import { ACCOUNT_PAGES } from "~/models/account/account-texts";
import { AUTH_MESSAGES, AUTH_RETRY_SECONDS } from "~/models/account/auth-messages";
import { noindexPageMeta } from "~/models/seo/page-meta";
import { pageTitle } from "~/models/site/shop";
import { followMailedLink, parseLinkKind } from "~/services/account-mail.server";

import type { Route } from "./+types/auth.confirm";

/** Where every mailed link leads, as on hosted Supabase (docs/accounts.md#links-in-mails); one that fails says so. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const query = url.searchParams;
  const kind = parseLinkKind(query.get("type")) ?? "signup";
  const followed = await followMailedLink(request, query.get("token_hash") ?? "", kind);
  if (followed instanceof Response) return followed;
  if (followed.failure === "invalid") return data({ kind, unavailableMessage: undefined }, { status: 403 });
  const headers = { "Retry-After": String(AUTH_RETRY_SECONDS.unavailable) };
  return data({ kind, unavailableMessage: AUTH_MESSAGES.unavailable }, { status: 503, headers });
}

/** The token is in this page's address: no page it links to may learn it (ADR 035). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  headers.set("Referrer-Policy", "no-referrer");
  return headers;
};

export const meta: Route.MetaFunction = () =>
  noindexPageMeta({ title: pageTitle(ACCOUNT_PAGES.linkInvalid.heading), follow: false });

export default function Confirm({ loaderData }: Route.ComponentProps) {
  return <LinkInvalid kind={loaderData.kind} unavailableMessage={loaderData.unavailableMessage} />;
}
