import { type ComponentType, type SVGProps, useEffect, useRef } from "react";
import { Link } from "react-router";

import { type NoticeFetcher, NoticeForm } from "~/components/forms/notice-form";
import {
  BoltIcon,
  CameraIcon,
  ChatIcon,
  CodeIcon,
  MailIcon,
  PhoneIcon,
  PinIcon,
  PlayIcon,
} from "~/components/ui/icons";
import { primaryButtonClass } from "~/components/ui/primary-button";
import { CONTACT_DETAILS } from "~/models/content/contact-details";
import { SHOP_NAME } from "~/models/site/shop";
import { NEWSLETTER_FORM } from "~/models/toast/newsletter";
import type { FlashForm } from "~/models/toast/toast";

/** Support topics the shop has no pages for yet: each shows the not-implemented notice. */
const SUPPORT_NOTICES = ["FAQ", "Shipping Information", "Returns & Exchanges", "Warranty", "Technical Support"];

const SOCIAL_NETWORKS: { network: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { network: "GitHub", Icon: CodeIcon },
  { network: "YouTube", Icon: PlayIcon },
  { network: "Instagram", Icon: CameraIcon },
  { network: "Discord", Icon: ChatIcon },
];

const LEGAL_NOTICES = ["Privacy Policy", "Terms of Service"];

/* Two notice forms for eleven buttons, which carry no value, as lynx prints it as their label (ADR 013). */
const LINKS_FEATURE = "footer-links";
const LEGAL_FEATURE = "legal";

/** `footer-heading`, `footer-link` and `social-button` are in tailwind.css: the footer is on every page. */
const heading = "footer-heading";
const footerLink = "footer-link hover:text-white hover:underline";

export interface SiteFooterProps {
  /** The newsletter box as the notice action sent it back without JavaScript (value and error). */
  newsletter?: FlashForm | null;
}

export function SiteFooter({ newsletter = null }: SiteFooterProps) {
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300 [&_:focus-visible]:outline-blue-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <section aria-labelledby="footer-about-heading">
          <h2 id="footer-about-heading" className="flex items-center gap-2 text-lg font-bold text-white">
            <BoltIcon className="h-5 w-5 text-blue-400" />
            About Us
          </h2>
          {/* Sentences as one string each, one text node rather than three. */}
          <p className="mt-3 text-sm leading-6">
            {`${SHOP_NAME} supplies electronic components, development boards, sensors and tools to hobbyists, students, makers and engineers — with friendly, expert help for every build.`}
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

        {/* Two columns of the grid in one form: `contents` leaves the navs as the grid's items. */}
        <NoticeForm feature={LINKS_FEATURE} className="contents">
          <nav aria-label="Customer support">
            <h2 className={heading}>Customer Support</h2>
            <ul className="mt-3 space-y-1">
              <li>
                <Link to="/contact" className={footerLink}>
                  Contact Us
                </Link>
              </li>
              <NoticeItems labels={SUPPORT_NOTICES} />
            </ul>
          </nav>

          <nav aria-label="Social media">
            <h2 className={heading}>Follow Us</h2>
            <p className="mt-3 text-sm leading-6">
              {`Builds, tutorials and new arrivals from the ${SHOP_NAME} community.`}
            </p>
            <ul className="mt-4 flex flex-wrap gap-2">
              {SOCIAL_NETWORKS.map(({ network, Icon }) => (
                <li key={network}>
                  <button type="submit" className="social-button hover:bg-brand-600 hover:text-white">
                    <Icon className="h-5 w-5" />
                    {/* Text rather than aria-label, so text browsers show the name too (icon-label). */}
                    <span className="icon-label">{`${SHOP_NAME} on ${network}`}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        </NoticeForm>

        <section aria-labelledby="footer-newsletter-heading">
          <h2 id="footer-newsletter-heading" className={heading}>
            Newsletter
          </h2>
          <p className="mt-3 text-sm leading-6">New products, maker projects and deals, once a month.</p>
          <NewsletterForm sentBack={newsletter} />
        </section>
      </div>

      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>{`© ${new Date().getFullYear()} ${SHOP_NAME}. All rights reserved.`}</p>
          <nav aria-label="Legal">
            <NoticeForm feature={LEGAL_FEATURE}>
              <ul className="flex flex-wrap gap-x-6 gap-y-1">
                <NoticeItems labels={LEGAL_NOTICES} />
              </ul>
            </NoticeForm>
          </nav>
        </div>
      </div>
    </footer>
  );
}

/** List items of "coming soon" notices dressed as footer links: buttons of the notice form around them. */
function NoticeItems({ labels }: { labels: readonly string[] }) {
  return labels.map((label) => (
    <li key={label}>
      <button type="submit" className={footerLink}>
        {label}
      </button>
    </li>
  ));
}

/** The newsletter box, on every page, posting to `/notice` (docs/notices-and-toasts.md#newsletter). */
function NewsletterForm({ sentBack }: { sentBack: FlashForm | null }) {
  return (
    <NoticeForm feature={NEWSLETTER_FORM} className="mt-4" noValidate>
      {(fetcher) => <NewsletterFields fetcher={fetcher} sentBack={sentBack} />}
    </NoticeForm>
  );
}

function NewsletterFields({ fetcher, sentBack }: { fetcher: NoticeFetcher; sentBack: FlashForm | null }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const answer = fetcher.data;
  // The latest answer wins: the fetcher's once there is one, the sent-back flash before that.
  const error = answer ? (answer.ok ? undefined : answer.errors.email) : sentBack?.errors.email;

  useEffect(() => {
    if (!answer || fetcher.state !== "idle") return;
    // No reload with JavaScript: a bad email focuses the field, a good one clears the box.
    if (answer.ok) inputRef.current?.form?.reset();
    else inputRef.current?.focus();
  }, [answer, fetcher.state]);

  return (
    <>
      <label htmlFor="newsletter-email" className="block text-sm font-medium text-slate-200">
        Email address
      </label>
      {error && (
        <p id="newsletter-email-error" className="mt-1 text-sm font-medium text-red-300">
          <span className="sr-only">Error: </span>
          {error}
        </p>
      )}
      <div className="mt-1.5 flex flex-col gap-2 min-[400px]:flex-row sm:flex-col">
        <input
          ref={inputRef}
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          defaultValue={sentBack?.values.email ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "newsletter-email-error" : undefined}
          // Without JavaScript the page reloads at the top: take the shopper to the message.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={Boolean(sentBack?.errors.email)}
          className={`h-11 w-full min-w-0 rounded-lg border bg-slate-800 px-3 text-sm text-white placeholder:text-slate-400 focus:border-blue-400 ${
            error ? "border-red-400" : "border-slate-600"
          }`}
        />
        <button type="submit" className={`${primaryButtonClass} h-11 shrink-0 px-4 text-sm`}>
          Subscribe
        </button>
      </div>
    </>
  );
}
