import type { RequestHandler } from "express";

/**
 * Checks the server makes before Remix sees a request (ADR 010). Each answers in plain text: a
 * request refused here never reaches a route, so nothing it asked for is done.
 */

const HOST_LABEL = "[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?";
/** A host name or IPv4 address (dot-separated labels, optional trailing dot) or a bracketed IPv6 address, optional port. */
const HOST_PATTERN = new RegExp(`^(?:${HOST_LABEL}(?:\\.${HOST_LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, "i");

/** Whether `value` is a well-formed `Host` (or `X-Forwarded-Host`) header value: what URL parsing accepts, nothing more. */
export function isValidHost(value: string | undefined): value is string {
  if (!value || value.length > 255) return false;
  const match = HOST_PATTERN.exec(value);
  if (!match) return false;
  if (match[1] !== undefined && Number(match[1]) > 65535) return false;
  try {
    new URL(`http://${value}`);
    return true;
  } catch {
    return false;
  }
}

const FORWARDED_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"];

function plain(res: Parameters<RequestHandler>[1], status: number, text: string) {
  res.status(status).type("text/plain; charset=utf-8").set("Cache-Control", "no-store").send(text);
}

/**
 * 400 for a missing or malformed `Host` (e.g. `a b`, `[::1`), which would otherwise make the
 * adapter's `new URL()` throw. Forwarded headers are believed only from a proxy we trust
 * (TRUST_PROXY=1); otherwise they are removed, so no route, and not Remix's own origin check,
 * ever reads a value the visitor made up.
 */
export function hostGuard({ trustProxy }: { trustProxy: boolean }): RequestHandler {
  return (req, res, next) => {
    if (!trustProxy) for (const name of FORWARDED_HEADERS) delete req.headers[name];
    const forwardedHost = req.headers["x-forwarded-host"];
    const hostValid =
      isValidHost(req.headers.host) &&
      (forwardedHost === undefined ||
        (typeof forwardedHost === "string" && isValidHost(forwardedHost.split(",")[0]?.trim())));
    if (!hostValid) return plain(res, 400, "Bad Request: the Host header is missing or malformed.");
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

/** 403 for a cross-site request that could change state, before any action runs. */
export function crossSiteGuard(): RequestHandler {
  return (req, res, next) => {
    const forwardedHost = req.headers["x-forwarded-host"];
    const host = (typeof forwardedHost === "string" && forwardedHost.split(",")[0]?.trim()) || req.headers.host!;
    const origin = req.headers.origin;
    const secFetchSite = req.headers["sec-fetch-site"];
    const reason = crossSiteReason(req.method, {
      origin,
      secFetchSite: typeof secFetchSite === "string" ? secFetchSite : undefined,
      host,
    });
    if (!reason) return next();
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
