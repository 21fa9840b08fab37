import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

// Apart from server/metrics.ts, which server/page-cache.ts imports: whoever loads React first decides its build by
// NODE_ENV (server/index.ts).

type Routes = ServerBuild["routes"];

/** The build's routes as the tree matchRoutes takes, made once a build (development makes a new build on a change). */
const trees = new WeakMap<Routes, RouteObject[]>();

function routeTree(routes: Routes): RouteObject[] {
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
  return top;
}

/** The id of the route module that answers `pathname` (a page's `.data` is its page's); "unmatched" when none does. */
export function routeIdOf(routes: Routes, pathname: string): string {
  let tree = trees.get(routes);
  if (!tree) trees.set(routes, (tree = routeTree(routes)));
  const page = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
  return matchRoutes(tree, page)?.at(-1)?.route.id ?? "unmatched";
}
