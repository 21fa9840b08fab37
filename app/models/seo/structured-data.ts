import { categoryTitle } from "../catalogue/categories";
import { CONTACT_DETAILS, POSTAL_ADDRESS } from "../content/contact-details";
import { isOnSale, type Product } from "../product/product";
import { SHOP_NAME } from "../site/shop";
import { absoluteUrl, productPath } from "./canonical";
import { LOGO_IMAGE, type ShareImage, SITE_SHARE_IMAGE } from "./share-image";

/**
 * schema.org JSON-LD (docs/seo.md#link-previews-and-structured-data); React Router escapes `<`, `>` and `&` in it, so
 * no product text can close the script element.
 */

export type JsonLd = { "@context": "https://schema.org"; "@type": string } & Record<string, unknown>;

const SCHEMA = "https://schema.org" as const;
const CURRENCY = "USD";
/** Reviews are 1 to 5 stars: an average outside that range cannot come from real reviews. */
const BEST_RATING = 5;
const WORST_RATING = 1;

/** The returns the shop promises (contact FAQ: 30 days, prepaid label, US only). */
function returnPolicy() {
  return {
    "@type": "MerchantReturnPolicy",
    applicableCountry: POSTAL_ADDRESS.countryCode,
    returnPolicyCountry: POSTAL_ADDRESS.countryCode,
    returnPolicyCategory: `${SCHEMA}/MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: 30,
    returnMethod: `${SCHEMA}/ReturnByMail`,
    returnFees: `${SCHEMA}/FreeReturn`,
  };
}

/** Money as schema.org wants it: a dot and two decimals, never float noise like 12.499999. */
function amount(value: number): string {
  return value.toFixed(2);
}

/**
 * A product's Product and Offer: its own share card first, as merchant listings take raster images only (ADR 008);
 * no rating of zero reviews, which is invalid.
 */
export function productJsonLd(product: Product, options: { origin: string; shareImage: ShareImage }): JsonLd {
  const { origin, shareImage } = options;
  const url = absoluteUrl(origin, productPath(product.id));
  const ownCard = shareImage.path !== SITE_SHARE_IMAGE.path;
  const images = [
    ...(ownCard ? [absoluteUrl(origin, shareImage.path)] : []),
    ...product.images.map((image) => absoluteUrl(origin, image)),
  ];
  const offer: Record<string, unknown> = {
    "@type": "Offer",
    url,
    price: amount(product.price),
    priceCurrency: CURRENCY,
    availability: `${SCHEMA}/${product.inStock ? "InStock" : "OutOfStock"}`,
    itemCondition: `${SCHEMA}/NewCondition`,
    seller: { "@type": "Organization", name: SHOP_NAME },
    hasMerchantReturnPolicy: returnPolicy(),
  };
  if (isOnSale(product)) {
    // The struck-out price the page shows next to the sale price.
    offer.priceSpecification = {
      "@type": "UnitPriceSpecification",
      priceType: `${SCHEMA}/StrikethroughPrice`,
      price: amount(product.originalPrice!),
      priceCurrency: CURRENCY,
    };
  }
  const data: JsonLd = {
    "@context": SCHEMA,
    "@type": "Product",
    "@id": `${url}#product`,
    name: product.name,
    description: product.description,
    url,
    sku: String(product.id),
    image: images,
    // The catalogue has no manufacturer column; a "Brand" specification wins when a product has one.
    brand: { "@type": "Brand", name: product.specifications.Brand?.trim() || SHOP_NAME },
    category: categoryTitle(product.category) ?? product.category,
    offers: offer,
  };
  if (product.reviews > 0 && product.rating >= WORST_RATING && product.rating <= BEST_RATING) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: product.rating,
      reviewCount: product.reviews,
      bestRating: BEST_RATING,
      worstRating: WORST_RATING,
    };
  }
  return data;
}

/** E.164-style "+1-555-123-4567" from the tel: link, the form schema.org examples use. */
function telephone(): string {
  const digits = CONTACT_DETAILS.phone.href.replace(/^tel:\+?/, "");
  const match = /^1(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return match ? `+1-${match[1]}-${match[2]}-${match[3]}` : `+${digits}`;
}

/** The home page's Organization (an OnlineStore): name, logo, contact and address. */
export function organizationJsonLd(origin: string): JsonLd {
  const home = absoluteUrl(origin, "/");
  return {
    "@context": SCHEMA,
    "@type": "OnlineStore",
    "@id": `${home}#organization`,
    name: SHOP_NAME,
    url: home,
    logo: {
      "@type": "ImageObject",
      url: absoluteUrl(origin, LOGO_IMAGE.path),
      width: LOGO_IMAGE.width,
      height: LOGO_IMAGE.height,
    },
    email: CONTACT_DETAILS.email,
    telephone: telephone(),
    foundingDate: "2018",
    address: {
      "@type": "PostalAddress",
      streetAddress: POSTAL_ADDRESS.street,
      addressLocality: POSTAL_ADDRESS.locality,
      addressRegion: POSTAL_ADDRESS.region,
      postalCode: POSTAL_ADDRESS.postalCode,
      addressCountry: POSTAL_ADDRESS.countryCode,
    },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: telephone(),
      email: CONTACT_DETAILS.email,
      areaServed: POSTAL_ADDRESS.countryCode,
      availableLanguage: "English",
    },
    hasMerchantReturnPolicy: returnPolicy(),
  };
}

/** The site's name for Google's site-name feature (home page only). */
export function websiteJsonLd(origin: string): JsonLd {
  const home = absoluteUrl(origin, "/");
  return {
    "@context": SCHEMA,
    "@type": "WebSite",
    "@id": `${home}#website`,
    name: SHOP_NAME,
    url: home,
    publisher: { "@id": `${home}#organization` },
  };
}
