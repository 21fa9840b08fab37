import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

// Apart from server/metrics.ts, which server/page-cache.ts imports: whoever loads React first decides its build by
// NODE_ENV (server/index.ts).

type Routes = ServerBuild["routes"];

/** A build's routes as the tree matchRoutes takes, and the route ids of the paths asked for lately. */
interface RouteLookup {
  tree: RouteObject[];
  ids: LRUCache<string, string>;
}

/**
 * matchRoutes compiles every route's pattern on each call (a twentieth of rendering /about, profiled), so the answer
 * for a path is kept; long paths (rare, and often a probe) are matched each time rather than take the room.
 */
const KEPT_PATHS = 2_000;
const KEPT_PATH_LENGTH = 200;

/** Made once a build (development makes a new build on a change). */
const lookups = new WeakMap<Routes, RouteLookup>();

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
  let lookup = lookups.get(routes);
  if (!lookup) lookups.set(routes, (lookup = { tree: routeTree(routes), ids: new LRUCache({ max: KEPT_PATHS }) }));
  const kept = lookup.ids.get(pathname);
  if (kept) return kept;
  const page = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
  const id = matchRoutes(lookup.tree, page)?.at(-1)?.route.id ?? "unmatched";
  if (pathname.length <= KEPT_PATH_LENGTH) lookup.ids.set(pathname, id);
  return id;
}
