/**
 * Draws the catalogue's product illustrations: public/images/products/<slug>-<n>.svg.
 *
 *   npx tsx scripts/draw-product-images.ts
 *
 * Each product is a small description (what kind of thing it is, its colours, its label and which
 * views to draw) in product-images/products.ts. The drawing code beside it turns that into flat
 * 800x800 SVGs in one style: a soft background tint per category, the object centred, and 2-4
 * different views per product (front, back or pinout, angled, close-up). supabase/seed.sql lists
 * the same files; the seed test checks that every image it names exists here.
 *
 * The SVGs are self-contained: no scripts, no external references, generic font families.
 */
import { mkdir, readdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { PRODUCT_DRAWINGS } from "./product-images/products";
import { svgDocument } from "./product-images/views";

/** "0.96\" OLED Display 128x64, SSD1306, I2C" -> "0-96-oled-display-128x64-ssd1306-i2c". */
export function productSlug(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const OUTPUT_DIR = fileURLToPath(new URL("../public/images/products/", import.meta.url));

async function main(): Promise<void> {
  await mkdir(OUTPUT_DIR, { recursive: true });
  const slugs = new Set<string>();
  const written = new Set<string>();
  let bytes = 0;
  for (const product of PRODUCT_DRAWINGS) {
    const slug = productSlug(product.name);
    if (slugs.has(slug)) throw new Error(`Two products share the slug ${slug}`);
    slugs.add(slug);
    if (product.views.length < 2 || product.views.length > 4) throw new Error(`${product.name}: draw 2-4 views`);
    for (const [i, view] of product.views.entries()) {
      const file = `${slug}-${i + 1}.svg`;
      const svg = svgDocument(product, view);
      bytes += svg.length;
      await writeFile(path.join(OUTPUT_DIR, file), svg);
      written.add(file);
    }
  }
  // Files left over from renamed products would be served but never listed; remove them.
  for (const file of await readdir(OUTPUT_DIR)) {
    if (file.endsWith(".svg") && !written.has(file)) await unlink(path.join(OUTPUT_DIR, file));
  }
  console.log(
    `Wrote ${written.size} images for ${PRODUCT_DRAWINGS.length} products (${Math.round(bytes / 1024)} KB) to ${OUTPUT_DIR}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
