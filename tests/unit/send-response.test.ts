import http from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { sendResponse } from "../../server/app";

/**
 * Our server writes React Router's Fetch API responses to Express itself (ADR 025: the adapter's
 * own helper is not exported): status, every header (each cookie apart), a streamed body, and a
 * client that went away.
 */

let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(answer: () => Response): Promise<string> {
  const app = express();
  app.get("/", (_req, res, next) => sendResponse(res, answer()).catch(next));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe("sendResponse", () => {
  it("sends the status, each Set-Cookie as a header of its own, and the body", async () => {
    const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "X-Test": "1" });
    headers.append("Set-Cookie", "a=1; Path=/");
    headers.append("Set-Cookie", "b=2; Path=/");
    const url = await serve(() => new Response("Not here", { status: 404, statusText: "Not Found", headers }));

    const response = await fetch(url);
    expect(response.status).toBe(404);
    expect(response.statusText).toBe("Not Found");
    expect(response.headers.get("x-test")).toBe("1");
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(await response.text()).toBe("Not here");
  });

  it("streams a body as it is written, and ends a response without one", async () => {
    const encoder = new TextEncoder();
    const url = await serve(() => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 3) return controller.close();
          controller.enqueue(encoder.encode(`part ${++sent};`));
        },
      });
      return new Response(body, { status: 200 });
    });
    expect(await (await fetch(url)).text()).toBe("part 1;part 2;part 3;");

    const empty = await serve(() => new Response(null, { status: 204 }));
    const response = await fetch(empty);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("stops reading the body once the client has gone, without an error", async () => {
    let cancelled: () => void;
    const wasCancelled = new Promise<void>((resolve) => (cancelled = resolve));
    let failed: unknown = null;
    const app = express();
    app.get("/", (_req, res) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("first part"));
          // The rest never comes: the page waits on data while the client leaves.
        },
        cancel() {
          cancelled();
        },
      });
      sendResponse(res, new Response(body)).catch((error: unknown) => (failed = error));
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;

    await new Promise<void>((resolve) => {
      const request = http.get({ port, host: "127.0.0.1", path: "/" }, (response) => {
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
    });
    await wasCancelled;
    expect(failed).toBeNull();
  });
});
