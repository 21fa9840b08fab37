import { data } from "react-router";

import { AUTH_MESSAGES } from "~/backends/types.server";
import { LinkInvalid } from "~/components/forms/link-invalid";
import { ACCOUNT_PAGES } from "~/models/account/account-texts";
import { noindexPageMeta } from "~/models/seo/page-meta";
import { pageTitle } from "~/models/site/shop";
import { followMailedLink, parseLinkKind } from "~/services/account-mail.server";

import type { Route } from "./+types/auth.confirm";

/**
 * Where every mailed link leads, as on hosted Supabase: `?token_hash=...&type=signup|email|recovery`
 * (docs/accounts.md#links-in-mails). A confirmation signs the shopper in and goes home; a recovery
 * link goes on to /auth/reset. A link that does not work is a page that says so and offers a new one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const kind = parseLinkKind(query.get("type")) ?? "signup";
  const followed = await followMailedLink(request, query.get("token_hash") ?? "", kind);
  if (followed instanceof Response) return followed;
  const status = followed.failure === "unavailable" ? 503 : 403;
  const headers = status === 503 ? { "Retry-After": "60" } : undefined;
  const unavailableMessage = followed.failure === "unavailable" ? AUTH_MESSAGES.unavailable : undefined;
  return data({ kind, unavailableMessage }, { status, headers });
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
