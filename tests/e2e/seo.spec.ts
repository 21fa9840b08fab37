import { readFileSync } from "node:fs";
import path from "node:path";

import type { APIRequestContext } from "@playwright/test";
import { validateXML } from "xmllint-wasm";

import { expect, followLink, test, waitForHydration } from "./fixtures";

/**
 * What search engines and link previews read (docs/seo.md): canonical URLs, robots
 * noindex, Open Graph and Twitter cards and JSON-LD in the HTML the server sends, the head
 * after a client-side navigation, /sitemap.xml from the database and /robots.txt.
 *
 * The server runs without SITE_URL, so every absolute URL is on the test server's own origin.
 * Product ids are the seed's (supabase/seed.sql): 1 an ordinary product, 2 on sale, 7 out of
 * stock, 45 new with no reviews.
 */

/** What a crawler reads in a document's head. */
interface Head {
  status: number;
  canonical: string[];
  robots: string | undefined;
  /** Meta tags by property or name (og:*, twitter:*, description ...). */
  meta: Record<string, string>;
  jsonLd: Record<string, unknown>[];
}

/** React escapes these in attribute values. */
function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The server's HTML for `url`, read the way a crawler reads it (no JavaScript). */
async function serverHead(
  request: APIRequestContext,
  url: string,
  headers: Record<string, string> = {},
): Promise<Head> {
  const response = await request.get(url, { headers, maxRedirects: 0 });
  const html = await response.text();
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
  const meta: Record<string, string> = {};
  for (const [, key, content] of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/>/g)) {
    expect(meta[key!], `one ${key} tag on ${url}`).toBeUndefined();
    meta[key!] = decodeAttribute(content!);
  }
  return {
    status: response.status(),
    canonical: [...head.matchAll(/<link rel="canonical" href="([^"]*)"\/>/g)].map((m) => decodeAttribute(m[1]!)),
    robots: meta.robots,
    meta,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    ),
  };
}

const ofType = (head: Head, type: string) => head.jsonLd.find((data) => data["@type"] === type);

