import { describe, expect, it } from "vitest";

import type { Product } from "~/models/product/product";
import { toProductSummaries, toProductSummary } from "~/models/product/product-summary";

/** What a product card is sent (docs/catalogue.md#product-cards): its own fields, nothing else. */

function product(changes: Partial<Product> = {}): Product {
  return {
    id: 7,
    name: "ESP32 DevKit",
    description: "A Wi-Fi and Bluetooth board.",
    category: "iot-wireless",
    price: 9.5,
    originalPrice: 12,
    inStock: true,
    stockCount: 41,
    rating: 4.6,
    reviews: 120,
    image: "/images/products/esp32-1.svg",
    images: ["/images/products/esp32-1.svg", "/images/products/esp32-2.svg"],
    features: ["Dual core", "Wi-Fi"],
    specifications: { Flash: "4 MB" },
    ...changes,
  };
}

const CARD_FIELDS = ["category", "id", "image", "inStock", "name", "originalPrice", "price", "rating", "reviews"];

describe("toProductSummary", () => {
  it("keeps what a card shows, with the same values", () => {
    const summary = toProductSummary(product());
    expect(Object.keys(summary).sort()).toEqual(CARD_FIELDS);
    expect(summary).toEqual({
      id: 7,
      name: "ESP32 DevKit",
      category: "iot-wireless",
      price: 9.5,
      originalPrice: 12,
      inStock: true,
      image: "/images/products/esp32-1.svg",
      rating: 4.6,
      reviews: 120,
    });
  });

  it("leaves out the product page's fields: features, specifications, gallery, stock count, description", () => {
    const json = JSON.stringify(toProductSummary(product()));
    for (const left of [
      '"features"',
      '"specifications"',
      '"images"',
      '"stockCount"',
      '"description"',
      "esp32-2",
      "4 MB",
    ]) {
      expect(json).not.toContain(left);
    }
  });

  it("adds the description for the list view", () => {
    const summary = toProductSummary(product(), { withDescription: true });
    expect(Object.keys(summary).sort()).toEqual([...CARD_FIELDS, "description"].sort());
    expect(summary.description).toBe("A Wi-Fi and Bluetooth board.");
  });

  it("keeps a missing original price and an out-of-stock state as they are", () => {
    const summary = toProductSummary(product({ originalPrice: null, inStock: false, stockCount: 0 }));
    expect(summary.originalPrice).toBeNull();
    expect(summary.inStock).toBe(false);
  });
});

describe("toProductSummaries", () => {
  it("maps every product in order", () => {
    const summaries = toProductSummaries([product({ id: 3 }), product({ id: 1 }), product({ id: 2 })], {
      withDescription: true,
    });
    expect(summaries.map((s) => s.id)).toEqual([3, 1, 2]);
    expect(summaries.every((s) => s.description === "A Wi-Fi and Bluetooth board.")).toBe(true);
    expect(toProductSummaries([])).toEqual([]);
  });
});
