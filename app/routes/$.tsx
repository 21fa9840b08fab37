/**
 * Any URL no other route matches. Throwing a 404 here renders the root ErrorBoundary
 * ("Unexpected Application Error!", "404 Not Found") inside the normal header and footer.
 */
export function loader() {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

/** Never rendered (the loader always throws), but it makes this a page route, not a resource route. */
export default function NotFound() {
  return null;
}
