import type { ContextType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Meta,
  type MetaFunction,
  StaticRouterProvider,
  UNSAFE_FrameworkContext,
} from "react-router";
import { describe, expect, it } from "vitest";

import { CONTACT_DETAILS } from "~/models/content/contact-details";
import type { Product } from "~/models/product/product";
import { breadcrumbJsonLd } from "~/models/seo/breadcrumb-list";
import { type ShareImage, SITE_SHARE_IMAGE } from "~/models/seo/share-image";
import { organizationJsonLd, productJsonLd, websiteJsonLd } from "~/models/seo/structured-data";

/**
 * The JSON-LD builders against Google's rich-result rules: required properties present, every
 * URL absolute, ratings only with reviews; and the script element React Router renders them into.
 */

const ORIGIN = "https://www.makervolt.com";
const CARD: ShareImage = { path: "/images/share/products/esp32-1.png", width: 1200, height: 630, alt: "ESP32" };

function product(changes: Partial<Product> = {}): Product {
  return {
    id: 7,
    name: "ESP32 DevKit",
    description: "A Wi-Fi and Bluetooth board.",
    category: "iot-wireless",
    price: 9.5,
    originalPrice: null,
    inStock: true,
    stockCount: 12,
    rating: 4.5,
    reviews: 120,
    image: "/images/products/esp32-1.svg",
    images: ["/images/products/esp32-1.svg", "/images/products/esp32-2.svg"],
    features: ["Dual core"],
    specifications: { Interface: "USB" },
    ...changes,
  };
}

const isAbsolute = (url: unknown) => typeof url === "string" && /^https:\/\/www\.makervolt\.com\//.test(url);

describe("productJsonLd (merchant listing and product snippet)", () => {
  const data = productJsonLd(product(), { origin: ORIGIN, shareImage: CARD });
  const offer = data.offers as Record<string, unknown>;

  it("has Google's required properties: name, image, and an Offer with a price above zero in USD", () => {
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe("ESP32 DevKit");
    expect(Array.isArray(data.image) && data.image.length > 0 && data.image.every(isAbsolute)).toBe(true);
    expect(offer["@type"]).toBe("Offer");
    expect(offer.price).toBe("9.50");
    expect(Number(offer.price)).toBeGreaterThan(0);
    expect(offer.priceCurrency).toBe("USD");
  });

  it("has the recommended ones: description, sku, brand, availability, condition and the offer's URL", () => {
    expect(data.description).toBe("A Wi-Fi and Bluetooth board.");
    expect(data.sku).toBe("7");
    expect(data.brand).toEqual({ "@type": "Brand", name: "MakerVolt" });
    expect(offer.availability).toBe("https://schema.org/InStock");
    expect(offer.itemCondition).toBe("https://schema.org/NewCondition");
    expect(offer.url).toBe(`${ORIGIN}/product/7`);
    expect(data.url).toBe(`${ORIGIN}/product/7`);
    expect(offer.hasMerchantReturnPolicy).toMatchObject({
      applicableCountry: "US",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: 30,
    });
  });

  it("lists the raster card first (merchant listings take no SVG), then the illustrations", () => {
    expect(data.image).toEqual([
      `${ORIGIN}/images/share/products/esp32-1.png`,
      `${ORIGIN}/images/products/esp32-1.svg`,
      `${ORIGIN}/images/products/esp32-2.svg`,
    ]);
    // The shop's card does not show the product: a product without its own card lists its illustrations only.
    const fallback = productJsonLd(product(), { origin: ORIGIN, shareImage: SITE_SHARE_IMAGE });
    expect(fallback.image).toEqual([`${ORIGIN}/images/products/esp32-1.svg`, `${ORIGIN}/images/products/esp32-2.svg`]);
  });

  it("rates on a 1-5 scale with the review count", () => {
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 120,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("leaves out the rating when there are no reviews, or when it cannot come from 1-5 star reviews", () => {
    expect(productJsonLd(product({ rating: 0, reviews: 0 }), { origin: ORIGIN, shareImage: CARD })).not.toHaveProperty(
      "aggregateRating",
    );
    expect(
      productJsonLd(product({ rating: 4.2, reviews: 0 }), { origin: ORIGIN, shareImage: CARD }),
    ).not.toHaveProperty("aggregateRating");
    expect(
      productJsonLd(product({ rating: 0.5, reviews: 3 }), { origin: ORIGIN, shareImage: CARD }),
    ).not.toHaveProperty("aggregateRating");
  });

  it("says OutOfStock for a product out of stock", () => {
    const sold = productJsonLd(product({ inStock: false, stockCount: 0 }), { origin: ORIGIN, shareImage: CARD });
    expect((sold.offers as Record<string, unknown>).availability).toBe("https://schema.org/OutOfStock");
  });

  it("gives a sale's struck-out price as a StrikethroughPrice, and none without a sale", () => {
    const sale = productJsonLd(product({ price: 9.5, originalPrice: 12 }), { origin: ORIGIN, shareImage: CARD });
    expect((sale.offers as Record<string, unknown>).price).toBe("9.50");
    expect((sale.offers as Record<string, unknown>).priceSpecification).toEqual({
      "@type": "UnitPriceSpecification",
      priceType: "https://schema.org/StrikethroughPrice",
      price: "12.00",
      priceCurrency: "USD",
    });
    expect(offer).not.toHaveProperty("priceSpecification");
    // An original price at or below the price is no sale.
    const notSale = productJsonLd(product({ originalPrice: 9.5 }), { origin: ORIGIN, shareImage: CARD });
    expect(notSale.offers).not.toHaveProperty("priceSpecification");
  });

  it("takes the brand from a Brand specification when a product has one", () => {
    const branded = productJsonLd(product({ specifications: { Brand: "Espressif" } }), {
      origin: ORIGIN,
      shareImage: CARD,
    });
    expect(branded.brand).toEqual({ "@type": "Brand", name: "Espressif" });
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers the items from 1 with absolute URLs, the page itself last", () => {
    const data = breadcrumbJsonLd(
      [
        { name: "Home", path: "/" },
        { name: "Products", path: "/products" },
        { name: "IoT & Wireless", path: "/products/iot-wireless" },
        { name: "ESP32 DevKit", path: "/product/7" },
      ],
      ORIGIN,
    );
    expect(data["@type"]).toBe("BreadcrumbList");
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
      { "@type": "ListItem", position: 2, name: "Products", item: `${ORIGIN}/products` },
      { "@type": "ListItem", position: 3, name: "IoT & Wireless", item: `${ORIGIN}/products/iot-wireless` },
      { "@type": "ListItem", position: 4, name: "ESP32 DevKit", item: `${ORIGIN}/product/7` },
    ]);
  });
});

