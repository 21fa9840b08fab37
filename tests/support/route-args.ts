/**
 * What React Router hands a loader or action besides the request, params and context: the
 * request's URL, parsed once, and the matched route's path pattern. For tests that call a route's
 * loader or action directly; each of our routes has one static path, so the pattern is that path.
 */
export function routeOf(request: Request): { url: URL; pattern: string } {
  const url = new URL(request.url);
  return { url, pattern: url.pathname };
}
