import http from "node:http";

import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

import { logger } from "../app/lib/log.server";

// The server's metrics, and their listener on METRICS_PORT, never the shop's port (docs/operations.md#metrics).
export const serverMetrics = new Registry();

const requestDuration = new Histogram({
  name: "makervolt_http_request_duration_seconds",
  help: "Time to answer a request, by route module (`outside-app` for files and refusals before it), method and status.",
  labelNames: ["route", "method", "status"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [serverMetrics],
});

export const pageCacheLookups = new Counter({
  name: "makervolt_page_cache_lookups_total",
  help: "Anonymous reads looked up in the in-process page cache (embedded catalogue, ADR 020): hit or miss.",
  labelNames: ["outcome"],
  registers: [serverMetrics],
});

export const pagesRefused = new Counter({
  name: "makervolt_pages_refused_total",
  help: "Pages refused with 503 and Retry-After because too many were rendering or waiting (ADR 024).",
  registers: [serverMetrics],
});

/** Methods as labels: a client may send any word as a method, and each would be a series of its own. */
const METHODS = new Set(["GET", "HEAD", "POST"]);

export interface MeteredLocals {
  route?: string;
}

export function requestMetrics(): RequestHandler {
  return (req, res, next) => {
    const end = requestDuration.startTimer();
    res.once("close", () => {
      const route = (res.locals as MeteredLocals).route ?? "outside-app";
      end({ route, method: METHODS.has(req.method) ? req.method : "other", status: String(res.statusCode) });
    });
    next();
  };
}

export async function startMetricsServer(options: {
  port: number;
  host: string;
  registries: Registry[];
}): Promise<http.Server> {
  // Process memory, CPU, the heap and the event loop: collected only when someone will read them.
  collectDefaultMetrics({ register: serverMetrics });
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res
        .writeHead(404, { "Content-Type": "text/plain; charset=utf-8" })
        .end("Not Found: the metrics are at /metrics\n");
      return;
    }
    // Merged at each scrape: in development a module evaluated again replaces its metrics.
    const registry = Registry.merge(options.registries);
    registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": registry.contentType }).end(text),
      (error: unknown) => {
        logger().error({ err: error }, "Collecting the metrics failed");
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Collecting the metrics failed\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
