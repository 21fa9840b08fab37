import { describe, expect, it } from "vitest";

import {
  DEFAULT_DISPLAY,
  displayFieldsBesideQuantity,
  isOtherProductPath,
  onlyDisplayChanged,
  parseImageIndex,
  parseProductDisplay,
  parseProductId,
  parseQuantity,
  parseTab,
  type ProductDisplay,
  productDisplayHref,
} from "~/models/product/product-query";

/** A product page's URL: whatever a shopper (or an attacker) puts in it, it parses. */

const display = (qs: string, imageCount = 4) => parseProductDisplay(new URLSearchParams(qs), imageCount);

describe("parseProductId", () => {
  it("reads a positive whole number", () => {
    expect(parseProductId("1")).toBe(1);
    expect(parseProductId("42")).toBe(42);
    expect(parseProductId("999999999999999")).toBe(999_999_999_999_999);
  });

  it("reads leading zeros as the same id", () => {
    expect(parseProductId("007")).toBe(7);
  });

  it.each([undefined, "", "0", "000", "-1", "1.5", "1e3", "0x10", " 7", "7 ", "abc", "7abc", "1234567890123456"])(
    "finds no product for %j",
    (raw) => {
      expect(parseProductId(raw)).toBeNull();
    },
  );

  it("finds no product for hostile path segments", () => {
    expect(parseProductId("1;drop table products")).toBeNull();
    expect(parseProductId("<script>")).toBeNull();
    expect(parseProductId("1\u0000")).toBeNull();
    expect(parseProductId("９")).toBeNull();
  });
});

describe("parseImageIndex", () => {
  it("reads an index below the image count", () => {
    expect(parseImageIndex("0", 3)).toBe(0);
    expect(parseImageIndex("2", 3)).toBe(2);
  });

  it.each([null, "", "3", "999", "1000", "-1", "1.5", " 1", "1e0", "abc"])("shows the first image for %j", (raw) => {
    expect(parseImageIndex(raw, 3)).toBe(0);
  });

  it("shows the first image when the gallery has one", () => {
    expect(parseImageIndex("1", 1)).toBe(0);
  });
});

describe("parseTab", () => {
  it("reads each tab", () => {
    expect(parseTab("description")).toBe("description");
    expect(parseTab("specifications")).toBe("specifications");
    expect(parseTab("reviews")).toBe("reviews");
  });

  it.each([null, "", "Reviews", "specs", "__proto__", "constructor", "reviews "])(
    "falls back to Description for %j",
    (raw) => {
      expect(parseTab(raw)).toBe("description");
    },
  );
});

describe("parseQuantity", () => {
  it("reads a whole number from 1, with no maximum", () => {
    expect(parseQuantity("1")).toBe(1);
    expect(parseQuantity("12")).toBe(12);
    expect(parseQuantity("999999999")).toBe(999_999_999);
  });

  it("reads a typed value with spaces around it", () => {
    expect(parseQuantity(" 3 ")).toBe(3);
  });

  it.each([null, undefined, "", "0", "-2", "2.5", "1e3", "abc", "3 4", "1234567890"])("gives 1 for %j", (raw) => {
    expect(parseQuantity(raw)).toBe(1);
  });
});

describe("parseProductDisplay", () => {
  it("gives the defaults for an empty query string", () => {
    expect(display("")).toEqual(DEFAULT_DISPLAY);
  });

  it("reads every valid value", () => {
    expect(display("image=2&tab=reviews&quantity=3")).toEqual({
      image: 2,
      tab: "reviews",
      quantity: 3,
    } satisfies ProductDisplay);
  });

  it("takes the first of repeated values", () => {
    expect(display("tab=reviews&tab=specifications&quantity=2&quantity=5")).toMatchObject({
      tab: "reviews",
      quantity: 2,
    });
  });

  it("survives a hostile query string", () => {
    const hostile = `image=${"9".repeat(3000)}&tab=<script>alert(1)</script>&quantity=';--`;
    expect(display(hostile)).toEqual(DEFAULT_DISPLAY);
    expect(display(`quantity=${"1".repeat(3000)}&tab=${"reviews".repeat(500)}`)).toEqual(DEFAULT_DISPLAY);
    expect(display("image=%ff%fe&tab=%00reviews%00&quantity=%ud800")).toEqual({ ...DEFAULT_DISPLAY, tab: "reviews" });
  });

  it("cleans control characters out before parsing, as every parameter is", () => {
    expect(display("quantity=4%00&image=1%1b")).toMatchObject({ quantity: 4, image: 1 });
  });

  it("keeps the image inside the gallery", () => {
    expect(display("image=3", 4).image).toBe(3);
    expect(display("image=3", 3).image).toBe(0);
  });

  it("ignores other parameters", () => {
    expect(display("id=9&category=tools&page=2")).toEqual(DEFAULT_DISPLAY);
  });
});

