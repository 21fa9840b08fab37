import { getProductRepository } from "~/backends/index.server";
import { logger } from "~/lib/log.server";
import { SITEMAP_PRODUCT_LIMIT, sitemapUrls, sitemapXml } from "~/models/seo/sitemap";
import { siteOrigin } from "~/services/site-origin.server";

import type { Route } from "./+types/sitemap[.]xml";

/** The sitemap from one query of ids (docs/seo.md#sitemap-and-robotstxt); a failure is a 503, so crawlers come back. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  let ids: number[];
  try {
    const repository = await getProductRepository();
    ids = await repository.listProductIds(SITEMAP_PRODUCT_LIMIT + 1);
  } catch (error) {
    logger().error({ err: error }, "sitemap: listing product ids failed");
    return new Response("The sitemap is unavailable right now.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "600" },
    });
  }
  if (ids.length > SITEMAP_PRODUCT_LIMIT) {
    // Past SITEMAP_URL_LIMIT the sitemap would need an index of several files.
    logger().warn(
      `sitemap: more than ${SITEMAP_PRODUCT_LIMIT} products; only the first ${SITEMAP_PRODUCT_LIMIT} are listed`,
    );
  }
  return new Response(sitemapXml(sitemapUrls(origin, ids)), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
