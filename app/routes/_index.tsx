import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ComponentType, SVGProps } from "react";

import { getProductRepository } from "~/backends/index.server";
import {
  ArrowRightIcon,
  BoltIcon,
  ChipIcon,
  ClockIcon,
  DisplayIcon,
  GaugeIcon,
  ResistorIcon,
  ReturnIcon,
  RobotIcon,
  SpeakerIcon,
  SupportIcon,
  TruckIcon,
  WifiIcon,
  WrenchIcon,
} from "~/components/icons";
import { NoticeButton } from "~/components/notice-button";
import { ProductCard } from "~/components/product-card";
import { CATEGORIES, categoryTitle, type CategorySlug } from "~/models/categories";
import { cataloguePath } from "~/models/catalogue-query";
import { FEATURED_PRODUCT_IDS } from "~/models/featured-products";
import { indexablePageMeta, siteOriginFrom } from "~/models/page-meta";
import { SITE_SHARE_IMAGE } from "~/models/share-image";
import { pageTitle, STORE_NAME } from "~/models/store";
import { organizationJsonLd, websiteJsonLd } from "~/models/structured-data";

const HEADING = "Electronic Components & Maker Supplies";

export const meta: MetaFunction = ({ matches }) => {
  const origin = siteOriginFrom(matches);
  return indexablePageMeta({
    origin,
    path: "/",
    title: pageTitle(HEADING),
    shareTitle: `${STORE_NAME}: ${HEADING}`,
    description: `${STORE_NAME} sells development boards, sensors, displays, IoT modules, robotics parts and tools for makers, students and engineers. Free shipping on orders over $50.`,
    image: SITE_SHARE_IMAGE,
    jsonLd: origin ? [organizationJsonLd(origin), websiteJsonLd(origin)] : [],
  });
};

// The featured products are a nice-to-have: if the database fails, the rest of home still
// renders, with a short note where the products would be.
export async function loader() {
  try {
    const repository = await getProductRepository();
    return { featured: await repository.getProducts(FEATURED_PRODUCT_IDS), featuredFailed: false };
  } catch (error) {
    console.error("home: featured products could not be loaded", error);
    return { featured: [], featuredFailed: true };
  }
}

const BENEFITS: { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { title: "Free Shipping", text: "On every order over $50", Icon: TruckIcon },
  { title: "30-Day Returns", text: "Hassle-free returns on every order", Icon: ReturnIcon },
  { title: "Same-Day Processing", text: "Orders ship the day you place them", Icon: ClockIcon },
  { title: "Technical Assistance", text: "Engineers ready to help with your build", Icon: SupportIcon },
];

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

/** Fixed (docs/pages.md#home); opening one shows the not-implemented notice. */
const TUTORIALS: { slug: string; title: string; description: string; category: CategorySlug; readMinutes: number }[] = [
  {
    slug: "esp32-weather-station",
    title: "Build a Wi-Fi Weather Station",
    description: "Log temperature, humidity and pressure from a BME280 to a live web dashboard served by an ESP32.",
    category: "iot-wireless",
    readMinutes: 15,
  },
  {
    slug: "arduino-first-steps",
    title: "Arduino First Steps: From Blink to Buttons",
    description: "Wire your first LED and push button on a breadboard and learn digital input and output.",
    category: "development-boards",
    readMinutes: 10,
  },
  {
    slug: "line-following-robot",
    title: "A Line-Following Robot in an Afternoon",
    description: "Combine IR sensors, a motor driver and two gear motors into a robot that follows a track.",
    category: "robotics",
    readMinutes: 25,
  },
];

const container = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";
const sectionHeading = "text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl";

