import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Database, openDatabase } from "~/backends/embedded/database.server";
import { type ProductRow, toProduct } from "~/backends/product-row.server";
import { CATEGORIES } from "~/models/catalogue/categories";
import { FEATURED_PRODUCT_IDS } from "~/models/catalogue/featured-products";
import { isOnSale, type Product, PRODUCT_IMAGE_SIZE } from "~/models/product/product";

import { productSlug } from "../../scripts/draw-product-images";

/**
 * The catalogue seed as the shop will see it: supabase/seed.sql loaded into a real PGlite after
 * the project's migrations, then checked for the coverage the pages and tests rely on
 * (docs/data.md#seed).
 */

const PUBLIC_DIR = fileURLToPath(new URL("../../public", import.meta.url));

let db: Database;
let seeded: boolean;
/** The rows as stored, for what the mapping to Product would hide (specification values that are not text). */
let rows: ProductRow[];
let products: Product[];

beforeAll(async () => {
  ({ db, seeded } = await openDatabase({ dataDir: "memory://" }));
  ({ rows } = await db.query<ProductRow>("select * from public.products order by id"));
  products = rows.map(toProduct);
});

afterAll(async () => {
  await db?.close();
});

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

describe("the catalogue seed", () => {
  it("loads into an empty database after the migrations", () => {
    expect(seeded).toBe(true);
    expect(products.length).toBeGreaterThanOrEqual(64);
  });

  it("numbers its products 1..N and moves the id sequence past them", async () => {
    expect(products.map((p) => p.id)).toEqual(products.map((_, i) => i + 1));
    const { rows } = await db.query<{ last: string }>(
      "select pg_sequence_last_value(pg_get_serial_sequence('public.products', 'id'))::text as last",
    );
    expect(Number(rows[0]?.last)).toBe(products.length);
  });

  it("gives every product a unique name", () => {
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
  });

  it("lists 8 or more products in each of the eight categories", () => {
    const perCategory = countBy(products, (p) => p.category);
    for (const { slug } of CATEGORIES) expect(perCategory.get(slug) ?? 0, slug).toBeGreaterThanOrEqual(8);
    expect([...perCategory.keys()].sort()).toEqual(CATEGORIES.map((c) => c.slug).sort());
  });

  it("puts at least 10 products on sale", () => {
    const onSale = products.filter(isOnSale);
    expect(onSale.length).toBeGreaterThanOrEqual(10);
    // The original price is either absent or a real discount, never equal to or below the price.
    for (const p of products) if (p.originalPrice != null) expect(p.originalPrice, p.name).toBeGreaterThan(p.price);
  });

  it("has at least 6 products out of stock, spread over the categories", () => {
    const outOfStock = products.filter((p) => !p.inStock);
    expect(outOfStock.length).toBeGreaterThanOrEqual(6);
    expect(new Set(outOfStock.map((p) => p.category)).size).toBeGreaterThanOrEqual(4);
    for (const p of products) expect(p.stockCount === 0, p.name).toBe(!p.inStock);
  });

  it("spans the price filter: at least 8 above $100 and several under $10", () => {
    expect(products.filter((p) => p.price > 100).length).toBeGreaterThanOrEqual(8);
    expect(products.filter((p) => p.price < 10).length).toBeGreaterThanOrEqual(5);
    for (const p of products) expect(p.price, p.name).toBeGreaterThan(0);
  });

  it("has at least 6 products with more than 5 features, so the 5-feature cap shows", () => {
    expect(products.filter((p) => p.features.length > 5).length).toBeGreaterThanOrEqual(6);
    for (const p of products) expect(p.features.length, p.name).toBeGreaterThanOrEqual(3);
  });

  it("gives every product a specification table of 4-8 text pairs", () => {
    for (const p of rows) {
      const entries = Object.entries(p.specifications ?? {});
      expect(entries.length, p.name).toBeGreaterThanOrEqual(4);
      expect(entries.length, p.name).toBeLessThanOrEqual(8);
      for (const [key, value] of entries) {
        expect(key.trim(), p.name).not.toBe("");
        expect(typeof value, `${p.name}: ${key}`).toBe("string");
      }
    }
  });

  it("writes descriptions of a few sentences, some longer than the 160-character meta description", () => {
    for (const p of products) expect(p.description.length, p.name).toBeGreaterThan(60);
    expect(products.filter((p) => p.description.length > 160).length).toBeGreaterThanOrEqual(10);
  });

  it("rates products 0-5 with one decimal, and products without reviews at 0", () => {
    for (const p of products) {
      expect(p.rating, p.name).toBeGreaterThanOrEqual(0);
      expect(p.rating, p.name).toBeLessThanOrEqual(5);
      expect(Math.round(p.rating * 10) / 10, p.name).toBe(p.rating);
      if (p.reviews === 0) expect(p.rating, p.name).toBe(0);
    }
    expect(products.filter((p) => p.reviews === 0).length).toBeGreaterThanOrEqual(2);
  });

  it("has equal prices and equal ratings inside a category, for the sort tie-break by id", () => {
    const samePrice = [...countBy(products, (p) => `${p.category} ${p.price}`).values()].filter((n) => n > 1);
    const sameRating = [...countBy(products, (p) => `${p.category} ${p.rating}`).values()].filter((n) => n > 1);
    expect(samePrice.length).toBeGreaterThanOrEqual(3);
    expect(sameRating.length).toBeGreaterThanOrEqual(3);
  });

  it("contains a literal % and _ for the search tests", () => {
    const text = (p: Product) => `${p.name} ${p.description}`;
    expect(products.some((p) => text(p).includes("%"))).toBe(true);
    expect(products.some((p) => text(p).includes("_"))).toBe(true);
  });
});

