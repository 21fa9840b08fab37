import { describe, expect, it } from "vitest";

import { RELATED_LIMIT, relatedProducts } from "~/backends/related-products.server";
import type { ProductRepository } from "~/backends/types.server";
import type { Product } from "~/models/product/product";

/** A category whose products are listed best rated first (ids 1..count), as the repositories list them. */
function category(count: number) {
  const asked: [string, number][] = [];
  const repository = {
    bestRatedInCategory(name: string, limit: number) {
      asked.push([name, limit]);
      const best = Array.from({ length: Math.min(count, limit) }, (_, i) => ({ id: i + 1, category: name }));
      return Promise.resolve(best as Product[]);
    },
  } as Pick<ProductRepository, "bestRatedInCategory"> as ProductRepository;
  return { repository, asked };
}

const ids = (products: Pick<Product, "id">[]) => products.map((p) => p.id);

describe("relatedProducts", () => {
  it("asks for one more than it shows, the same question for every product of the category", async () => {
    const { repository, asked } = category(10);
    await relatedProducts(repository, { id: 2, category: "sensors" });
    await relatedProducts(repository, { id: 9, category: "sensors" });
    expect(asked).toEqual([
      ["sensors", RELATED_LIMIT + 1],
      ["sensors", RELATED_LIMIT + 1],
    ]);
  });

  it("leaves out the product itself when it is among the best", async () => {
    const { repository } = category(10);
    expect(ids(await relatedProducts(repository, { id: 1, category: "sensors" }))).toEqual([2, 3, 4, 5]);
    expect(ids(await relatedProducts(repository, { id: 3, category: "sensors" }))).toEqual([1, 2, 4, 5]);
    expect(ids(await relatedProducts(repository, { id: 5, category: "sensors" }))).toEqual([1, 2, 3, 4]);
  });

  it("shows the best four when the product is not among them", async () => {
    const { repository } = category(10);
    expect(ids(await relatedProducts(repository, { id: 9, category: "sensors" }))).toEqual([1, 2, 3, 4]);
  });

  it("shows what a small category has, never the product itself", async () => {
    expect(ids(await relatedProducts(category(2).repository, { id: 1, category: "audio" }))).toEqual([2]);
    expect(await relatedProducts(category(1).repository, { id: 1, category: "audio" })).toEqual([]);
  });
});
