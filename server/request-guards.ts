import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

import type { Request as ExpressRequest, RequestHandler } from "express";

/**
 * Checks the server makes before React Router sees a request (ADR 010, ADR 023). Each answers in plain
 * text: a request refused here never reaches a route, so nothing it asked for is done.
 */

const HOST_LABEL = "[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?";
/** A host name or IPv4 address (dot-separated labels, optional trailing dot) or a bracketed IPv6 address, optional port. */
const HOST_PATTERN = new RegExp(`^(?:${HOST_LABEL}(?:\\.${HOST_LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, "i");

/**
 * `value` as the host of a URL (lower case, a default port dropped, IPv6 compressed), or null when
 * it is not a well-formed `Host` value: a name or address and an optional port from 1 to 65535, and
 * nothing else (no userinfo, path or spaces). Port 0 is refused as well as 65536: URL parsing keeps
 * ":0", while other readers of the same header drop it, and two readings of one header are how one
 * visitor's page could be kept under another's URL.
 */
export function canonicalHost(value: string | undefined): string | null {
  if (!value || value.length > 255) return null;
  const match = HOST_PATTERN.exec(value);
  if (!match) return null;
  if (match[1] !== undefined && !(Number(match[1]) >= 1 && Number(match[1]) <= 65535)) return null;
  try {
    return new URL(`http://${value}`).host;
  } catch {
    return null;
  }
}

const FORWARDED_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"];

/**
 * The headers a route may see: the request's own, less every forwarded header. What those say is
 * read once, here, into the request's origin (and by Express into its client address), so no route
 * can read another version of it.
 */
export function isForwardedHeader(name: string): boolean {
  return FORWARDED_HEADERS.includes(name.toLowerCase());
}

function plain(res: Parameters<RequestHandler>[1], status: number, text: string) {
  res
    .status(status)
    .type("text/plain; charset=utf-8")
    .set("Cache-Control", "no-store")
    .set("X-Content-Type-Options", "nosniff")
    .send(text);
}

/**
 * Whether an address is one of the reverse proxies named by TRUST_PROXY: proxy-addr's compiled
 * list, the one Express is given as `trust proxy` for the client's address, so every forwarded
 * header is believed by the same rule.
 */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * Whether the request came straight from a trusted proxy: only then are its X-Forwarded-* and
 * X-Request-Id what the proxy wrote rather than whatever the peer made up.
 */
export function fromTrustedProxy(req: ExpressRequest, isTrustedProxy: ProxyTrust): boolean {
  return isTrustedProxy(req.socket.remoteAddress ?? "", 0);
}

/** The last entry of a comma-separated forwarded header: the one the proxy in front of us wrote. */
function lastEntry(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(",") : value;
  return joined
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
}

export interface OriginHeaders {
  host: string | undefined;
  forwardedHost?: string | string[];
  forwardedProto?: string | string[];
  /** The connection itself is TLS. */
  encrypted: boolean;
}

/**
 * The origin a request is addressed to ("https://www.makervolt.com"), read once for everything the
 * server and the shop do with it: the page cache's key, the URL the routes see (so canonical links,
 * share tags and JSON-LD), the cross-site check, Secure cookies and HSTS. With a trusted proxy
 * (`viaTrustedProxy`: the request's peer is one), the last entry of X-Forwarded-Host and
 * X-Forwarded-Proto, the one it wrote; otherwise the Host header and the connection. null when the
 * host is missing or malformed (canonicalHost), or the protocol is neither http nor https.
 */
export function readOrigin(headers: OriginHeaders, viaTrustedProxy: boolean): string | null {
  const forwardedHost = viaTrustedProxy ? lastEntry(headers.forwardedHost) : undefined;
  const forwardedProto = viaTrustedProxy ? lastEntry(headers.forwardedProto)?.toLowerCase() : undefined;
  const host = canonicalHost(forwardedHost ?? headers.host);
  const protocol = forwardedProto ?? (headers.encrypted ? "https" : "http");
  if (!host || (protocol !== "http" && protocol !== "https")) return null;
  return new URL(`${protocol}://${host}`).origin;
}

/** The origin originGuard read for this request (res.locals.origin). */
export function requestOrigin(res: Parameters<RequestHandler>[1]): string {
  return res.locals.origin as string;
}