describe("organizationJsonLd and websiteJsonLd (home page)", () => {
  const organization = organizationJsonLd(ORIGIN);

  it("names the shop with its URL and a raster logo", () => {
    expect(organization["@type"]).toBe("OnlineStore");
    expect(organization.name).toBe("MakerVolt");
    expect(organization.url).toBe(`${ORIGIN}/`);
    expect(organization.logo).toEqual({
      "@type": "ImageObject",
      url: `${ORIGIN}/images/share/logo.png`,
      width: 512,
      height: 512,
    });
  });

  it("gives the contact details and address the footer shows", () => {
    expect(organization.contactPoint).toMatchObject({
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: "+1-555-123-4567",
      email: CONTACT_DETAILS.email,
    });
    expect(organization.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "123 Circuit Lane, Suite 400",
      addressLocality: "San Jose",
      addressRegion: "CA",
      postalCode: "95110",
      addressCountry: "US",
    });
    expect(CONTACT_DETAILS.address).toEqual(["123 Circuit Lane, Suite 400", "San Jose, CA 95110", "United States"]);
  });

  it("names the web site and points to the organization", () => {
    expect(websiteJsonLd(ORIGIN)).toEqual({
      "@context": "https://schema.org",
      "@type": "WebSite",
      "@id": `${ORIGIN}/#website`,
      name: "MakerVolt",
      url: `${ORIGIN}/`,
      publisher: { "@id": organization["@id"] },
    });
  });
});

/** Renders React Router's <Meta /> for one route whose meta function is `meta`, as the server does. */
async function renderMeta(meta: MetaFunction): Promise<string> {
  const handler = createStaticHandler([{ id: "root", path: "/", loader: () => null, Component: Meta }]);
  const context = await handler.query(new Request(`${ORIGIN}/`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  // Meta reads only the route modules and the SPA flag from the framework's context.
  const framework = { routeModules: { root: { meta, default: Meta } }, isSpaMode: false } as unknown as ContextType<
    typeof UNSAFE_FrameworkContext
  >;
  return renderToString(
    <UNSAFE_FrameworkContext.Provider value={framework}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </UNSAFE_FrameworkContext.Provider>,
  );
}

describe("the JSON-LD script element", () => {
  it("cannot be closed or turned into a comment by product text", async () => {
    const hostile = product({
      name: "Board </script><script>alert(1)</script>",
      description: "Fine print <!-- hidden --> & more </SCRIPT> \u2028 end",
    });
    const data = productJsonLd(hostile, { origin: ORIGIN, shareImage: CARD });
    const html = await renderMeta(() => [{ "script:ld+json": data }]);

    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain("<!--");
    expect(html).not.toContain("<script>");
    const body = /<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(html)?.[1];
    expect(JSON.parse(body!)).toEqual(data);
  });
});
