import { getProductRepository } from "~/backends/index.server";
import { logger } from "~/lib/log.server";
import { SITEMAP_PRODUCT_LIMIT, sitemapUrls, sitemapXml } from "~/models/seo/sitemap";
import { siteOrigin } from "~/services/site-origin.server";

import type { Route } from "./+types/sitemap[.]xml";

/**
 * The sitemap, from the database: the pages, the eight categories and every product. One query
 * of ids (no rows), so 10,000 products cost about as much as a catalogue page. Crawlers may
 * keep it an hour; a failure answers 503 so they come back rather than drop every URL.
 */
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
    // One file holds 50,000 URLs; past that the sitemap needs an index of several files.
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