/** A year, as browsers' preload lists ask; no includeSubDomains: the shop cannot speak for other hosts of its domain. */
const HSTS = "max-age=31536000";

/**
 * 400 for a missing or malformed `Host` (or, from a trusted proxy, `X-Forwarded-Host` or
 * `-Proto`); otherwise the request's origin goes into `res.locals.origin` (readOrigin) and, over
 * HTTPS, every answer carries Strict-Transport-Security. Forwarded headers are believed only when
 * the request's peer is a proxy TRUST_PROXY names; otherwise they are removed, so no route, and
 * not Express's client address either, ever reads a value the visitor made up.
 */
export function originGuard({ isTrustedProxy }: { isTrustedProxy: ProxyTrust }): RequestHandler {
  return (req, res, next) => {
    const viaTrustedProxy = fromTrustedProxy(req, isTrustedProxy);
    if (!viaTrustedProxy) for (const name of FORWARDED_HEADERS) delete req.headers[name];
    const origin = readOrigin(
      {
        host: req.headers.host,
        forwardedHost: req.headers["x-forwarded-host"],
        forwardedProto: req.headers["x-forwarded-proto"],
        encrypted: "encrypted" in req.socket && req.socket.encrypted === true,
      },
      viaTrustedProxy,
    );
    if (!origin) return plain(res, 400, "Bad Request: the Host header is missing or malformed.");
    res.locals.origin = origin;
    if (origin.startsWith("https:")) res.set("Strict-Transport-Security", HSTS);
    next();
  };
}

/** The methods the shop takes (RFC 9110's `Allow`): pages are read with GET and HEAD, forms sent with POST. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];
const ALLOW = ALLOWED_METHODS.join(", ");

/**
 * 405 with `Allow` for every other method (TRACE, PUT, PROPFIND, OPTIONS on a path...), before the
 * page cache, load shedding or React Router see it: React Router runs a page's loaders for any
 * method that is not a form's (so `PROPFIND /products.data` was the catalogue's data, uncached and
 * never shed), and a Fetch API Request cannot be built for TRACE at all (a 500 and a stack in the
 * log). `OPTIONS *` is answered before this, by requestTargetGuard.
 */
export function methodGuard(): RequestHandler {
  return (req, res, next) => {
    if (ALLOWED_METHODS.includes(req.method)) return next();
    res.set("Allow", ALLOW);
    plain(res, 405, `Method Not Allowed: this shop takes ${ALLOW}.`);
  };
}

/**
 * The answer to `CONNECT host:port` (authority-form), which Node hands to the server's "connect"
 * listener instead of to Express, and otherwise answers by closing the connection: 405, since the
 * shop is no proxy.
 */
export function refuseConnect(_request: IncomingMessage, socket: Duplex): void {
  socket.end(
    "HTTP/1.1 405 Method Not Allowed\r\n" +
      `Allow: ${ALLOW}\r\n` +
      "Content-Type: text/plain; charset=utf-8\r\nContent-Length: 31\r\nConnection: close\r\n\r\n" +
      "Method Not Allowed: no proxy.\r\n",
  );
}

/**
 * Request targets other than a path (RFC 9112, 3.2), which Node accepts and hands on as they came:
 * - `OPTIONS *` (asterisk-form) asks about the server itself: 204 with `Allow`, the methods any of
 *   its paths takes (OPTIONS on a path is a 405: methodGuard); `*` with any other method is a 400.
 * - `GET http://host/path` (absolute-form, what proxies are sent): the target's host stands for
 *   `Host`, as the RFC says, and its path and query are the target. Other schemes, or userinfo, are a 400.
 * - Anything else that does not start with "/" is a 400.
 * Each is answered here, so no later step builds a URL from a target that is not a path.
 */
