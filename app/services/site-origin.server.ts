import { type Config, getConfig } from "~/config.server";

/**
 * The shop's public origin ("https://www.makervolt.com"), for the absolute URLs that leave the
 * page: canonical links, Open Graph and Twitter tags, JSON-LD, the sitemap and robots.txt (ADR 008).
 *
 * SITE_URL wins when set (app/config.server.ts checks it is an origin): behind a CDN or proxy only
 * the operator knows the public address, and a configured origin cannot be changed by a request.
 * Without it, the origin of `request.url`, which the server entry reads once from the request
 * (`Host`, or a trusted proxy's forwarded headers: server/request-guards.ts, readOrigin) and keys
 * its page cache on too, so a cached page always holds the links of the URL it is kept under (ADR 023).
 */
export function siteOrigin(request: Request, config: Pick<Config, "siteOrigin"> = getConfig()): string {
  return config.siteOrigin ?? new URL(request.url).origin;
}

/**
 * The origin of the links in account mails (ADR 035): SITE_URL, else the address this server
 * answers on itself. Never the request's: whoever sends a request chooses its Host (and, through a
 * proxy that passes it on, its forwarded host), and a reset link mailed to a shopper but pointing
 * at that host would hand its token to them (password-reset poisoning). Without SITE_URL a mail's
 * links are right only on the machine the shop runs on, which the server warns of at start when it
 * sends mail through SMTP.
 */
export function mailLinkOrigin(config: Pick<Config, "siteOrigin" | "port"> = getConfig()): string {
  return config.siteOrigin ?? `http://localhost:${config.port}`;
}
