import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

// Apart from server/metrics.ts, which server/page-cache.ts imports: react-router loads React, and
// whoever loads React first decides its build by NODE_ENV (server/index.ts says why that matters).

/**
 * The id of the route module that answers `pathname` (a page's data, `/x.data`, is its page's),
 * from the build's routes; "unmatched" when none does.
 */
export function routeMatcher(routes: ServerBuild["routes"]): (pathname: string) => string {
  const objects = new Map<string, RouteObject & { children: RouteObject[] }>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    objects.set(route.id, { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] });
  }
  const top: RouteObject[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const object = objects.get(route.id)!;
    if (route.index) Object.assign(object, { index: true, children: undefined });
    (route.parentId ? objects.get(route.parentId)!.children : top).push(object);
  }
  return (pathname) => {
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    return matchRoutes(top, page)?.at(-1)?.route.id ?? "unmatched";
  };
}
