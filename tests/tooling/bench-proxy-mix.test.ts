import { describe, expect, it } from "vitest";

import { JS_SHOPPER_PATHS, POPULAR_PATHS } from "../../scripts/bench/proxy";
import { pageDataPath } from "../support/page-data";

describe("the JavaScript shopper's mix (npm run bench -- --topology proxy)", () => {
  it("asks for each popular page once as a document and five times as data: one document per five navigations", () => {
    const documents = JS_SHOPPER_PATHS.filter((path) => !/\.data(\?|$)/.test(path));
    const data = JS_SHOPPER_PATHS.filter((path) => /\.data(\?|$)/.test(path));
    expect(documents).toEqual(POPULAR_PATHS);
    expect(data).toHaveLength(5 * POPULAR_PATHS.length);
    for (const path of POPULAR_PATHS) {
      expect(
        data.filter((d) => d === pageDataPath(path)),
        path,
      ).toHaveLength(5);
    }
    // A visit: its document, then the data of the next five pages.
    expect(JS_SHOPPER_PATHS.slice(0, 6)).toEqual([
      POPULAR_PATHS[0],
      ...POPULAR_PATHS.slice(1, 6).map((path) => pageDataPath(path)),
    ]);
  });

  it("asks for page data at the URLs React Router's client uses", () => {
    expect(pageDataPath("/")).toBe("/_.data");
    expect(pageDataPath("/products")).toBe("/products.data");
    expect(pageDataPath("/products/sensors?sort=price-low")).toBe("/products/sensors.data?sort=price-low");
    expect(pageDataPath("/products?search=esp32")).toBe("/products.data?search=esp32");
  });
});
