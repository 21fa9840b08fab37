import { Writable } from "node:stream";

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleDataRequestFunction, ServerRouter } from "react-router";

import { NonceProvider } from "~/components/layout/nonce";
import { logger } from "~/lib/log.server";
import { HtmlBody, wholePage } from "~/services/html-body.server";
import { createNonce, nonceSource, setSecurityHeaders } from "~/services/security-headers.server";
import { inlineScriptHashes, isSharedAnswer, setCacheHeaders } from "~/services/shared-pages.server";

// Not about rendering: what the server entry needs of the app (server/main.ts's ServerLifecycle, loadContext).
export { onCatalogueChange } from "~/backends/catalogue-changes.server";
export { catalogueChangesOnlyHere, closeBackend, openBackend } from "~/backends/index.server";
export { appMetrics } from "~/lib/metrics.server";
export { loadContext } from "~/load-context.server";
export { cookieSecret } from "~/services/cookie-policy.server";

/** Data still loading after this is rejected by React Router; the render is abandoned a second later. */
export const streamTimeout = 5_000;
const ABORT_DELAY = streamTimeout + 1_000;

/** A shared page is rendered whole, its scripts allowed by hash; a personal one streams with a nonce (ADR 018). */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const shared = isSharedAnswer(request, responseStatusCode, responseHeaders);
  setCacheHeaders(responseHeaders, shared, "page");
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
    // Cleared once the page is written: a timer left to fire holds the whole render for seconds,
    // most of the heap under load.
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

/** Page data for client navigations (`.data`), shared by the same rule as its page (ADR 026). */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  response.headers.set("X-Content-Type-Options", "nosniff");
  setCacheHeaders(response.headers, isSharedAnswer(request, response.status, response.headers), "page data");
  return response;
};
