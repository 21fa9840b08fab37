import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

import { isSheddable } from "../../server/load-shedding";
import { routeIdOf } from "../../server/route-ids";

/**
 * Each request's route is matched once (server/app.ts): its id files the request in the log and the metrics, and
 * tells load shedding whether it may refuse it. A build's routes as React Router's build lists them.
 */

const route = (id: string, path: string | undefined, index?: true) => ({ id, path, index, parentId: "root" });
const ROUTES = {
  root: { id: "root", path: "" },
  "routes/_index": route("routes/_index", undefined, true),
  "routes/product.$id": route("routes/product.$id", "product/:id"),
  "routes/healthz": route("routes/healthz", "healthz"),
  "routes/$": route("routes/$", "*"),
} as unknown as ServerBuild["routes"];

describe("routeIdOf", () => {
  it("names the route module that answers a page or its data", () => {
    expect(routeIdOf(ROUTES, "/")).toBe("routes/_index");
    expect(routeIdOf(ROUTES, "/_.data")).toBe("routes/_index");
    expect(routeIdOf(ROUTES, "/product/12")).toBe("routes/product.$id");
    expect(routeIdOf(ROUTES, "/product/12.data")).toBe("routes/product.$id");
    expect(routeIdOf(ROUTES, "/no/such/page")).toBe("routes/$");
  });

  it("answers the same from what it kept, for each build its own, and for paths too long to keep", () => {
    for (let i = 0; i < 3; i++) expect(routeIdOf(ROUTES, "/product/12")).toBe("routes/product.$id");
    const otherBuild = { ...ROUTES, "routes/product.$id": route("routes/item.$id", "product/:id") };
    expect(routeIdOf(otherBuild as unknown as ServerBuild["routes"], "/product/12")).toBe("routes/item.$id");
    expect(routeIdOf(ROUTES, "/product/12")).toBe("routes/product.$id");
    const long = `/product/${"1".repeat(500)}`;
    expect(routeIdOf(ROUTES, long)).toBe("routes/product.$id");
    expect(routeIdOf(ROUTES, long)).toBe("routes/product.$id");
    for (let i = 0; i < 3_000; i++) routeIdOf(ROUTES, `/product/${i}`);
    expect(routeIdOf(ROUTES, "/healthz")).toBe("routes/healthz");
  });
});

describe("isSheddable", () => {
  it("lets load shedding refuse reads of pages, never the health check however its path is written", () => {
    expect(isSheddable("GET", routeIdOf(ROUTES, "/product/12"))).toBe(true);
    expect(isSheddable("HEAD", routeIdOf(ROUTES, "/"))).toBe(true);
    expect(isSheddable("POST", routeIdOf(ROUTES, "/product/12"))).toBe(false);
    for (const path of ["/healthz", "/healthz/", "/HEALTHZ", "/healthz.data", "/healthz/_.data"])
      expect(isSheddable("GET", routeIdOf(ROUTES, path)), path).toBe(false);
  });
});
