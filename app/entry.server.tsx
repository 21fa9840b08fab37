import { Writable } from "node:stream";

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleDataRequestFunction, ServerRouter } from "react-router";

import { NonceProvider } from "~/components/layout/nonce";
import { logger } from "~/lib/log.server";
import { HtmlBody, wholePage } from "~/services/html-body.server";
import { createNonce, nonceSource, setSecurityHeaders } from "~/services/security-headers.server";
import {
  inlineScriptHashes,
  isSharedAnswer,
  setCacheHeaders,
  SHARED_DATA_CACHE_CONTROL,
} from "~/services/shared-pages.server";

// Not about rendering: the server entry (server/index.ts) decides the cookie secret, opens and
// closes the data backend, asks whether pages may be kept in process, serves the app's metrics
// and makes each request's load context through these.
export { onCatalogueChange } from "~/backends/catalogue-changes.server";
export { catalogueChangesOnlyHere, closeBackend, openBackend } from "~/backends/index.server";
export { appMetrics } from "~/lib/metrics.server";
export { loadContext } from "~/load-context.server";
export { cookieSecret } from "~/services/cookie-policy.server";

/**
 * How long a streamed page waits for data still loading; React Router rejects what is still
 * pending then, and the render is abandoned a second later (ABORT_DELAY).
 */
export const streamTimeout = 5_000;
const ABORT_DELAY = streamTimeout + 1_000;

/**
 * Two ways to send a page (ADR 018). A shared page (the same for every anonymous visitor,
 * services/shared-pages.server.ts) is rendered whole, then sent with the hashes of its inline
 * scripts in its CSP and a Cache-Control a shared cache may act on. A personal page streams, its
 * scripts allowed by a nonce of its own, and no cache keeps it.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const shared = isSharedAnswer(request, responseStatusCode, responseHeaders);
  setCacheHeaders(responseHeaders, shared);
  if (shared) return renderSharedPage(request, responseStatusCode, responseHeaders, routerContext);
  return renderPersonalPage(request, responseStatusCode, responseHeaders, routerContext);
}

function renderSharedPage(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const whole = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    const abortTimer = setTimeout(() => stream.abort(), ABORT_DELAY);
    whole.once("finish", () => {
      clearTimeout(abortTimer);
      // Adjusted once, whole: no stream in between to batch what nobody reads before the end.
      const html = wholePage(Buffer.concat(chunks));
      setSecurityHeaders(headers, inlineScriptHashes(html.toString("utf8")));
      resolve(new Response(html, { headers, status }));
    });
    const stream = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        stream.pipe(whole);
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        logger().error({ err: error }, "Rendering a page failed");
      },
    });
  });
}

function renderPersonalPage(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  const nonce = createNonce();
  setSecurityHeaders(headers, [nonceSource(nonce)]);
  // Crawlers and text-only clients get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once the page is written: a timer left to fire would hold the whole render (its
    // tree and buffers) for five seconds after every request, which under load is most of the heap.
    const abortTimer = setTimeout(() => stream.abort(), ABORT_DELAY);
    const stream = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new HtmlBody();
          body.once("finish", () => clearTimeout(abortTimer));
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers,
              status,
            }),
          );
          stream.pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors before the shell is ready are reported by onShellError instead.
          if (shellRendered) logger().error({ err: error }, "Rendering a page failed");
        },
      },
    );
  });
}

/**
 * Page data for client navigations (`.data`), by the same rule as documents: the data of a shared
 * page is shared, with a few seconds in the browser too, and nothing else is kept by any cache
 * (services/shared-pages.server.ts).
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  response.headers.set("X-Content-Type-Options", "nosniff");
  const shared = isSharedAnswer(request, response.status, response.headers);
  setCacheHeaders(response.headers, shared);
  if (shared) response.headers.set("Cache-Control", SHARED_DATA_CACHE_CONTROL);
  return response;
};
