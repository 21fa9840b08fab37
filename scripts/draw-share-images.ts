/**
 * Draws the raster images that link previews and structured data need (ADR 008):
 *
 *   npx tsx scripts/draw-share-images.ts
 *
 * - public/images/share/products/<image>.png: a 1200x630 card for every product's main image
 *   (the `image` column of supabase/seed.sql), the illustration centred on its own background
 *   with the store's mark in a corner;
 * - public/images/share/site.png: the store's 1200x630 card, for every other page;
 * - public/images/share/logo.png: a 512x512 logo (Organization.logo in JSON-LD);
 * - app/generated/share-image-manifest.server.ts: the product images that have a card, so the
 *   server knows without touching the disk on each request.
 *
 * Rendering uses Playwright's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Run it again
 * after adding products to the seed or redrawing their illustrations.
 */
import { mkdir, readdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { chromium, type Page } from "@playwright/test";

import {
  LOGO_IMAGE,
  productShareImagePath,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  SITE_SHARE_IMAGE,
} from "../app/models/seo/share-image";
import { SHOP_NAME } from "../app/models/site/shop";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC = path.join(ROOT, "public");
const PRODUCT_CARDS = path.join(PUBLIC, "images", "share", "products");
const MANIFEST = path.join(ROOT, "app", "generated", "share-image-manifest.server.ts");

/** The brand colours of tailwind.config.ts and the favicon. */
const BRAND_600 = "#1d4ed8";
const BRAND_800 = "#1e3a8a";
const BOLT_YELLOW = "#facc15";
const FONT = `"Liberation Sans", Arial, Helvetica, sans-serif`;

/** The favicon's bolt on a brand tile, as inline SVG of the given size. */
function logoMark(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}"><rect width="32" height="32" rx="6" fill="${BRAND_600}"/><path d="M18 4 8 18h7l-2 10 11-15h-7z" fill="${BOLT_YELLOW}"/></svg>`;
}

function page(body: string, width: number, height: number, background = "transparent"): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    html, body { margin: 0; width: ${width}px; height: ${height}px; overflow: hidden; background: ${background}; }
    body { font-family: ${FONT}; }
  </style></head><body>${body}</body></html>`;
}

const siteCard = page(
  // Flat colours: a gradient would make this one PNG larger than ten product cards.
  `<div style="position:relative;width:1200px;height:630px;box-sizing:border-box;padding:72px 80px;
     overflow:hidden;background:${BRAND_800};color:#fff">
    <div style="position:absolute;right:-160px;bottom:-260px;width:640px;height:640px;border-radius:50%;background:#1e40af"></div>
    <div style="position:relative;display:flex;align-items:center;gap:28px">
      ${logoMark(112)}
      <span style="font-size:84px;font-weight:700;letter-spacing:-1px">${SHOP_NAME}</span>
    </div>
    <p style="position:relative;margin:64px 0 0;font-size:58px;font-weight:700;line-height:1.15;max-width:900px">
      Electronic Components &amp; Maker Supplies</p>
    <p style="position:relative;margin:28px 0 0;font-size:30px;color:#dbeafe">
      Development boards · Sensors · Displays · IoT · Robotics · Tools</p>
  </div>`,
  SHARE_IMAGE_WIDTH,
  SHARE_IMAGE_HEIGHT,
);

/** The illustration at full card height on its own background colour, the store's mark top left. */
function productCard(svg: string): string {
  // Every illustration starts with a full-size background rect: the card continues it sideways.
  const background = /<rect x="0" y="0" width="800" height="800" fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? "#f8fafc";
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  return page(
    `<div style="position:relative;width:1200px;height:630px;background:${background}">
      <img src="${src}" alt="" width="630" height="630" style="position:absolute;left:285px;top:0">
      <div style="position:absolute;left:40px;top:36px;display:flex;align-items:center;gap:14px;
        padding:12px 22px 12px 12px;border-radius:16px;background:rgba(255,255,255,.92);
        box-shadow:0 2px 8px rgba(15,23,42,.12)">
        ${logoMark(52)}
        <span style="font-size:34px;font-weight:700;color:#0f172a">${SHOP_NAME}</span>
      </div>
    </div>`,
    SHARE_IMAGE_WIDTH,
    SHARE_IMAGE_HEIGHT,
    background,
  );
}

const logo = page(logoMark(LOGO_IMAGE.width), LOGO_IMAGE.width, LOGO_IMAGE.height);

/** Every product's main image named in the seed: the value right before its `images` array. */
async function seedMainImages(): Promise<string[]> {
  const seed = await readFile(path.join(ROOT, "supabase", "seed.sql"), "utf8");
  const images = [...seed.matchAll(/'(\/images\/products\/[^']+\.svg)',\s*array\[/g)].map((m) => m[1]!);
  const products = seed.match(/insert into public\.products/g)?.length ?? 0;
  if (images.length !== products) {
    throw new Error(`Found ${images.length} main images for ${products} products in seed.sql: update the pattern`);
  }
  return [...new Set(images)].sort();
}

async function render(page: Page, html: string, width: number, height: number, file: string) {
  await page.setViewportSize({ width, height });
  await page.setContent(html, { waitUntil: "load" });
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, type: "png", omitBackground: true, clip: { x: 0, y: 0, width, height } });
}

function manifestModule(images: string[]): string {
  return `// Generated by scripts/draw-share-images.ts: do not edit. Run the script again instead.

/** Product images (the \`image\` column) that have a PNG share card under public/images/share/products/. */
export const PRODUCT_IMAGES_WITH_SHARE_CARDS: ReadonlySet<string> = new Set([
${images.map((image) => `  ${JSON.stringify(image)},`).join("\n")}
]);
`;
}

async function main() {
  const images = await seedMainImages();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"],
  });
  try {
    const tab = await browser.newPage({ deviceScaleFactor: 1 });
    await render(tab, siteCard, SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, path.join(PUBLIC, SITE_SHARE_IMAGE.path));
    await render(tab, logo, LOGO_IMAGE.width, LOGO_IMAGE.height, path.join(PUBLIC, LOGO_IMAGE.path));

    const drawn = new Set<string>();
    for (const image of images) {
      const target = productShareImagePath(image);
      if (!target) throw new Error(`No share image path for ${image}`);
      const svg = await readFile(path.join(PUBLIC, image), "utf8");
      await render(tab, productCard(svg), SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, path.join(PUBLIC, target));
      drawn.add(path.basename(target));
    }
    // Cards of images no product uses any more would only take space.
    for (const file of await readdir(PRODUCT_CARDS)) {
      if (!drawn.has(file)) await unlink(path.join(PRODUCT_CARDS, file));
    }
    await mkdir(path.dirname(MANIFEST), { recursive: true });
    await writeFile(MANIFEST, manifestModule(images));
    console.log(
      `Drew ${images.length} product cards, the site card and the logo; wrote ${path.relative(ROOT, MANIFEST)}.`,
    );
  } finally {
    await browser.close();
  }
}

await main();
