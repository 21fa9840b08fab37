/**
 * The URL of a page's data as React Router's client asks for it on a client navigation or a
 * prefetch (single fetch): `.data` after the path, `/_root.data` for the home page, the query
 * string kept. For tests and the benchmark that browse as a JavaScript shopper does.
 *
 *   pageDataPath("/products/sensors?sort=price-low")   // "/products/sensors.data?sort=price-low"
 */
export function pageDataPath(pagePath: string): string {
  const url = new URL(pagePath, "http://shop.invalid");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return url.pathname + url.search;
}
