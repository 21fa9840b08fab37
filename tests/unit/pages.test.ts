import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";

import { AUDITED_ROUTES, isShared, SHOP_ROUTES, type ShopRoute } from "~/models/site/pages";
import routes from "~/routes";
import { sharedPageHeaders } from "~/services/shared-pages.server";

/**
 * The one list of the shop's pages (app/models/site/pages.ts) against what the app really has: a route
 * module the list forgets, or an entry without its module, fails here; so does a route config
 * that is not the list, a module that shares its page when the list says it is personal (or the
 * other way round), an example or sitemap URL another route answers, and docs/routes.md leaving
 * an entry out.
 */

const APP = fileURLToPath(new URL("../../app/", import.meta.url));

/** Every route module under app/routes/, as the list names them ("routes/about.tsx"). */
function routeModules(dir = "routes"): string[] {
  return readdirSync(path.join(APP, dir), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? routeModules(path.posix.join(dir, entry.name))
        : /\.[jt]sx?$/.test(entry.name)
          ? [path.posix.join(dir, entry.name)]
          : [],
    )
    .sort();
}

/** What is wrong between the route modules that exist and the list's entries. */
function listProblems(modules: readonly string[], list: readonly Pick<ShopRoute, "module">[]): string[] {
  const listed = new Set<string>(list.map((route) => route.module));
  return [
    ...modules
      .filter((module) => !listed.has(module))
      .map((module) => `app/${module} has no entry in app/models/site/pages.ts`),
    ...[...listed].filter((module) => !modules.includes(module)).map((module) => `app/${module} is listed but missing`),
  ];
}

/** Every route module, loaded (what React Router loads). */
const MODULES = import.meta.glob<{ headers?: unknown }>("../../app/routes/**/*.{ts,tsx}", { eager: true });
const loaded = (module: string) => MODULES[`../../app/${module}`];

/** The entry whose route React Router would pick for this URL, by the list's own patterns. */
function answeredBy(url: string): string | undefined {
  const objects = SHOP_ROUTES.map((route) =>
    route.path === null ? { id: route.name, index: true as const } : { id: route.name, path: route.path },
  );
  const matches = matchRoutes(objects, new URL(url, "http://shop.test").pathname);
  return matches?.at(-1)?.route.id;
}

describe("the list of the shop's pages", () => {
  it("names every route module in app/routes/, and only those", () => {
    expect(listProblems(routeModules(), SHOP_ROUTES)).toEqual([]);
  });

  it("fails when a route module is forgotten or a listed one is missing", () => {
    const modules = [...SHOP_ROUTES.map((route) => route.module), "routes/returns.tsx"];
    const list = SHOP_ROUTES.filter((route) => route.module !== "routes/about.tsx");
    expect(listProblems(modules, list)).toEqual([
      "app/routes/about.tsx has no entry in app/models/site/pages.ts",
      "app/routes/returns.tsx has no entry in app/models/site/pages.ts",
    ]);
    expect(
      listProblems(["routes/_index.tsx"], [{ module: "routes/_index.tsx" }, { module: "routes/gone.tsx" }]),
    ).toEqual(["app/routes/gone.tsx is listed but missing"]);
  });

  it("is the route config: one route per entry, in its order, and nothing else", () => {
    expect(
      routes.map((route) => ({ path: route.path ?? null, file: route.file, index: route.index ?? false })),
    ).toEqual(SHOP_ROUTES.map((route) => ({ path: route.path, file: route.module, index: route.path === null })));
  });

  it("has one entry per name, path and module, and one example per name, each safe in a file name", () => {
    for (const field of ["name", "path", "module"] as const) {
      const values = SHOP_ROUTES.map((route) => route[field]);
      expect(new Set(values).size, `${field}s`).toBe(values.length);
    }
    const names = AUDITED_ROUTES.flatMap((route) => route.examples.map((example) => example.name));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("shows each page at example and sitemap URLs that its own route answers", () => {
    for (const route of AUDITED_ROUTES) {
      const urls = [...route.examples.map((example) => example.url), ...(route.kind === "page" ? route.sitemap : [])];
      for (const url of urls) expect(answeredBy(url), url).toBe(route.name);
    }
  });

  it.each(SHOP_ROUTES.map((route) => [route.module, route] as const))(
    "%s shares its page exactly when the list says so",
    (module, route) => {
      expect(loaded(module), module).toBeDefined();
      expect(loaded(module)!.headers === sharedPageHeaders, `${module}'s headers export`).toBe(isShared(route));
    },
  );

  it("is described in docs/routes.md, every entry of it", () => {
    const doc = readFileSync(fileURLToPath(new URL("../../docs/routes.md", import.meta.url)), "utf8");
    // As the tables write each: the pages' URL and module, `POST /x` for a form, the URL of a machine route.
    const described = (route: ShopRoute): string[] => {
      const url = route.path === null ? "/" : `/${route.path.replace(/\?$/, "")}`;
      const module = `\`${route.module.replace(/^routes\//, "")}\``;
      switch (route.kind) {
        case "page":
          return [`| \`${url}\``, module];
        case "not-found":
          return ["| anything else", module];
        case "form":
          return [`| \`POST ${url}\``];
        case "machine":
          return [`| \`${url}\``];
      }
    };
    const missing = SHOP_ROUTES.flatMap((route) => described(route).filter((words) => !doc.includes(words)));
    expect(missing, "what docs/routes.md's tables leave out").toEqual([]);
  });
});