describe("productDisplayHref", () => {
  const params = (qs: string) => new URLSearchParams(qs);

  it("links to the plain product path when every value is the default", () => {
    expect(productDisplayHref(7, params(""), {})).toBe("/product/7");
    expect(productDisplayHref(7, params("tab=reviews"), { tab: "description" })).toBe("/product/7");
    expect(productDisplayHref(7, params("image=2"), { image: 0 })).toBe("/product/7");
    expect(productDisplayHref(7, params("quantity=3"), { quantity: 1 })).toBe("/product/7");
  });

  it("changes one value and keeps the others, in place", () => {
    expect(productDisplayHref(7, params("image=2&tab=reviews&quantity=3"), { tab: "specifications" })).toBe(
      "/product/7?image=2&tab=specifications&quantity=3",
    );
    expect(productDisplayHref(7, params("tab=reviews"), { image: 1 })).toBe("/product/7?tab=reviews&image=1");
  });

  it("keeps parameters it does not know", () => {
    expect(productDisplayHref(7, params("utm_source=mail"), { tab: "reviews" })).toBe(
      "/product/7?utm_source=mail&tab=reviews",
    );
  });

  it("does not change the parameters it was given", () => {
    const given = params("tab=reviews");
    productDisplayHref(7, given, { tab: "description", image: 2 });
    expect(given.toString()).toBe("tab=reviews");
  });
});

describe("displayFieldsBesideQuantity", () => {
  it("keeps the image and tab the URL names, with the values the page shows", () => {
    const params = new URLSearchParams("image=junk&tab=reviews&quantity=4&utm_source=mail");
    expect(displayFieldsBesideQuantity(params, parseProductDisplay(params, 3))).toEqual([
      ["image", "0"],
      ["tab", "reviews"],
    ]);
  });

  it("keeps nothing when the URL names neither", () => {
    expect(displayFieldsBesideQuantity(new URLSearchParams("quantity=2"), DEFAULT_DISPLAY)).toEqual([]);
  });
});

describe("onlyDisplayChanged", () => {
  const url = (path: string) => new URL(path, "https://www.makervolt.com");

  it("is true when only image, tab or quantity changed", () => {
    expect(onlyDisplayChanged(url("/product/7"), url("/product/7?tab=reviews"))).toBe(true);
    expect(onlyDisplayChanged(url("/product/7?image=1&tab=reviews"), url("/product/7?quantity=5"))).toBe(true);
    expect(onlyDisplayChanged(url("/product/7?a=1&b=2&tab=reviews"), url("/product/7?b=2&a=1"))).toBe(true);
  });

  it("is false for another path or other parameters", () => {
    expect(onlyDisplayChanged(url("/product/7"), url("/product/8"))).toBe(false);
    expect(onlyDisplayChanged(url("/product/7"), url("/product/7?utm_source=mail"))).toBe(false);
    expect(onlyDisplayChanged(url("/product/7?a=1"), url("/product/7?a=2&tab=reviews"))).toBe(false);
  });
});

describe("isOtherProductPath", () => {
  it("is true for another product's page only", () => {
    expect(isOtherProductPath("/product/8", 7)).toBe(true);
    expect(isOtherProductPath("/product/7", 7)).toBe(false);
    expect(isOtherProductPath("/products/sensors", 7)).toBe(false);
    expect(isOtherProductPath("/", 7)).toBe(false);
  });
});
