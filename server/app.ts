import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { constants as zlib } from "node:zlib";

import { createReadableStreamFromReadable } from "@react-router/node";
import compression from "compression";
import express, {
  type ErrorRequestHandler,
  type Request as ExpressRequest,
  type RequestHandler,
  type Response as ExpressResponse,
} from "express";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import proxyaddr from "proxy-addr";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

import { loggableUrl, logger, withRequestLogger } from "../app/lib/log.server";
import { isSheddable, type LoadShedder, type RenderTurn, sendBusy } from "./load-shedding";
import { type MeteredLocals, pagesRefused, requestMetrics } from "./metrics";
import { type CachedPage, type PageCache, plainBody } from "./page-cache";
import {
  bodyLimit,
  crossSiteGuard,
  discardUnreadBody,
  fromTrustedProxy,
  isForwardedHeader,
  methodGuard,
  originGuard,
  type ProxyTrust,
  requestOrigin,
  requestTargetGuard,
} from "./request-guards";
import { routeIdOf } from "./route-ids";

/** Any body's ceiling; each form's own lower limit gives it its own answer (ADR 023). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The client's address (ADR 033); `::ffff:1.2.3.4` is `1.2.3.4`: one client, one sign-in limit. */
function clientAddress(req: ExpressRequest): string {
  const raw = req.ip || req.socket.remoteAddress;
  if (!raw) return "unknown";
  return raw.startsWith("::ffff:") && raw.includes(".") ? raw.slice("::ffff:".length) : raw;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id in its log lines and X-Request-Id: a trusted proxy's, or a new one (docs/operations.md#logs). */
function requestId(req: ExpressRequest, isTrustedProxy: ProxyTrust): string {
  const sent = req.headers["x-request-id"];
  return fromTrustedProxy(req, isTrustedProxy) && typeof sent === "string" && REQUEST_ID.test(sent)
    ? sent
    : randomUUID();
}

interface LoggedLocals extends MeteredLocals {
  pageCache?: "hit" | "miss";
}

/** One log line a request, never a header (docs/operations.md#logs); a 503 at `warn`, any other 5xx at `error`. */
function requestLog(isTrustedProxy: ProxyTrust): RequestHandler {
  const logging = pinoHttp({
    logger: logger(),
    genReqId: (req, res) => {
      const id = requestId(req as ExpressRequest, isTrustedProxy);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: (_req, res, error) =>
      res.statusCode === 503 ? "warn" : error || res.statusCode >= 500 ? "error" : "info",
    customSuccessMessage: (req, res) => `${req.method} ${loggedUrl(req)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${loggedUrl(req)} ${res.statusCode}`,
    customSuccessObject: (req, res, fields: { responseTime: number }) => requestFields(req, res, fields.responseTime),
    customErrorObject: (req, res, _error, fields: { responseTime: number }) =>
      requestFields(req, res, fields.responseTime),
  });
  return (req, res, next) => logging(req, res, () => withRequestLogger(req.log, next));
}

function loggedUrl(req: IncomingMessage): string {
  return loggableUrl((req as ExpressRequest).originalUrl ?? req.url ?? "");
}

function requestFields(req: IncomingMessage, res: ServerResponse, responseTime: number) {
  const locals = (res as ExpressResponse).locals as LoggedLocals | undefined;
  return {
    method: req.method,
    url: loggedUrl(req),
    status: res.statusCode,
    responseTime,
    route: locals?.route,
    pageCache: locals?.pageCache,
    client: clientAddress(req as ExpressRequest),
  };
}

/** `public/`'s files, asked only about its own top-level names: a `stat` before every page cost 3 % (ADR 014). */
function publicFiles(publicDir: string): RequestHandler {
  const serve = express.static(publicDir, { maxAge: "1h" });
  let names: Set<string>;
  try {
    names = new Set(readdirSync(publicDir));
  } catch {
    names = new Set();
  }
  return (req, res, next) => {
    const first = req.path.slice(1).split("/", 1)[0]!;
    if (names.has(first) || first.includes("%")) return serve(req, res, next);
    next();
  };
}

/** Pages go out in gzip, the built assets in brotli: brotli per request served 20-30 % fewer pages (ADR 032). */
function brotliOnlyUnder(assetsPath: string): RequestHandler {
  return (req, _res, next) => {
    const accepted = req.headers["accept-encoding"];
    if (accepted && !req.path.startsWith(assetsPath)) req.headers["accept-encoding"] = refuseBrotli(accepted);
    next();
  };
}

function refuseBrotli(acceptEncoding: string): string {
  const others = acceptEncoding
    .split(",")
    .map((coding) => coding.trim())
    .filter((coding) => coding !== "" && coding.split(";")[0]!.trim().toLowerCase() !== "br");
  return [...others, "br;q=0"].join(", ");
}

export type Assets<Build extends BuildWithLoadContext = BuildWithLoadContext> =
  { kind: "built"; build: Build } | { kind: "vite"; build: () => Promise<Build>; middleware: RequestHandler };

/** Context keys match by identity, so the build's own entry module makes each request's load context. */
export type BuildWithLoadContext = ServerBuild & {
  entry: { module: { loadContext(clientAddress: string): RouterContextProvider } };
};

const ASSETS_PATH = "/assets/";

export interface AppOptions {
  assets: Assets;
  /** NODE_ENV: React Router shows error details outside production. */
  mode: string;
  trustProxy: readonly string[];
  publicDir: string;
  isClosing?: () => boolean;
  pageCache?: PageCache | null;
  shedder?: Pick<LoadShedder, "admit"> | null;
}

/**
 * The request a route sees: `url` from the origin read once at the edge, and no forwarded header, so every link and
 * cookie decision comes from one reading (@react-router/express reads them again, differently: ADR 025).
 */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || isForwardedHeader(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // Loaders and actions stop once nobody can receive their answer (the client went away).
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

function headerNames(req: ExpressRequest): Pick<Headers, "has"> {
  return { has: (name) => req.headers[name.toLowerCase()] !== undefined };
}

/** The app's pages, behind the page cache and the load shedder (ADR 020, ADR 024). */
function appPages(
  build: BuildWithLoadContext | (() => Promise<BuildWithLoadContext>),
  mode: string,
  pageCache: PageCache | null,
  shedder: Pick<LoadShedder, "admit"> | null,
): RequestHandler {
  const handle = createRequestHandler(build, mode);
  const currentBuild = typeof build === "function" ? build : async () => build;
  return async (req, res, next) => {
    let turn: RenderTurn | null = null;
    try {
      // Matched once: the log, the metrics and load shedding all take the route from here.
      const { routes, entry } = await currentBuild();
      const route = routeIdOf(routes, req.path);
      (res.locals as MeteredLocals).route = route;
      const url = `${requestOrigin(res)}${req.originalUrl}`;
      const found = pageCache?.find(req.method, url, headerNames(req));
      if (pageCache) (res.locals as LoggedLocals).pageCache = found ? "hit" : "miss";
      if (found) return await sendCachedPage(req, res, found.page, found.ageSeconds);
      if (shedder && isSheddable(req.method, route)) {
        turn = await shedder.admit(res);
        // A visitor who has gone is neither refused nor answered.
        if (!turn && res.req.socket.destroyed) return;
        if (!turn) {
          pagesRefused.inc();
          return sendBusy(res);
        }
      }
      const request = toFetchRequest(req, res, url);
      const response = await handle(request, entry.module.loadContext(clientAddress(req)));
      const kept = await pageCache?.keep(request.method, request.url, request.headers, response);
      if (kept) return await sendCachedPage(req, res, kept, null);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    } finally {
      // The page is in Node's hands: how fast its client takes it is no longer the renders' business (ADR 024).
      turn?.end();
    }
  };
}

/** A Fetch API response written to Express's (ADR 025), not waiting for the client, so a slow reader keeps no turn. */
export async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // `append`, so each Set-Cookie stays a header of its own.
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  res.once("close", stop);
  try {
    for (let part = await reader.read(); !part.done && !res.destroyed; part = await reader.read()) {
      res.write(part.value);
      // compression's flush: a part React sends on its own (the shell, a boundary resolved) goes out now.
      (res as ExpressResponse & { flush?: () => void }).flush?.();
    }
    if (!res.destroyed) res.end();
  } catch {
    // The page failed while it was being sent: it can be neither finished nor replaced.
    res.destroy();
  } finally {
    res.off("close", stop);
  }
}

async function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, ageSeconds: number | null) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  res.vary("Accept-Encoding");
  // What any HTTP cache says of a copy it answers with (RFC 9111, 5.1); absent when just rendered.
  if (ageSeconds !== null) res.set("Age", String(ageSeconds));
  const gzip = req.acceptsEncodings("gzip") === "gzip";
  const body = gzip ? page.gzipped : await plainBody(page);
  if (gzip) res.set("Content-Encoding", "gzip");
  res.set("Content-Length", String(body.length));
  res.end(body);
}

