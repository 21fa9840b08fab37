import { describe, expect, it } from "vitest";

import { parseCatalogueQuery } from "~/models/catalogue/catalogue-query";
import { absoluteUrl, catalogueCanonicalPath, productPath } from "~/models/seo/canonical";

/** Which URL each page asks search engines to index, read from the URL a shopper is on. */
function canonicalOf(url: string): string | null {
  const { pathname, searchParams } = new URL(url, "https://www.makervolt.com");
  const category = pathname.split("/")[2] ?? null;
  return catalogueCanonicalPath(parseCatalogueQuery(searchParams, category));
}

describe("catalogue canonical URLs", () => {
  it("are the plain listing for the catalogue and each category", () => {
    expect(canonicalOf("/products")).toBe("/products");
    expect(canonicalOf("/products/sensors")).toBe("/products/sensors");
  });

  it.each([
    "/products/sensors?sort=price-low",
    "/products/sensors?view=list",
    "/products/sensors?min=10&max=50",
    "/products/sensors?stock=1&sort=rating&view=list",
    "/products/sensors?page=1",
    "/products/sensors?sort=bogus&page=nope",
  ])("drop filters, sort, view and page 1: %s -> /products/sensors", (url) => {
    expect(canonicalOf(url)).toBe("/products/sensors");
  });

  it("keep the page number past page 1, and nothing else", () => {
    expect(canonicalOf("/products/sensors?page=2")).toBe("/products/sensors?page=2");
    expect(canonicalOf("/products?page=3&sort=price-high&view=list&stock=1")).toBe("/products?page=3");
  });

  it("send an unknown category (All Categories) to /products", () => {
    expect(canonicalOf("/products/bogus?page=2")).toBe("/products?page=2");
  });

  it("do not exist for search results, which are never indexed", () => {
    expect(canonicalOf("/products?search=led")).toBeNull();
    expect(canonicalOf("/products/sensors?search=temp&page=2")).toBeNull();
    // A blank search is no search.
    expect(canonicalOf("/products?search=%20%20")).toBe("/products");
  });
});

describe("product and absolute URLs", () => {
  it("name a product by id only", () => {
    expect(productPath(42)).toBe("/product/42");
  });

  it("join the origin and a path", () => {
    expect(absoluteUrl("https://www.makervolt.com", "/product/42")).toBe("https://www.makervolt.com/product/42");
    expect(absoluteUrl("http://localhost:3000", "/")).toBe("http://localhost:3000/");
  });
});
