import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";

import { getProductRepository } from "~/backends/index.server";
import type { ProductRepository } from "~/backends/types";
import { Breadcrumb } from "~/components/breadcrumb";
import { Gallery, galleryImages } from "~/components/gallery";
import { NoticeButton, NoticeForm } from "~/components/notice-button";
import { Price } from "~/components/price";
import { ProductCard } from "~/components/product-card";
import { parseTab, ProductTabs, type ProductTab } from "~/components/product-tabs";
import { parseQuantity, QuantityStepper } from "~/components/quantity-stepper";
import { Stars } from "~/components/stars";
import { StockBadge } from "~/components/stock-badge";
import { breadcrumbJsonLd } from "~/models/breadcrumb-list";
import { productPath } from "~/models/canonical";
import { categoryTitle } from "~/models/categories";
import { cataloguePath } from "~/models/catalogue-query";
import { indexablePageMeta, noindexPageMeta, siteOriginFrom } from "~/models/page-meta";
import type { Product } from "~/models/product";
import { queryParam } from "~/models/request-text";
import { pageTitle } from "~/models/store";
import { productJsonLd } from "~/models/structured-data";
import { backendFailureInit, withFailureHeaders } from "~/services/backend-failure.server";
import { productShareImage } from "~/services/share-images.server";

/** SPEC §9: at most this many key features, and this much of the description as meta description. */
const KEY_FEATURES = 5;
const META_DESCRIPTION_LENGTH = 160;
/** Parameters that only change what the page shows, never what the loader reads. */
const DISPLAY_PARAMS = ["image", "tab", "quantity"] as const;
const CART_FORM_ID = "add-to-cart";

/** A product id is a positive whole number; anything else cannot exist. */
function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

/** `?image=` as an index into the gallery; out of range or junk is the first image. */
function parseImageIndex(raw: string | null, count: number): number {
  if (raw == null || !/^\d{1,3}$/.test(raw)) return 0;
  const i = Number(raw);
  return i < count ? i : 0;
}

/** Shown as "Error: {message}" whatever went wrong; the cause goes to the server log only. */
export const PRODUCT_UNAVAILABLE = "This product is unavailable right now. Please try again in a minute.";

export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseProductId(params.id);
  if (id == null) return data({ kind: "not-found" as const }, { status: 404 });

  let repository: ProductRepository;
  let product: Product | null;
  try {
    repository = await getProductRepository();
    product = await repository.getProduct(id);
  } catch (error) {
    console.error(`product ${id}: fetching the product failed`, error);
    return data({ kind: "error" as const, message: PRODUCT_UNAVAILABLE }, backendFailureInit(error));
  }
  if (!product) return data({ kind: "not-found" as const }, { status: 404 });

  // Related products are a nice-to-have: a failure is logged and the page renders without them.
  let related: Product[] = [];
  try {
    related = await repository.relatedProducts(product);
  } catch (error) {
    console.error(`product ${id}: fetching related products failed`, error);
  }
  return data({ kind: "found" as const, product, related, shareImage: productShareImage(product) });
}

/** An outage's Retry-After reaches the page. */
export const headers: HeadersFunction = withFailureHeaders;