/** The HTTP server around React Router (ADR 010): a stock server plus the guards, load shedding and page cache. */
export function createApp({
  assets,
  mode,
  trustProxy,
  publicDir,
  isClosing = () => false,
  pageCache = null,
  shedder = null,
}: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // The client's address, the request's id and its origin all believe forwarded headers by this one rule.
  const isTrustedProxy = proxyaddr.compile([...trustProxy]);
  app.set("trust proxy", isTrustedProxy);

  app.use((_req, res, next) => {
    if (isClosing()) res.set("Connection", "close");
    next();
  });
  app.use(requestMetrics());
  app.use(requestLog(isTrustedProxy));
  app.use(requestTargetGuard());
  app.use(originGuard({ isTrustedProxy }));
  app.use(methodGuard());
  app.use(crossSiteGuard());
  app.use(bodyLimit(MAX_BODY_BYTES));
  app.use(discardUnreadBody());
  app.use(brotliOnlyUnder(ASSETS_PATH));
  // Brotli's default 4 MiB window a response grew malloc's arenas under load (docs/soak.md); 256 KiB does as well.
  app.use(compression({ brotli: { params: { [zlib.BROTLI_PARAM_LGWIN]: 18 } } }));

  if (assets.kind === "vite") {
    app.use(assets.middleware);
  } else {
    // Hashed, so immutable; each goes out as the brotli or gzip copy made at build time (ADR 021).
    app.use(
      ASSETS_PATH,
      expressStaticGzip(path.join(path.resolve(assets.build.assetsBuildDirectory), "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y" },
      }),
    );
  }
  app.use(publicFiles(publicDir));

  // `use`, not `all("*")`, which decodes the path first and fails a malformed one with Express's own error.
  app.use(appPages(assets.build, mode, pageCache, shedder));

  // Whatever escapes React Router (it answers its own errors): logged here, a plain 500 out, never a stack.
  const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
    // Express and its middleware mark what the client got wrong (a malformed body or URL) with a 4xx.
    const status = Number((error as { status?: unknown }).status);
    const clientError = status >= 400 && status < 500;
    if (!clientError) logger().error({ err: error }, `Unhandled error for ${req.method} ${loggedUrl(req)}`);
    if (res.headersSent) return res.destroy();
    res
      .status(clientError ? status : 500)
      .type("text/plain; charset=utf-8")
      .send(clientError ? "Bad Request" : "Internal Server Error");
  };
  app.use(lastResort);
  return app;
}
