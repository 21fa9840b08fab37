import { type Config, getConfig } from "~/config.server";

/**
 * The shop's public origin ("https://www.makervolt.com"), for the absolute URLs that leave the
 * page: canonical links, Open Graph and Twitter tags, JSON-LD, the sitemap and robots.txt (ADR 008).
 *
 * SITE_URL wins when set (app/config.server.ts checks it is an origin): behind a CDN or proxy only
 * the operator knows the public address, and a configured origin cannot be changed by a request.
 * Without it the request's own origin is used, so a fresh checkout and the tests need no setup. X-Forwarded-Proto and X-Forwarded-Host
 * are read only when TRUST_PROXY=1 says a proxy we control sets them (the same policy as the
 * client address in rate-limit.server.ts); otherwise anyone could put any host in our links.
 */

/** A host as it may appear in a URL: a name or IPv4 address, or a bracketed IPv6 address, and a port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The last entry of a comma-separated forwarded header: the one our own proxy appended. */
function lastForwarded(request: Request, name: string): string | null {
  const entries =
    request.headers
      .get(name)
      ?.split(",")
      .map((entry) => entry.trim())
      .filter(Boolean) ?? [];
  return entries.at(-1) ?? null;
}

/** The origin for `protocol` and `host`, or null if the host is not a plain host[:port]. */
function originOf(protocol: string, host: string | null): string | null {
  if (!host || !HOST.test(host)) return null;
  try {
    return new URL(`${protocol}//${host}`).origin;
  } catch {
    return null;
  }
}

/** The public origin for this request: SITE_URL, else what the request (or a trusted proxy) says. */
export function siteOrigin(request: Request, config: Pick<Config, "siteOrigin" | "trustProxy"> = getConfig()): string {
  if (config.siteOrigin) return config.siteOrigin;

  const url = new URL(request.url);
  if (config.trustProxy) {
    const proto = lastForwarded(request, "x-forwarded-proto")?.toLowerCase();
    const protocol = proto === "https" || proto === "http" ? `${proto}:` : url.protocol;
    const forwarded = originOf(protocol, lastForwarded(request, "x-forwarded-host"));
    if (forwarded) return forwarded;
    return originOf(protocol, request.headers.get("host")) ?? `${protocol}//${url.host}`;
  }
  // The Host header, not request.url's host: remix-serve builds request.url's port from
  // X-Forwarded-Host even when no proxy is trusted.
  return originOf(url.protocol, request.headers.get("host")) ?? url.origin;
}