export function requestTargetGuard(): RequestHandler {
  return (req, res, next) => {
    const target = req.url;
    if (target.startsWith("/")) return next();
    if (target === "*") {
      if (req.method !== "OPTIONS") return plain(res, 400, "Bad Request: * is a target for OPTIONS only.");
      return res.status(204).set("Allow", ALLOW).set("Cache-Control", "no-store").end();
    }
    const url = URL.canParse(target) ? new URL(target) : null;
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) {
      return plain(res, 400, "Bad Request: the request target is not a path on this server.");
    }
    req.headers.host = url.host;
    req.url = req.originalUrl = url.pathname + url.search;
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const CROSS_SITE_MESSAGE =
  "Forbidden: this form was sent from another site, so nothing was done. Go back to the shop, reload the page and try again.";

/**
 * Why a request that may change state must be refused as cross-site, or null when it may go on.
 * Browsers say where a request comes from (`Sec-Fetch-Site`, `Origin`); a request that says
 * nothing (a text browser, a script) goes on, and forms where a session is at stake still need
 * their CSRF token.
 */
export function crossSiteReason(
  method: string,
  headers: { origin?: string; secFetchSite?: string; host: string },
): string | null {
  if (SAFE_METHODS.has(method)) return null;
  const site = headers.secFetchSite?.toLowerCase();
  if (site === "cross-site" || site === "same-site") return `Sec-Fetch-Site: ${site}`;
  const origin = headers.origin;
  if (origin === undefined) return null;
  // A page of ours that says Referrer-Policy: no-referrer (the password reset page, ADR 035) posts
  // with Origin: null; the browser's Sec-Fetch-Site still says the post came from this origin.
  if (origin === "null" && site === "same-origin") return null;
  // An opaque origin ("null": a sandboxed frame, a data: URL, a cross-site redirect) is no origin of ours.
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return "an Origin that is not a URL";
  }
  if (originUrl.origin === "null") return "Origin: null";
  // Compared as URL parsing normalises both (case, default ports): only the host, as a TLS
  // proxy in front may turn https into http.
  const host = new URL(`${originUrl.protocol}//${headers.host}`).host;
  return originUrl.host === host ? null : `Origin ${originUrl.host} is not ${host}`;
}

/** 403 for a cross-site request that could change state, before any action runs (after originGuard). */
export function crossSiteGuard(): RequestHandler {
  return (req, res, next) => {
    const host = new URL(requestOrigin(res)).host;
    const origin = req.headers.origin;
    const secFetchSite = req.headers["sec-fetch-site"];
    const reason = crossSiteReason(req.method, {
      origin,
      secFetchSite: typeof secFetchSite === "string" ? secFetchSite : undefined,
      host,
    });
    if (!reason) {
      // Admitted above as our own page's post (no-referrer): React Router, which compares Origin with
      // the URL itself, must not take "null" for another site.
      if (origin === "null") delete req.headers.origin;
      return next();
    }
    res.locals.refusal = reason;
    plain(res, 403, CROSS_SITE_MESSAGE);
  };
}

/** How long a refused body may still arrive (and be thrown away) after the 413, before the connection is cut. */
const LINGER_MS = 1_000;

/**
 * 413 for a body that declares itself larger than `maxBytes`, at once and without looking at it.
 * What the client is still sending is discarded unread for at most LINGER_MS, then the connection
 * is cut: closing at once would make the client's own writes fail, and many clients would then
 * report a reset instead of our answer. (A form over its own, lower limit, counted as it arrives,
 * answers 413 with `Connection: close`: app/services/form-data.server.ts.)
 */
export function bodyLimit(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.headers["content-length"] ?? 0);
    if (!(length > maxBytes)) return next();
    res.once("finish", () => {
      const cut = setTimeout(() => req.socket.destroy(), LINGER_MS);
      cut.unref();
      req.once("end", () => clearTimeout(cut));
    });
    plain(res, 413, `Payload Too Large: this server accepts at most ${Math.floor(maxBytes / 1024)} KB.`);
  };
}

/**
 * After an answer given before the request's body was read to its end (a form over its own limit
 * answers 413 as soon as it knows: app/services/form-data.server.ts), the rest of the body is read
 * and thrown away, for at most LINGER_MS, so the connection stays usable. Closing it instead, with
 * the body still arriving, resets it, and a proxy in front (nginx) then answers 502 for our 413.
 * The app's own reader is detached first: it stopped reading and would hold the data back.
 */
export function discardUnreadBody(): RequestHandler {
  return (req, res, next) => {
    res.once("finish", () => {
      if (req.complete || req.destroyed) return;
      req.removeAllListeners("data");
      req.resume();
      const cut = setTimeout(() => req.socket.destroy(), LINGER_MS);
      cut.unref();
      req.once("end", () => clearTimeout(cut));
    });
    next();
  };
}