describe("the product images", () => {
  it("gives every product 2-4 images, the first of which is its main image", () => {
    for (const p of products) {
      expect(p.images.length, p.name).toBeGreaterThanOrEqual(2);
      expect(p.images.length, p.name).toBeLessThanOrEqual(4);
      expect(p.image, p.name).toBe(p.images[0]);
      expect(new Set(p.images).size, p.name).toBe(p.images.length);
    }
  });

  it("names each image after its product: /images/products/<slug>-<n>.svg", () => {
    for (const p of products) {
      p.images.forEach((image, i) => expect(image).toBe(`/images/products/${productSlug(p.name)}-${i + 1}.svg`));
    }
  });

  it("serves every image from public/ as a self-contained 800x800 SVG", async () => {
    for (const image of products.flatMap((p) => p.images)) {
      const svg = await readFile(path.join(PUBLIC_DIR, image), "utf8");
      const root = svg.slice(0, svg.indexOf(">") + 1);
      expect(root, image).toContain(`width="${PRODUCT_IMAGE_SIZE}"`);
      expect(root, image).toContain(`height="${PRODUCT_IMAGE_SIZE}"`);
      expect(root, image).toContain(`viewBox="0 0 ${PRODUCT_IMAGE_SIZE} ${PRODUCT_IMAGE_SIZE}"`);
      expect(root, image).toContain('role="img"');
      expect(svg, image).toMatch(/<title>[^<]+<\/title>/);
      // No scripts and no references outside the file (the xmlns URI is a name, not a fetch).
      expect(svg, image).not.toMatch(/<script|\son[a-z]+=|href="(?!#)|url\((?!#)|@import/i);
      expect(svg.length, image).toBeLessThan(25_000);
    }
  });

  it("leaves no image in public/images/products that no product uses", async () => {
    const used = new Set(products.flatMap((p) => p.images.map((image) => path.basename(image))));
    const files = (await readdir(path.join(PUBLIC_DIR, "images/products"))).filter((f) => f.endsWith(".svg"));
    expect(files.filter((f) => !used.has(f))).toEqual([]);
  });
});

describe("the featured products", () => {
  it("are four different in-stock products from different categories, at least one on sale", () => {
    const featured = FEATURED_PRODUCT_IDS.map((id) => products.find((p) => p.id === id));
    expect(featured).toHaveLength(4);
    for (const [i, p] of featured.entries()) {
      expect(p, `featured id ${FEATURED_PRODUCT_IDS[i]}`).toBeDefined();
      expect(p?.inStock, p?.name).toBe(true);
    }
    const found = featured.filter((p): p is Product => p != null);
    expect(new Set(found.map((p) => p.id)).size).toBe(4);
    expect(new Set(found.map((p) => p.category)).size).toBe(4);
    expect(found.some(isOnSale)).toBe(true);
  });
});