/** Every tag an indexable page needs, with og:url the canonical URL and absolute images that load. */
async function expectIndexable(request: APIRequestContext, head: Head, canonical: string) {
  expect(head.status).toBe(200);
  expect(head.robots).toBeUndefined();
  expect(head.canonical).toEqual([canonical]);
  const { meta } = head;
  expect(meta["og:site_name"]).toBe("MakerVolt");
  expect(meta["og:url"]).toBe(canonical);
  expect(meta["og:title"]).toBeTruthy();
  expect(meta["og:description"]).toBe(meta.description);
  expect(meta["og:image:alt"]).toBeTruthy();
  expect(meta["twitter:card"]).toBe("summary_large_image");
  expect(meta["twitter:title"]).toBe(meta["og:title"]);
  expect(meta["twitter:description"]).toBe(meta["og:description"]);
  expect(meta["twitter:image"]).toBe(meta["og:image"]);
  expect(meta["twitter:image:alt"]).toBe(meta["og:image:alt"]);
  // A raster image on our origin, of the size announced (link previews do not render SVG).
  expect(meta["og:image"]).toMatch(new RegExp(`^${new URL(canonical).origin}/images/share/.+\\.png$`));
  const image = await request.get(meta["og:image"]!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  const png = await image.body();
  expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({
    width: Number(meta["og:image:width"]),
    height: Number(meta["og:image:height"]),
  });
}

function expectNoindex(head: Head, status: number) {
  expect(head.status).toBe(status);
  expect(head.robots).toMatch(/^noindex\b/);
  expect(head.canonical).toEqual([]);
  expect(head.meta["og:url"]).toBeUndefined();
  expect(head.jsonLd).toEqual([]);
}

test.describe("search engines and link previews", () => {
  test("home: canonical, previews, and the shop as Organization and WebSite", async ({ request, baseURL }) => {
    const head = await serverHead(request, "/");
    await expectIndexable(request, head, `${baseURL}/`);
    expect(head.meta["og:type"]).toBe("website");
    const organization = ofType(head, "OnlineStore");
    expect(organization).toMatchObject({
      "@context": "https://schema.org",
      name: "MakerVolt",
      url: `${baseURL}/`,
      logo: { url: `${baseURL}/images/share/logo.png` },
      contactPoint: { "@type": "ContactPoint", telephone: "+1-555-123-4567", email: "support@makervolt.com" },
      address: { "@type": "PostalAddress", addressLocality: "San Jose", addressCountry: "US" },
    });
    expect((await request.get(`${baseURL}/images/share/logo.png`)).status()).toBe(200);
    expect(ofType(head, "WebSite")).toMatchObject({ name: "MakerVolt", url: `${baseURL}/` });
  });

  test("about and contact canonicalise to themselves", async ({ request, baseURL }) => {
    await expectIndexable(request, await serverHead(request, "/about"), `${baseURL}/about`);
    await expectIndexable(request, await serverHead(request, "/contact?from=footer"), `${baseURL}/contact`);
  });

  test("catalogue filters, sorts and views canonicalise to the plain category; pages to themselves", async ({
    request,
    baseURL,
  }) => {
    const filtered = await serverHead(request, "/products/sensors?sort=price-low&view=list&stock=1&min=2");
    await expectIndexable(request, filtered, `${baseURL}/products/sensors`);
    expect(ofType(filtered, "BreadcrumbList")).toMatchObject({
      itemListElement: [
        { position: 1, name: "Home", item: `${baseURL}/` },
        { position: 2, name: "Products", item: `${baseURL}/products` },
        { position: 3, name: "Sensors", item: `${baseURL}/products/sensors` },
      ],
    });
    expect((await serverHead(request, "/products?page=1&sort=rating")).canonical).toEqual([`${baseURL}/products`]);
    expect((await serverHead(request, "/products?page=2&view=list")).canonical).toEqual([`${baseURL}/products?page=2`]);
    expect((await serverHead(request, "/products/bogus")).canonical).toEqual([`${baseURL}/products`]);
  });

  test("search results, sign-in and sign-up say noindex (and stay crawlable)", async ({ request }) => {
    const search = await serverHead(request, "/products?search=sensor");
    expectNoindex(search, 200);
    expect(search.robots).toBe("noindex, follow");
    for (const url of ["/auth", "/auth?mode=sign-up"]) {
      const head = await serverHead(request, url);
      expectNoindex(head, 200);
      // Kept out of the index, but still a page with a description (Lighthouse's SEO audit).
      expect(head.meta.description, `description on ${url}`).toMatch(/^(Sign in to|Create) .*MakerVolt account/);
    }
    expect(await (await request.get("/robots.txt")).text()).not.toContain("/auth");
  });

  test("the 404 page and an unknown product say noindex", async ({ request }) => {
    expectNoindex(await serverHead(request, "/no-such-page"), 404);
    expectNoindex(await serverHead(request, "/product/999999"), 404);
    expectNoindex(await serverHead(request, "/product/not-a-number"), 404);
  });

  test("a product page: one canonical URL, a product preview, Product and BreadcrumbList JSON-LD", async ({
    request,
    baseURL,
  }) => {
    const head = await serverHead(request, "/product/1?tab=specifications&image=1&quantity=3");
    const url = `${baseURL}/product/1`;
    await expectIndexable(request, head, url);
    expect(head.meta["og:type"]).toBe("product");
    expect(head.meta["og:title"]).toBe("MAX98357A I2S Class-D Amplifier Breakout");
    expect(head.meta["og:image"]).toBe(
      `${baseURL}/images/share/products/max98357a-i2s-class-d-amplifier-breakout-1.png`,
    );
    expect(head.meta["product:price:amount"]).toBe("5.95");

    const product = ofType(head, "Product")!;
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      name: "MAX98357A I2S Class-D Amplifier Breakout",
      sku: "1",
      url,
      brand: { "@type": "Brand" },
      offers: {
        "@type": "Offer",
        price: "5.95",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
        url,
      },
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: 4.6,
        reviewCount: 212,
        bestRating: 5,
        worstRating: 1,
      },
    });
    expect(String(product.description)).toMatch(/^A tiny mono class-D amplifier/);
    const images = product.image as string[];
    expect(images[0]).toBe(head.meta["og:image"]);
    for (const image of images) expect((await request.get(image)).status(), image).toBe(200);

    expect(ofType(head, "BreadcrumbList")).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${baseURL}/` },
        { "@type": "ListItem", position: 2, name: "Products", item: `${baseURL}/products` },
        { "@type": "ListItem", position: 3, name: "Audio", item: `${baseURL}/products/audio` },
        { "@type": "ListItem", position: 4, name: "MAX98357A I2S Class-D Amplifier Breakout", item: url },
      ],
    });
  });

  test("offers say out of stock, show a sale's struck-out price, and rate only reviewed products", async ({
    request,
  }) => {
    const offers = async (id: number) =>
      (ofType(await serverHead(request, `/product/${id}`), "Product") ?? {}) as Record<string, unknown>;
    expect((await offers(7)).offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
    expect((await offers(2)).offers).toMatchObject({
      price: "4.95",
      priceSpecification: { priceType: "https://schema.org/StrikethroughPrice", price: "6.50", priceCurrency: "USD" },
    });
    const unreviewed = await offers(45);
    expect(unreviewed.name).toBe("Zigbee 3.0 USB Coordinator Dongle");
    expect(unreviewed).not.toHaveProperty("aggregateRating");
  });

  test("forwarded host headers from an untrusted client do not change the links", async ({ request, baseURL }) => {
    const head = await serverHead(request, "/about", {
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
    });
    expect(head.canonical).toEqual([`${baseURL}/about`]);
    expect(
      await (await request.get("/robots.txt", { headers: { "X-Forwarded-Host": "evil.example" } })).text(),
    ).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("the head follows the page: canonical, preview and JSON-LD change with a navigation", async ({
    page,
    hasJs,
    baseURL,
  }) => {
    const cspErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await page.goto("/");
    if (hasJs) {
      await waitForHydration(page);
      // Marks this document: it survives only if the next page arrives by client-side navigation.
      await page.evaluate(() => Object.assign(window, { seoSameDocument: true }));
    }
    const canonical = page.locator('head link[rel="canonical"]');
    await expect(canonical).toHaveAttribute("href", `${baseURL}/`);

    const featured = page
      .getByRole("region", { name: "Featured Products" })
      .getByRole("article")
      .first()
      .getByRole("link");
    const productPath = await followLink(page, featured);
    await page.waitForLoadState("load");
    await expect(canonical).toHaveCount(1);
    await expect(canonical).toHaveAttribute("href", `${baseURL}${productPath}`);
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();

    await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${productPath}`);
    await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute("content", "product");
    await expect(page.locator('head meta[name="twitter:title"]')).toHaveAttribute("content", name);
    const jsonLd = (await page.locator('head script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    expect(jsonLd.map((data) => data["@type"])).toEqual(["Product", "BreadcrumbList"]);
    expect(jsonLd[0]).toMatchObject({ name, url: `${baseURL}${productPath}` });
    if (hasJs) expect(await page.evaluate(() => "seoSameDocument" in window)).toBe(true);

    // And on to a search: the product's tags go, noindex comes.
    await page.goto("/products?search=sensor");
    await page.waitForLoadState("load");
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    await expect(canonical).toHaveCount(0);
    // JSON-LD blocks are data, never run: the CSP has nothing to say about them.
    expect(cspErrors).toEqual([]);
  });
});

