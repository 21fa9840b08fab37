import { Link } from "@remix-run/react";
import type { ComponentType, SVGProps } from "react";

import { BoltIcon, ChatIcon, CameraIcon, CodeIcon, MailIcon, PhoneIcon, PinIcon, PlayIcon } from "~/components/icons";
import { NoticeButton, NoticeForm } from "~/components/notice-button";
import { CONTACT_DETAILS } from "~/models/contact-details";
import { STORE_NAME } from "~/models/store";

/** Support topics the shop has no pages for yet: each shows the not-implemented notice. */
const SUPPORT_NOTICES = [
  { feature: "faq", label: "FAQ" },
  { feature: "shipping-information", label: "Shipping Information" },
  { feature: "returns-exchanges", label: "Returns & Exchanges" },
  { feature: "warranty", label: "Warranty" },
  { feature: "technical-support", label: "Technical Support" },
] as const;

const SOCIAL_NETWORKS: { feature: string; network: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { feature: "social-github", network: "GitHub", Icon: CodeIcon },
  { feature: "social-youtube", network: "YouTube", Icon: PlayIcon },
  { feature: "social-instagram", network: "Instagram", Icon: CameraIcon },
  { feature: "social-discord", network: "Discord", Icon: ChatIcon },
];

const LEGAL_NOTICES = [
  { feature: "privacy-policy", label: "Privacy Policy" },
  { feature: "terms-of-service", label: "Terms of Service" },
] as const;

const heading = "text-sm font-semibold uppercase tracking-wide text-white";
const footerLink =
  "inline-flex min-h-8 items-center rounded text-left text-sm text-slate-300 underline-offset-4 hover:text-white hover:underline";

export function SiteFooter() {
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300 [&_:focus-visible]:outline-blue-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <section aria-labelledby="footer-about-heading">
          <h2 id="footer-about-heading" className="flex items-center gap-2 text-lg font-bold text-white">
            <BoltIcon className="h-5 w-5 text-blue-400" />
            About Us
          </h2>
          <p className="mt-3 text-sm leading-6">
            {STORE_NAME} supplies electronic components, development boards, sensors and tools to
            hobbyists, students, makers and engineers — with friendly, expert help for every build.
          </p>
          <address className="mt-4 space-y-2 text-sm not-italic">
            <p className="flex items-start gap-2">
              <PhoneIcon className="mt-1.5 h-4 w-4 shrink-0 text-slate-400" />
              <a href={CONTACT_DETAILS.phone.href} className={footerLink}>
                {CONTACT_DETAILS.phone.display}
              </a>
            </p>
            <p className="flex items-start gap-2">
              <MailIcon className="mt-1.5 h-4 w-4 shrink-0 text-slate-400" />
              <a href={`mailto:${CONTACT_DETAILS.email}`} className={`${footerLink} break-all`}>
                {CONTACT_DETAILS.email}
              </a>
            </p>
            <p className="flex items-start gap-2">
              <PinIcon className="mt-1 h-4 w-4 shrink-0 text-slate-400" />
              <span>{CONTACT_DETAILS.address.join(", ")}</span>
            </p>
          </address>
        </section>

        <nav aria-label="Customer support">
          <h2 className={heading}>Customer Support</h2>
          <ul className="mt-3 space-y-1">
            <li>
              <Link to="/contact" className={footerLink}>
                Contact Us
              </Link>
            </li>
            {SUPPORT_NOTICES.map(({ feature, label }) => (
              <li key={feature}>
                <NoticeButton feature={feature} className={footerLink}>
                  {label}
                </NoticeButton>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Social media">
          <h2 className={heading}>Follow Us</h2>
          <p className="mt-3 text-sm leading-6">Builds, tutorials and new arrivals from the {STORE_NAME} community.</p>
          <ul className="mt-4 flex flex-wrap gap-2">
            {SOCIAL_NETWORKS.map(({ feature, network, Icon }) => (
              <li key={feature}>
                <NoticeButton
                  feature={feature}
                  aria-label={`${STORE_NAME} on ${network}`}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-slate-800 text-slate-200 hover:bg-brand-600 hover:text-white"
                >
                  <Icon className="h-5 w-5" />
                </NoticeButton>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-newsletter-heading">
          <h2 id="footer-newsletter-heading" className={heading}>
            Newsletter
          </h2>
          <p className="mt-3 text-sm leading-6">New products, maker projects and deals, once a month.</p>
          <NoticeForm feature="newsletter" className="mt-4">
            <label htmlFor="newsletter-email" className="block text-sm font-medium text-slate-200">
              Email address
            </label>
            <div className="mt-1.5 flex flex-col gap-2 min-[400px]:flex-row sm:flex-col">
              <input
                id="newsletter-email"
                type="email"
                name="email"
                autoComplete="email"
                required
                placeholder="you@example.com"
                className="h-11 w-full min-w-0 rounded-lg border border-slate-600 bg-slate-800 px-3 text-sm text-white placeholder:text-slate-400 focus:border-blue-400"
              />
              <button
                type="submit"
                className="h-11 shrink-0 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Subscribe
              </button>
            </div>
          </NoticeForm>
        </section>
      </div>

      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {new Date().getFullYear()} {STORE_NAME}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-1">
              {LEGAL_NOTICES.map(({ feature, label }) => (
                <li key={feature}>
                  <NoticeButton feature={feature} className={footerLink}>
                    {label}
                  </NoticeButton>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
