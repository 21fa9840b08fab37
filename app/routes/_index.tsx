import type { ComponentType, SVGProps } from "react";
import { data } from "react-router";
import { Link } from "react-router";

import { getProductRepository } from "~/backends/index.server";
import { ProductGrid } from "~/components/catalogue/product-grid";
import {
  ChipIcon,
  DisplayIcon,
  GaugeIcon,
  ResistorIcon,
  RobotIcon,
  SpeakerIcon,
  WifiIcon,
  WrenchIcon,
} from "~/components/content/category-icons";
import { DarkBandActions, onDarkOutlineButtonClass } from "~/components/content/dark-band-actions";
import { HeroIllustration } from "~/components/content/hero-illustration";
import { ShopBenefits } from "~/components/content/shop-benefits";
import { TutorialCard } from "~/components/content/tutorial-card";
import { NoticeButton, NoticeForm } from "~/components/forms/notice-form";
import { container, Hero, PageSection, SectionHeading } from "~/components/layout/page-section";
import { ArrowRightIcon, BoltIcon } from "~/components/ui/icons";
import { logger } from "~/lib/log.server";
import { cataloguePath } from "~/models/catalogue/catalogue-query";
import { CATEGORIES, type CategorySlug } from "~/models/catalogue/categories";
import { FEATURED_PRODUCT_IDS } from "~/models/catalogue/featured-products";
import { TUTORIALS } from "~/models/content/tutorials";
import { toProductSummaries } from "~/models/product/product-summary";
import { indexablePageMeta, siteOriginFrom } from "~/models/seo/page-meta";
import { SITE_SHARE_IMAGE } from "~/models/seo/share-image";
import { organizationJsonLd, websiteJsonLd } from "~/models/seo/structured-data";
import { pageTitle, SHOP_NAME } from "~/models/site/shop";
import { sharedPageHeaders } from "~/services/shared-pages.server";

import type { Route } from "./+types/_index";

const HEADING = "Electronic Components & Maker Supplies";

// The featured products are a nice-to-have: if the database fails, the rest of home still
// renders, with a short note where the products would be. That page is not kept by any cache
// (no-store, which sharedPageHeaders passes on), so the outage ends for shoppers when it ends.
export async function loader() {
  try {
    const repository = await getProductRepository();
    const featured = await repository.getProducts(FEATURED_PRODUCT_IDS);
    return data({ featured: toProductSummaries(featured), featuredFailed: false });
  } catch (error) {
    logger().error({ err: error }, "home: featured products could not be loaded");
    return data({ featured: [], featuredFailed: true }, { headers: { "Cache-Control": "no-store" } });
  }
}

/** The same page for every anonymous visitor: a shared cache may keep it (not with its featured products missing). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = siteOriginFrom(matches);
  return indexablePageMeta({
    origin,
    path: "/",
    title: pageTitle(HEADING),
    shareTitle: `${SHOP_NAME}: ${HEADING}`,
    description: `${SHOP_NAME} sells development boards, sensors, displays, IoT modules, robotics parts and tools for makers, students and engineers. Free shipping on orders over $50.`,
    image: SITE_SHARE_IMAGE,
    jsonLd: origin ? [organizationJsonLd(origin), websiteJsonLd(origin)] : [],
  });
};

const CATEGORY_ICONS: Record<CategorySlug, ComponentType<SVGProps<SVGSVGElement>>> = {
  audio: SpeakerIcon,
  components: ResistorIcon,
  "development-boards": ChipIcon,
  displays: DisplayIcon,
  "iot-wireless": WifiIcon,
  robotics: RobotIcon,
  sensors: GaugeIcon,
  tools: WrenchIcon,
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, featuredFailed } = loaderData;
  return (
    <>
      <Hero className="grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-blue-50 ring-1 ring-white/20">
            <BoltIcon className="h-4 w-4" />
            Parts for every build, shipped the same day
          </p>
          <h1 className="mt-5 text-3xl font-extrabold tracking-tight min-[400px]:text-4xl sm:text-5xl">{HEADING}</h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-blue-50">
            Development boards, sensors, displays, IoT modules, robotics parts and tools for hobbyists, students and
            engineers — with real people ready to help with your project.
          </p>
          <DarkBandActions shopLabel="Shop Now">
            <NoticeButton feature="explore-projects" className={onDarkOutlineButtonClass}>
              Explore Projects
            </NoticeButton>
          </DarkBandActions>
        </div>
        <HeroIllustration />
      </Hero>

      <ShopBenefits />

      <section aria-labelledby="featured-heading" className={`${container} py-16`}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <SectionHeading id="featured-heading">Featured Products</SectionHeading>
            <p className="mt-2 text-slate-600">Hand-picked favourites from our workshop.</p>
          </div>
          <Link
            to={cataloguePath(null)}
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          >
            View all products
            <ArrowRightIcon className="h-4 w-4" />
          </Link>
        </div>
        {featuredFailed ? (
          <p className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-6 text-slate-700">
            Featured products are unavailable right now. Please{" "}
            <Link to={cataloguePath(null)} className="font-semibold text-brand-700 underline">
              browse the catalogue
            </Link>
            .
          </p>
        ) : (
          <ProductGrid products={featured} className="mt-8" />
        )}
      </section>

      <PageSection headingId="categories-heading" title="Shop by Category" tinted>
        <p className="mt-2 text-slate-600">Everything you need, from the first LED to the finished robot.</p>
        <ul className="mt-8 grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
          {CATEGORIES.map(({ slug, title }) => {
            const Icon = CATEGORY_ICONS[slug];
            return (
              <li key={slug}>
                <Link
                  to={cataloguePath(slug)}
                  className="group flex h-full min-h-24 items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-600 motion-reduce:transition-none"
                >
                  <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 group-hover:bg-brand-600 group-hover:text-white">
                    <Icon className="h-6 w-6" />
                  </span>
                  <span className="font-semibold text-slate-900">{title}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </PageSection>

      <PageSection headingId="makers-heading" title="For Makers">
        <p className="mt-2 text-slate-600">Step-by-step tutorials to get your next project off the bench.</p>
        <NoticeForm feature="tutorial">
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {TUTORIALS.map((tutorial) => (
              <li key={tutorial.slug} className="flex">
                <TutorialCard {...tutorial} />
              </li>
            ))}
          </ul>
        </NoticeForm>
      </PageSection>
    </>
  );
}
