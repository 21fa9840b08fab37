import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

import type { Request as ExpressRequest, RequestHandler } from "express";

// Checks made before React Router sees a request (ADR 023, ADR 033), each answering in plain text.

const HOST_LABEL = "[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?";
const HOST_PATTERN = new RegExp(`^(?:${HOST_LABEL}(?:\\.${HOST_LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, "i");

/** `value` as a URL's host, or null; port 0 too, which URL parsing keeps and other readers drop (ADR 023). */
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

/** A header no route sees: what it says is read once, here, into the request's origin (ADR 023). */
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

/** Whether an address is a proxy TRUST_PROXY names: the rule Express's `trust proxy` is given too (ADR 033). */
export type ProxyTrust = (address: string, hop: number) => boolean;

export function fromTrustedProxy(req: ExpressRequest, isTrustedProxy: ProxyTrust): boolean {
  return isTrustedProxy(req.socket.remoteAddress ?? "", 0);
}

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
  encrypted: boolean;
}

/** The origin a request is addressed to, read once for everything done with it (ADR 023); null when malformed. */
export function readOrigin(headers: OriginHeaders, viaTrustedProxy: boolean): string | null {
  const forwardedHost = viaTrustedProxy ? lastEntry(headers.forwardedHost) : undefined;
  const forwardedProto = viaTrustedProxy ? lastEntry(headers.forwardedProto)?.toLowerCase() : undefined;
  const host = canonicalHost(forwardedHost ?? headers.host);
  const protocol = forwardedProto ?? (headers.encrypted ? "https" : "http");
  if (!host || (protocol !== "http" && protocol !== "https")) return null;
  return new URL(`${protocol}://${host}`).origin;
}

export function requestOrigin(res: Parameters<RequestHandler>[1]): string {
  return res.locals.origin as string;
}

/** A year, as preload lists ask; no includeSubDomains: the shop cannot speak for its domain's other hosts. */
const HSTS = "max-age=31536000";

/** 400 for a malformed origin, else `res.locals.origin`; forwarded headers go unless a trusted proxy sent them. */
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

const ALLOWED_METHODS = ["GET", "HEAD", "POST"];
const ALLOW = ALLOWED_METHODS.join(", ");

/** 405 with `Allow` for any other method, before the page cache, the shedder or a loader sees it (ADR 033). */
export function methodGuard(): RequestHandler {
  return (req, res, next) => {
    if (ALLOWED_METHODS.includes(req.method)) return next();
    res.set("Allow", ALLOW);
    plain(res, 405, `Method Not Allowed: this shop takes ${ALLOW}.`);
  };
}

export function refuseConnect(_request: IncomingMessage, socket: Duplex): void {
  socket.end(
    "HTTP/1.1 405 Method Not Allowed\r\n" +
      `Allow: ${ALLOW}\r\n` +
      "Content-Type: text/plain; charset=utf-8\r\nContent-Length: 31\r\nConnection: close\r\n\r\n" +
      "Method Not Allowed: no proxy.\r\n",
  );
}

/** Targets other than a path (RFC 9112, 3.2), answered here: no later step builds a URL from one (ADR 023). */
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

/** Why a request that may change state is cross-site, or null; one that says nothing meets its CSRF check (ADR 017). */
export function crossSiteReason(
  method: string,
  headers: { origin?: string; secFetchSite?: string; host: string },
): string | null {
  if (SAFE_METHODS.has(method)) return null;
  const site = headers.secFetchSite?.toLowerCase();
  if (site === "cross-site" || site === "same-site") return `Sec-Fetch-Site: ${site}`;
  const origin = headers.origin;
  if (origin === undefined) return null;
  // Our no-referrer pages post with Origin: null, and Sec-Fetch-Site says same-origin (ADR 035).
  if (origin === "null" && site === "same-origin") return null;
  // An opaque origin ("null": a sandboxed frame, a data: URL, a cross-site redirect) is no origin of ours.
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return "an Origin that is not a URL";
  }
  if (originUrl.origin === "null") return "Origin: null";
  // Hosts only, as URL parsing normalises them: a TLS proxy in front may turn https into http.
  const host = new URL(`${originUrl.protocol}//${headers.host}`).host;
  return originUrl.host === host ? null : `Origin ${originUrl.host} is not ${host}`;
}

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
      // Our own no-referrer page's post: React Router must not take its Origin "null" for another site.
      if (origin === "null") delete req.headers.origin;
      return next();
    }
    res.locals.refusal = reason;
    plain(res, 403, CROSS_SITE_MESSAGE);
  };
}

const LINGER_MS = 1_000;

/** 413 for a body declared too large; the rest is discarded a while, or the client reports a reset, not our answer. */
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

/** An answer given before its body was read: the rest is discarded a while, or nginx answers 502 for our 413. */
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