export default function Home() {
  const { featured, featuredFailed } = useLoaderData<typeof loader>();
  return (
    <>
      {/* On this dark blue the page's blue focus ring would not show (WCAG 2.4.7): it turns white here. */}
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-800 via-brand-700 to-slate-900 text-white [&_:focus-visible]:outline-white">
        <div className={`${container} grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20`}>
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
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to={cataloguePath(null)}
                className="inline-flex min-h-12 items-center gap-2 rounded-lg bg-white px-6 font-semibold text-brand-700 shadow-sm hover:bg-blue-50"
              >
                Shop Now
                <ArrowRightIcon className="h-5 w-5" />
              </Link>
              <NoticeButton
                feature="explore-projects"
                className="inline-flex min-h-12 items-center rounded-lg px-6 font-semibold text-white ring-1 ring-inset ring-white/60 hover:bg-white/10"
              >
                Explore Projects
              </NoticeButton>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section aria-labelledby="benefits-heading" className="border-b border-slate-200 bg-slate-50">
        <h2 id="benefits-heading" className="sr-only">
          Why shop with {STORE_NAME}
        </h2>
        <ul className={`${container} grid gap-4 py-8 sm:grid-cols-2 lg:grid-cols-4`}>
          {BENEFITS.map(({ title, text, Icon }) => (
            <li key={title} className="flex items-start gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="h-6 w-6" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-heading" className={`${container} py-16`}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-heading" className={sectionHeading}>
              Featured Products
            </h2>
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
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {featured.map((product) => (
              <li key={product.id} className="flex">
                <div className="flex w-full flex-col [&>article]:flex-1">
                  <ProductCard product={product} headingLevel={3} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="categories-heading" className="bg-slate-50 py-16">
        <div className={container}>
          <h2 id="categories-heading" className={sectionHeading}>
            Shop by Category
          </h2>
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
        </div>
      </section>

      <section aria-labelledby="makers-heading" className={`${container} py-16`}>
        <h2 id="makers-heading" className={sectionHeading}>
          For Makers
        </h2>
        <p className="mt-2 text-slate-600">Step-by-step tutorials to get your next project off the bench.</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {TUTORIALS.map((tutorial) => (
            <li key={tutorial.slug} className="flex">
              <TutorialCard {...tutorial} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/**
 * The whole card is one button (a stretched pseudo-element), inside the NoticeButton's native
 * form; its name says what it opens, and the heading stays a heading.
 */
function TutorialCard({ title, description, category, readMinutes }: (typeof TUTORIALS)[number]) {
  return (
    <article className="group relative flex w-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 motion-reduce:transition-none">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-700">
          {categoryTitle(category)}
        </span>
        {/* Dropped by the flex layout; text browsers need it: "Robotics 25 min read". */}{" "}
        <span className="text-slate-600">{readMinutes} min read</span>
      </div>
      <h3 className="mt-4 text-lg font-semibold text-slate-900 group-hover:text-brand-700">{title}</h3>
      <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{description}</p>
      <NoticeButton
        feature="tutorial"
        aria-label={`Read tutorial: ${title}`}
        formClassName="mt-5"
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
      >
        Read tutorial
        <ArrowRightIcon className="h-4 w-4" />
      </NoticeButton>
    </article>
  );
}

/** A stylised development board: decoration only. */
function HeroIllustration() {
  return (
    <svg viewBox="0 0 400 300" aria-hidden="true" focusable="false" className="mx-auto hidden w-full max-w-md lg:block">
      <rect x="30" y="30" width="340" height="240" rx="18" fill="#0f172a" opacity="0.35" />
      <rect x="20" y="20" width="340" height="240" rx="18" fill="#1e3a8a" stroke="#93c5fd" strokeWidth="3" />
      {[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => (
        <circle key={`t${i}`} cx={60 + i * 24} cy="44" r="5" fill="#fbbf24" />
      ))}
      {[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => (
        <circle key={`b${i}`} cx={60 + i * 24} cy="236" r="5" fill="#fbbf24" />
      ))}
      <rect x="140" y="100" width="100" height="80" rx="6" fill="#0f172a" />
      {[0, 1, 2, 3, 4].map((i) => (
        <g key={`p${i}`} stroke="#cbd5e1" strokeWidth="4">
          <line x1={152 + i * 19} y1="92" x2={152 + i * 19} y2="100" />
          <line x1={152 + i * 19} y1="180" x2={152 + i * 19} y2="188" />
        </g>
      ))}
      <path d="M60 44v40h80M300 44v40h-60M60 236v-40h80M300 236v-40h-60" fill="none" stroke="#93c5fd" strokeWidth="3" />
      <path d="M196 112 176 146h16l-4 22 24-36h-16l4-20Z" fill="#fbbf24" />
      <rect x="280" y="120" width="50" height="40" rx="4" fill="#e2e8f0" />
      <circle cx="70" cy="140" r="14" fill="#f87171" />
      <circle cx="70" cy="140" r="6" fill="#fee2e2" />
    </svg>
  );
}
