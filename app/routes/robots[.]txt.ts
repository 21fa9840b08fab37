import type { LoaderFunctionArgs } from "@remix-run/node";

import { robotsTxt } from "~/models/sitemap";
import { siteOrigin } from "~/services/site-origin.server";

/** Served by the app rather than from public/: the Sitemap line needs the absolute origin. */
export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(siteOrigin(request)), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
