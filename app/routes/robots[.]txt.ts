import { robotsTxt } from "~/models/seo/sitemap";
import { siteOrigin } from "~/services/site-origin.server";

import type { Route } from "./+types/robots[.]txt";

/** Served by the app rather than from public/: the Sitemap line needs the absolute origin. */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteOrigin(request)), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