test.describe("sitemap.xml and robots.txt", () => {
  test("the sitemap lists every page, category and product from the database, and validates", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
    const xml = await response.text();

    const xsd = readFileSync(path.resolve("tests/fixtures/sitemap.xsd"), "utf8");
    const result = await validateXML({
      xml: [{ fileName: "sitemap.xml", contents: xml }],
      schema: [{ fileName: "sitemap.xsd", contents: xsd }],
    });
    expect(result.errors.map((error) => error.message)).toEqual([]);
    expect(result.valid).toBe(true);

    const locations = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(new Set(locations).size).toBe(locations.length);
    const categories = [
      "audio",
      "components",
      "development-boards",
      "displays",
      "iot-wireless",
      "robotics",
      "sensors",
      "tools",
    ];
    expect(locations.slice(0, 12)).toEqual([
      `${baseURL}/`,
      `${baseURL}/about`,
      `${baseURL}/contact`,
      `${baseURL}/products`,
      ...categories.map((slug) => `${baseURL}/products/${slug}`),
    ]);

    // Every product the catalogue counts, each at its canonical URL.
    const catalogue = await (await request.get("/products")).text();
    const total = Number(/(\d+) products found/.exec(catalogue)?.[1]);
    const products = locations.slice(12);
    expect(products).toHaveLength(total);
    for (const location of products) expect(location).toMatch(new RegExp(`^${baseURL}/product/\\d+$`));
    const firstCard = /href="(\/product\/\d+)"/.exec(catalogue)?.[1];
    expect(products).toContain(`${baseURL}${firstCard}`);
    expect((await request.get(products.at(-1)!)).status()).toBe(200);
  });

  test("robots.txt points to the absolute sitemap and disallows only the POST-only endpoints", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).trim().split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines.filter((line) => /^(dis)?allow:/i.test(line))).toEqual([
      "Disallow: /search",
      "Disallow: /notice",
      "Disallow: /logout",
    ]);
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
