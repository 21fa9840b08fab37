import { data } from "react-router";
import { type ShouldRevalidateFunction, useNavigation, useSearchParams } from "react-router";

import { getProductRepository } from "~/backends/index.server";
import { relatedProducts } from "~/backends/related-products.server";
import type { ProductRepository } from "~/backends/types.server";
import { findWithdrawnProduct } from "~/backends/withdrawn-product.server";
import { Breadcrumb } from "~/components/layout/breadcrumb";
import { Gallery, galleryImages } from "~/components/product/gallery";
import { KeyFeatures } from "~/components/product/key-features";
import { ProductPurchase } from "~/components/product/product-purchase";
import { ProductTabs } from "~/components/product/product-tabs";
import { RelatedProducts } from "~/components/product/related-products";
import { ShoppingNotes } from "~/components/product/shopping-notes";
import { Price } from "~/components/ui/price";
import { Stars } from "~/components/ui/stars";
import { StockBadge } from "~/components/ui/stock-badge";
import { logger } from "~/lib/log.server";
import { cataloguePath } from "~/models/catalogue/catalogue-query";
import { categoryTitle } from "~/models/catalogue/categories";
import type { Product } from "~/models/product/product";
import {
  displayFieldsBesideQuantity,
  isOtherProductPath,
  onlyDisplayChanged,
  parseProductDisplay,
  parseProductId,
  productDisplayHref,
} from "~/models/product/product-query";
import { type ProductSummary, toProductSummaries } from "~/models/product/product-summary";
import { breadcrumbJsonLd } from "~/models/seo/breadcrumb-list";
import { productPath } from "~/models/seo/canonical";
import { indexablePageMeta, noindexPageMeta, siteOriginFrom } from "~/models/seo/page-meta";
import { productJsonLd } from "~/models/seo/structured-data";
import { pageTitle } from "~/models/site/shop";
import { backendFailureInit } from "~/services/backend-failure.server";
import { productShareImage } from "~/services/share-images.server";
import { sharedPageHeaders } from "~/services/shared-pages.server";

import type { Route } from "./+types/product.$id";

/** At most this much of the description becomes the meta description. */
const META_DESCRIPTION_LENGTH = 160;

/** Shown as "Error: {message}" whatever went wrong; the cause goes to the server log only. */
export const PRODUCT_UNAVAILABLE = "This product is unavailable right now. Please try again in a minute.";

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  if (id == null) return data({ kind: "not-found" as const }, { status: 404 });

  let repository: ProductRepository;
  let product: Product | null;
  try {
    repository = await getProductRepository();
    product = await repository.getProduct(id);
    // No longer sold: 410 Gone, so crawlers drop it and shoppers learn it is not a broken link.
    const withdrawn = product ? null : await withdrawnOrNull(id);
    if (withdrawn) return data({ kind: "withdrawn" as const, withdrawn }, { status: 410 });
  } catch (error) {
    logger().error({ err: error }, `product ${id}: fetching the product failed`);
    return data({ kind: "error" as const, message: PRODUCT_UNAVAILABLE }, backendFailureInit(error));
  }
  if (!product) return data({ kind: "not-found" as const }, { status: 404 });

  // Related products are a nice-to-have: a failure is logged and the page renders without them.
  let related: ProductSummary[] = [];
  try {
    related = toProductSummaries(await relatedProducts(repository, product));
  } catch (error) {
    logger().error({ err: error }, `product ${id}: fetching related products failed`);
  }
  return data({ kind: "found" as const, product, related, shareImage: productShareImage(product) });
}

/**
 * The withdrawn product with this id, or null. A failure is logged and read as "not found": a hosted
 * project that lacks the migration defining `withdrawn_product` still answers 404 for an unknown id.
 */
async function withdrawnOrNull(id: number) {
  try {
    return await findWithdrawnProduct(id);
  } catch (error) {
    logger().error({ err: error }, `product ${id}: asking whether it was withdrawn failed`);
    return null;
  }
}

/** The same page for every anonymous visitor: a shared cache may keep it (an outage's answer excepted). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

/** Switching image, tab or quantity is display state in the URL: no need to fetch the product again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return onlyDisplayChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (loaderData?.kind === "found") {
    const { product, shareImage } = loaderData;
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
  if (loaderData?.kind === "error") return noindexPageMeta({ title: pageTitle("Error"), follow: false });
  if (loaderData?.kind === "withdrawn")
    return noindexPageMeta({ title: pageTitle(`${loaderData.withdrawn.name}: no longer sold`) });
  return noindexPageMeta({ title: pageTitle("Product not found") });
};

const pageClass = "mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8";

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "not-found") {
    return (
      <div className={pageClass}>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Product not found.</h1>
        <p className="mt-4 text-slate-700">
          We could not find that product. It may have been removed, or the link may be mistyped.
        </p>
        <p className="mt-6">
          <a href={cataloguePath(null)} className="font-semibold text-brand-700 underline underline-offset-4">
            Browse all products
          </a>
        </p>
      </div>
    );
  }
  if (loaderData.kind === "withdrawn") {
    const { name, category } = loaderData.withdrawn;
    const title = categoryTitle(category) ?? category;
    return (
      <div className={pageClass}>
        <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">{name}</h1>
        <p className="mt-4 text-slate-700">We no longer sell this product.</p>
        <p className="mt-6">
          <a href={cataloguePath(category)} className="font-semibold text-brand-700 underline underline-offset-4">
            Browse {title}
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

function ProductDetail({ product, related }: { product: Product; related: ProductSummary[] }) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && isOtherProductPath(navigation.location.pathname, product.id);
  const display = parseProductDisplay(searchParams, galleryImages(product).length);
  const category = categoryTitle(product.category) ?? product.category;

  return (
    <div className={pageClass}>
      <Breadcrumb
        items={[
          { label: "Home", href: "/" },
          { label: "Products", href: cataloguePath(null) },
          { label: category, href: cataloguePath(product.category) },
          { label: product.name },
        ]}
      />
      <p role="status" className={loading ? "mt-4 text-sm font-medium text-brand-700" : "sr-only"}>
        {loading ? "Loading product details..." : ""}
      </p>

      <div className={`mt-6 grid gap-8 md:grid-cols-2 lg:gap-12 ${loading ? "opacity-60" : ""}`}>
        <Gallery
          product={product}
          selected={display.image}
          hrefForImage={(image) => productDisplayHref(product.id, searchParams, { image })}
        />

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
          <ProductPurchase
            inStock={product.inStock}
            quantity={display.quantity}
            stepAction={`${productPath(product.id)}#quantity`}
            keep={displayFieldsBesideQuantity(searchParams, display)}
          />
          <KeyFeatures features={product.features} />
          <ShoppingNotes />
        </div>
      </div>

      <ProductTabs
        product={product}
        selected={display.tab}
        hrefForTab={(tab) => productDisplayHref(product.id, searchParams, { tab })}
      />
      <RelatedProducts products={related} />
    </div>
  );
}
