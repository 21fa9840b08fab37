import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";

import { GaugeIcon } from "~/components/content/category-icons";
import { DarkBandActions, onDarkOutlineButtonClass } from "~/components/content/dark-band-actions";
import { container, Hero, PageSection, SectionHeading } from "~/components/layout/page-section";
import { BoltIcon, ChatIcon } from "~/components/ui/icons";
import { CATEGORIES } from "~/models/catalogue/categories";
import { indexablePageMeta, siteOriginFrom } from "~/models/seo/page-meta";
import { SITE_SHARE_IMAGE } from "~/models/seo/share-image";
import { pageTitle, SHOP_NAME } from "~/models/site/shop";
import { sharedPageHeaders } from "~/services/shared-pages.server";

import type { Route } from "./+types/about";

const HEADING = "About Us";

/** The same page for every anonymous visitor: a shared cache may keep it. */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  indexablePageMeta({
    origin: siteOriginFrom(matches),
    path: "/about",
    title: pageTitle(HEADING),
    shareTitle: `About ${SHOP_NAME}`,
    description: `Since 2018 ${SHOP_NAME} has supplied genuine electronic components, boards and tools to makers, students and engineers. Meet the team and what we stand for.`,
    image: SITE_SHARE_IMAGE,
  });

const VALUES: { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  {
    title: "Quality First",
    text: "Every part comes from its manufacturer or an authorised distributor and is checked before it ships, so your build works the first time.",
    Icon: GaugeIcon,
  },
  {
    title: "Community Focused",
    text: "We sponsor makerspaces and school clubs, publish free tutorials, and answer every question — whether it is your first LED or your hundredth robot.",
    Icon: ChatIcon,
  },
  {
    title: "Innovation Driven",
    text: "We stock the newest boards and sensors as soon as they are ready, and test them ourselves so we can tell you what they are good for.",
    Icon: BoltIcon,
  },
];

const TEAM = [
  { name: "Sarah Chen", role: "Founder & CEO", initials: "SC", tone: "bg-brand-600" },
  { name: "Marcus Johnson", role: "Head of Engineering", initials: "MJ", tone: "bg-emerald-700" },
  { name: "Priya Patel", role: "Customer Experience Lead", initials: "PP", tone: "bg-violet-700" },
  { name: "David Kim", role: "Community & Education Manager", initials: "DK", tone: "bg-amber-700" },
];

const FACTS = [
  { value: "2018", label: "Founded" },
  { value: String(CATEGORIES.length), label: "Product categories" },
  { value: "24 h", label: "Support reply time" },
  { value: "30 days", label: "To return any order" },
];

export default function About() {
  return (
    <>
      <Hero className="py-16 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-wide text-blue-100">About {SHOP_NAME}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{HEADING}</h1>
        <p className="mt-5 max-w-2xl text-lg leading-8 text-blue-50">
          We are makers who built the electronics shop we always wanted: genuine parts, honest advice and fast shipping
          for everyone from curious beginners to professional engineers.
        </p>
      </Hero>

      <section aria-labelledby="mission-heading" className={`${container} grid gap-12 py-16 lg:grid-cols-2`}>
        <div>
          <SectionHeading id="mission-heading">Our Mission</SectionHeading>
          <p className="mt-4 text-lg leading-8 text-slate-700">
            To make electronics accessible to everyone who wants to build something — by offering quality components at
            fair prices, explaining how to use them, and standing behind every order.
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {FACTS.map(({ value, label }) => (
            <div key={label} className="rounded-xl border border-slate-200 bg-slate-50 p-5">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-brand-700">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <PageSection headingId="story-heading" title="Our Story" tinted prose>
        <div className="mt-4 space-y-4 text-lg leading-8 text-slate-700">
          <p>
            {SHOP_NAME} was founded in 2018 by a small group of engineers and hobbyists who were tired of waiting weeks
            for parts, guessing whether a module was genuine, and finding no one to ask when a circuit would not work.
          </p>
          <p>
            We started with a garage full of development boards and a promise to ship every order the same day. Today
            our catalogue spans eight categories, from components and sensors to robotics kits and bench tools, and our
            support team still answers every question within 24 hours.
          </p>
        </div>
      </PageSection>

      <PageSection headingId="values-heading" title="Our Values">
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {VALUES.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="h-6 w-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection headingId="team-heading" title="Meet the Team" tinted>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM.map(({ name, role, initials, tone }) => (
            <li key={name} className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
              <span
                aria-hidden="true"
                className={`mx-auto inline-flex h-20 w-20 items-center justify-center rounded-full text-2xl font-bold text-white ${tone}`}
              >
                {initials}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{name}</h3>
              <p className="mt-1 text-sm text-slate-600">{role}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="cta-heading" className={`${container} py-16`}>
        <div className="rounded-2xl bg-brand-700 px-6 py-12 text-center text-white sm:px-12 [&_:focus-visible]:outline-white">
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Ready to start your next project?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-blue-50">
            Browse the catalogue, or tell us what you are building and we will help you choose the parts.
          </p>
          <DarkBandActions shopLabel="Shop Products" className="justify-center">
            <Link to="/contact" className={onDarkOutlineButtonClass}>
              Contact Us
            </Link>
          </DarkBandActions>
        </div>
      </section>
    </>
  );
}
