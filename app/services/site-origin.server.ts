import { StartupError } from "~/services/startup-error.server";

/**
 * The shop's public origin ("https://www.makervolt.com"), for the absolute URLs that leave the
 * page: canonical links, Open Graph and Twitter tags, JSON-LD, the sitemap and robots.txt (ADR 008).
 *
 * SITE_URL wins when set: behind a CDN or proxy only the operator knows the public address, and
 * a configured origin cannot be changed by a request. Without it the request's own origin is
 * used, so a fresh checkout and the tests need no setup. X-Forwarded-Proto and X-Forwarded-Host
 * are read only when TRUST_PROXY=1 says a proxy we control sets them (the same policy as the
 * client address in rate-limit.server.ts); otherwise anyone could put any host in our links.
 */

type Env = Record<string, string | undefined>;

/** A host as it may appear in a URL: a name or IPv4 address, or a bracketed IPv6 address, and a port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * SITE_URL's origin, or null when it is unset. A value that is not an http(s) origin throws:
 * a typo must not quietly put wrong links in every page.
 */
export function configuredOrigin(env: Env = process.env): string | null {
  const raw = env.SITE_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new StartupError(`SITE_URL must be an absolute http(s) URL such as https://www.makervolt.com, not "${raw}"`);
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) {
    throw new StartupError(`SITE_URL must be an http(s) origin without credentials, not "${raw}"`);
  }
  // The shop is served from the root of its host; a path would make every link wrong.
  if (url.pathname !== "/" || url.search || url.hash) {
    throw new StartupError(
      `SITE_URL must be an origin without a path, query or fragment (e.g. https://www.makervolt.com), not "${raw}"`,
    );
  }
  return url.origin;
}

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
export function siteOrigin(request: Request, env: Env = process.env): string {
  const configured = configuredOrigin(env);
  if (configured) return configured;

  const url = new URL(request.url);
  if (env.TRUST_PROXY === "1") {
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

// Checked when the server starts (it loads every module), so a bad SITE_URL stops the start
// instead of turning every page into the error page.
configuredOrigin();