/** Switching image, tab or quantity is display state in the URL: no need to fetch the product again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutDisplayParams = (url: URL) => {
    const params = new URLSearchParams(url.search);
    DISPLAY_PARAMS.forEach((name) => params.delete(name));
    params.sort();
    return params.toString();
  };
  return withoutDisplayParams(currentUrl) === withoutDisplayParams(nextUrl) ? false : defaultShouldRevalidate;
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (data?.kind === "found") {
    const { product, shareImage } = data;
    const origin = siteOriginFrom(matches);
    const category = categoryTitle(product.category) ?? product.category;
    const path = productPath(product.id);
    const crumbs = [
      { name: "Home", path: "/" },
      { name: "Products", path: cataloguePath(null) },
      { name: category, path: cataloguePath(product.category) },
      { name: product.name, path },
    ];
    return indexablePageMeta({
      origin,
      // Tabs, gallery image and quantity are display state: one canonical URL per product.
      path,
      title: pageTitle(product.name),
      shareTitle: product.name,
      description: product.description.slice(0, META_DESCRIPTION_LENGTH),
      type: "product",
      image: shareImage,
      openGraph: {
        "product:price:amount": product.price.toFixed(2),
        "product:price:currency": "USD",
        "product:availability": product.inStock ? "in stock" : "out of stock",
      },
      jsonLd: origin ? [productJsonLd(product, { origin, shareImage }), breadcrumbJsonLd(crumbs, origin)] : [],
    });
  }
  if (data?.kind === "error") return noindexPageMeta({ title: pageTitle("Error"), follow: false });
  return noindexPageMeta({ title: pageTitle("Product not found") });
};

const pageClass = "mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8";

export default function ProductPage() {
  const loaderData = useLoaderData<typeof loader>();
  if (loaderData.kind === "not-found") {
    return (
      <div className={pageClass}>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Product not found.</h1>
        <p className="mt-4 text-slate-700">
          We could not find that product. It may have been removed, or the link may be mistyped.
        </p>
        <p className="mt-6">
          <a href="/products" className="font-semibold text-brand-700 underline underline-offset-4">
            Browse all products
          </a>
        </p>
      </div>
    );
  }
  if (loaderData.kind === "error") {
    return (
      <div className={pageClass}>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Product</h1>
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          Error: {loaderData.message}
        </p>
      </div>
    );
  }
  // A new product starts with its own image, tab and quantity.
  return <ProductDetail key={loaderData.product.id} product={loaderData.product} related={loaderData.related} />;
}

function ProductDetail({ product, related }: { product: Product; related: Product[] }) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith("/product/") &&
    navigation.location.pathname !== `/product/${product.id}`;

  const path = `/product/${product.id}`;
  // Display state from the URL, cleaned like every parameter (~/models/request-text), then parsed.
  const param = (name: (typeof DISPLAY_PARAMS)[number]) => queryParam(searchParams, name, { maxLength: 16 });
  const image = parseImageIndex(param("image"), galleryImages(product).length);
  const tab = parseTab(param("tab"));
  const quantity = parseQuantity(param("quantity"));
  /** This page with one display parameter changed; defaults are left out of the URL. */
  const hrefWith = (name: (typeof DISPLAY_PARAMS)[number], value: string, isDefault: boolean) => {
    const params = new URLSearchParams(searchParams);
    if (isDefault) params.delete(name);
    else params.set(name, value);
    const qs = params.toString();
    return qs ? `${path}?${qs}` : path;
  };
  const category = categoryTitle(product.category) ?? product.category;

  return (
    <div className={pageClass}>
      <Breadcrumb
        items={[
          { label: "Home", href: "/" },
          { label: "Products", href: "/products" },
          { label: category, href: cataloguePath(product.category) },
          { label: product.name },
        ]}
      />
      <p role="status" className={loading ? "mt-4 text-sm font-medium text-brand-700" : "sr-only"}>
        {loading ? "Loading product details..." : ""}
      </p>

      <div className={`mt-6 grid gap-8 md:grid-cols-2 lg:gap-12 ${loading ? "opacity-60" : ""}`}>
        <Gallery product={product} selected={image} hrefForImage={(i) => hrefWith("image", String(i), i === 0)} />

        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{category}</p>
          <h1 className="mt-1 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {product.name}
          </h1>
          <div className="mt-3">
            <Stars rating={product.rating} reviews={product.reviews} reviewsStyle="long" size="md" />
          </div>
          <div className="mt-4">
            <Price price={product.price} originalPrice={product.originalPrice} size="lg" />
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <StockBadge inStock={product.inStock} />
            {/* Dropped by the flex layout; text browsers need it: "In Stock 52 units available". */}{" "}
            {product.inStock && <span className="text-sm text-slate-700">{product.stockCount} units available</span>}
          </div>

          <div className="mt-6 flex flex-wrap items-end gap-4">
            {/* Without JavaScript − and + reload this page with ?quantity=N, keeping the tab and image. */}
            <QuantityStepper
              initial={quantity}
              stepAction={`${path}#quantity`}
              keep={[
                ...(searchParams.has("image") ? [["image", String(image)] as [string, string]] : []),
                ...(searchParams.has("tab") ? [["tab", tab] as [string, string]] : []),
              ]}
              cartFormId={CART_FORM_ID}
            />
            <NoticeForm feature="add-to-cart" id={CART_FORM_ID} className="flex flex-1 sm:flex-none">
              <button
                type="submit"
                disabled={!product.inStock}
                className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-lg bg-brand-600 px-6 text-base font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600"
              >
                Add to Cart
              </button>
            </NoticeForm>
          </div>
          <div className="mt-4 flex flex-wrap gap-3">
            <NoticeButton feature="wishlist" className={secondaryButton}>
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                strokeLinejoin="round"
                aria-hidden="true"
                focusable="false"
                className="h-5 w-5"
              >
                <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
              </svg>
              Add to wishlist
            </NoticeButton>
            <NoticeButton feature="share" className={secondaryButton}>
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                strokeLinecap="round"
                aria-hidden="true"
                focusable="false"
                className="h-5 w-5"
              >
                <circle cx="18" cy="5" r="2.5" />
                <circle cx="6" cy="12" r="2.5" />
                <circle cx="18" cy="19" r="2.5" />
                <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
              </svg>
              Share
            </NoticeButton>
          </div>

          {product.features.length > 0 && (
            <section aria-labelledby="features-heading" className="mt-8">
              <h2 id="features-heading" className="text-lg font-semibold text-slate-900">
                Key features
              </h2>
              <ul className="mt-3 space-y-2">
                {product.features.slice(0, KEY_FEATURES).map((feature, i) => (
                  <li key={`${i}-${feature}`} className="flex gap-2 text-slate-700">
                    <svg
                      viewBox="0 0 20 20"
                      fill="currentColor"
                      aria-hidden="true"
                      focusable="false"
                      className="mt-0.5 h-5 w-5 shrink-0 text-brand-600"
                    >
                      <path
                        fillRule="evenodd"
                        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4l3.3 3.3 7.3-7.3a1 1 0 0 1 1.4 0Z"
                        clipRule="evenodd"
                      />
                    </svg>
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <ul
            aria-label="Shopping notes"
            className="mt-8 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700 sm:grid-cols-3"
          >
            <li>
              <strong className="block text-slate-900">Free shipping</strong> on orders over $50
            </li>
            <li>
              <strong className="block text-slate-900">1-year warranty</strong> on every product
            </li>
            <li>
              <strong className="block text-slate-900">30-day return policy</strong> no questions asked
            </li>
          </ul>
        </div>
      </div>

      <ProductTabs
        product={product}
        selected={tab}
        hrefForTab={(t: ProductTab) => hrefWith("tab", t, t === "description")}
      />

      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-12 border-t border-slate-200 pt-10">
          <h2 id="related-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
            Related Products
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((p) => (
              <li key={p.id} className="flex">
                <div className="w-full">
                  <ProductCard product={p} headingLevel={3} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

const secondaryButton =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:border-brand-600 hover:text-brand-700";
