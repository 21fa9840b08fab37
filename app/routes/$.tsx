/** Any URL no other route matches: the root's error page with 404 (docs/routes.md#error-page). */
export function loader() {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

/** Never rendered (the loader always throws), but it makes this a page route, not a resource route. */
export default function NotFound() {
  return null;
}
