import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { PRODUCT_IMAGES_WITH_SHARE_CARDS } from "~/generated/share-image-manifest.server";
import {
  LOGO_IMAGE,
  productShareImagePath,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  SITE_SHARE_IMAGE,
} from "~/models/seo/share-image";
import { productShareImage } from "~/services/share-images.server";

/**
 * The raster share images drawn by scripts/draw-share-images.ts and the manifest the server
 * trusts instead of the disk: every card it names exists at the size the meta tags announce,
 * every product of the seed has one, and a product without one falls back to the shop's card.
 */

const PUBLIC = path.resolve("public");
const SHARE_DIR = path.join(PUBLIC, "images", "share");

/** A PNG's width and height, from its IHDR chunk; throws for anything that is not a PNG. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  const signature = "89504e470d0a1a0a";
  if (bytes.subarray(0, 8).toString("hex") !== signature || bytes.subarray(12, 16).toString("ascii") !== "IHDR") {
    throw new Error(`${file} is not a PNG`);
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Every product's main image in the seed (the value before its images array). */
function seedMainImages(): string[] {
  const seed = readFileSync(path.resolve("supabase/seed.sql"), "utf8");
  return [...seed.matchAll(/'(\/images\/products\/[^']+\.svg)',\s*array\[/g)].map((m) => m[1]!);
}

describe("drawn share images", () => {
  it("include the shop's card and a square logo at the sizes the tags announce", () => {
    expect(pngSize(path.join(PUBLIC, SITE_SHARE_IMAGE.path))).toEqual({ width: 1200, height: 630 });
    expect(pngSize(path.join(PUBLIC, LOGO_IMAGE.path))).toEqual({ width: LOGO_IMAGE.width, height: LOGO_IMAGE.height });
    // Google asks for an Organization logo of at least 112 x 112 pixels.
    expect(LOGO_IMAGE.width).toBeGreaterThanOrEqual(112);
  });

  it("have a 1200x630 PNG for every image in the manifest, and nothing else", () => {
    const expected = [...PRODUCT_IMAGES_WITH_SHARE_CARDS].map((image) => productShareImagePath(image)!).sort();
    const onDisk = readdirSync(path.join(SHARE_DIR, "products"))
      .map((file) => `/images/share/products/${file}`)
      .sort();
    expect(onDisk).toEqual(expected);
    for (const card of expected) {
      expect(pngSize(path.join(PUBLIC, card)), card).toEqual({ width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT });
    }
  });

  it("cover every product of the seed (run scripts/draw-share-images.ts after changing it)", () => {
    const images = seedMainImages();
    expect(images.length).toBeGreaterThanOrEqual(64);
    expect(images.filter((image) => !PRODUCT_IMAGES_WITH_SHARE_CARDS.has(image))).toEqual([]);
  });

  it("stay small enough to commit (under 4 MB in all)", () => {
    const files = [
      SITE_SHARE_IMAGE.path,
      LOGO_IMAGE.path,
      ...[...PRODUCT_IMAGES_WITH_SHARE_CARDS].map((i) => productShareImagePath(i)!),
    ];
    const total = files.reduce((sum, file) => sum + statSync(path.join(PUBLIC, file)).size, 0);
    expect(total).toBeLessThan(4 * 1024 * 1024);
  });
});

describe("productShareImage", () => {
  it("uses the product's own card, described by its name", () => {
    const image = [...PRODUCT_IMAGES_WITH_SHARE_CARDS][0]!;
    expect(productShareImage({ name: "Part", image })).toEqual({
      path: productShareImagePath(image),
      width: 1200,
      height: 630,
      alt: "Part with the MakerVolt logo",
    });
  });

  it("falls back to the shop's card for an image without one (a product added to a hosted database later)", () => {
    expect(productShareImage({ name: "New part", image: "/images/products/not-drawn-yet-1.svg" })).toBe(
      SITE_SHARE_IMAGE,
    );
    expect(productShareImage({ name: "Hosted", image: "https://cdn.example/part.svg" })).toBe(SITE_SHARE_IMAGE);
    expect(
      productShareImage({ name: "Part", image: "/images/products/a-1.svg" }, new Set(["/images/products/a-1.svg"]))
        .path,
    ).toBe("/images/share/products/a-1.png");
  });

  it("maps only local product illustrations to card paths", () => {
    expect(productShareImagePath("/images/products/esp32-devkit-1.svg")).toBe(
      "/images/share/products/esp32-devkit-1.png",
    );
    expect(productShareImagePath("/images/products/../secret.svg")).toBeNull();
    expect(productShareImagePath("https://cdn.example/images/products/x.svg")).toBeNull();
  });
});
