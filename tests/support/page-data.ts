/**
 * The URL of a page's data as React Router's client asks for it on a client navigation or a
 * prefetch (single fetch): `.data` after the path, `_.data` after one that ends in a slash (home:
 * `/_.data`), the query string kept. For tests and the benchmark that browse as a JavaScript shopper does.
 *
 *   pageDataPath("/products/sensors?sort=price-low")   // "/products/sensors.data?sort=price-low"
 */
export function pageDataPath(pagePath: string): string {
  const url = new URL(pagePath, "http://shop.invalid");
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return url.pathname + url.search;
}
