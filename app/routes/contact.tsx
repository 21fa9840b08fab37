import type { ReactNode } from "react";
import { createContext, data } from "react-router";

import { ContactMap } from "~/components/content/contact-map";
import { type ContactAnswer, type ContactErrors, ContactForm } from "~/components/forms/contact-form";
import { HoneypotFieldsProvider } from "~/components/forms/honeypot";
import { container, Hero, PageSection } from "~/components/layout/page-section";
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/ui/icons";
import { CONTACT_DETAILS } from "~/models/content/contact-details";
import { CONTACT_FAQ } from "~/models/content/contact-faq";
import { indexablePageMeta, siteOriginFrom } from "~/models/seo/page-meta";
import { SITE_SHARE_IMAGE } from "~/models/seo/share-image";
import { pageTitle, SHOP_NAME } from "~/models/site/shop";
import { NOT_IMPLEMENTED_MESSAGE } from "~/models/toast/toast";
import { ContactMessageSchema } from "~/services/contact-message.server";
import { parseForm, readFormData, textField } from "~/services/form-data.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { sharedPageHeaders } from "~/services/shared-pages.server";
import { redirectWithToast } from "~/services/toast.server";

import type { Route } from "./+types/contact";

const HEADING = "Contact Us";

/** About 40,000 words; more would hold the main thread up when sent back with an error (ADR 023). */
const MAX_CONTACT_BYTES = 256 * 1024;
const MESSAGE_TEXT = { multiline: true, maxLength: MAX_CONTACT_BYTES };

/** Whether this request's post failed, for the title's "Error: " without JavaScript (docs/pages.md#contact). */
const failedSubmissionContext = createContext(false);

export async function loader({ context }: Route.LoaderArgs) {
  const failed = context.get(failedSubmissionContext);
  return { honeypot: await honeypotInputProps(), failed };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fail = (errors: ContactErrors, values: ContactAnswer["values"]) => {
    context.set(failedSubmissionContext, true);
    return data({ errors, values } satisfies ContactAnswer, { status: 400 });
  };
  const empty = { name: "", email: "", subject: "", message: "" };
  if (Number(request.headers.get("content-length") ?? 0) > MAX_CONTACT_BYTES) {
    return fail({ message: "Your message is too long to send. Shorten it to under 256 KB and try again." }, empty);
  }

  const form = await readFormData(request, { maxBytes: MAX_CONTACT_BYTES });
  const { values, fieldErrors } = parseForm(form, ContactMessageSchema, {
    message: (body, name) => textField(body, name, MESSAGE_TEXT),
  });
  // No token: a shared page holds none, and a cross-site post never gets here (ADR 017).
  if (fieldErrors) return fail(fieldErrors, values);
  // Answered like any other failure, what was typed kept (docs/pages.md#contact).
  if (await isSpam(form)) {
    return fail({ form: "Your message could not be sent. Please check it and send it again." }, values);
  }

  // The message is never sent anywhere; the shop says so in the notice (docs/pages.md#contact).
  return redirectWithToast(request, "/contact", {
    title: "Message Sent",
    description: `Thanks for reaching out! ${NOT_IMPLEMENTED_MESSAGE}`,
  });
}

export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  indexablePageMeta({
    origin: siteOriginFrom(matches),
    path: "/contact",
    title: `${loaderData?.failed ? "Error: " : ""}${pageTitle(HEADING)}`,
    shareTitle: `Contact ${SHOP_NAME}`,
    description: `Questions about an order, a part or a project? Contact ${SHOP_NAME} by phone, email or the message form; we reply within 24 hours.`,
    image: SITE_SHARE_IMAGE,
  });

const card = "rounded-xl border border-slate-200 bg-white p-6 shadow-sm";

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { honeypot } = loaderData;
  return (
    <>
      <Hero className="py-14 sm:py-16">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{HEADING}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-8 text-blue-50">
          Questions about an order, a part or a project? Our team is here to help. {CONTACT_DETAILS.replyTime}
        </p>
      </Hero>

      <div className={`${container} grid gap-8 py-12 lg:grid-cols-5`}>
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="details-heading" className={card}>
            <h2 id="details-heading" className="text-xl font-semibold text-slate-900">
              Get in Touch
            </h2>
            <dl className="mt-5 space-y-5">
              <Detail icon={<PhoneIcon className="h-5 w-5" />} term="Phone">
                <a
                  href={CONTACT_DETAILS.phone.href}
                  className="font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {CONTACT_DETAILS.phone.display}
                </a>
              </Detail>
              <Detail icon={<MailIcon className="h-5 w-5" />} term="Email">
                <a
                  href={`mailto:${CONTACT_DETAILS.email}`}
                  className="break-all font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {CONTACT_DETAILS.email}
                </a>
                <span className="mt-1 block text-sm text-slate-600">{CONTACT_DETAILS.replyTime}</span>
              </Detail>
              <Detail icon={<PinIcon className="h-5 w-5" />} term="Address">
                <address className="not-italic">
                  {CONTACT_DETAILS.address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </Detail>
              <Detail icon={<ClockIcon className="h-5 w-5" />} term="Business Hours">
                <table className="w-full text-sm">
                  <caption className="sr-only">Business hours (Pacific Time)</caption>
                  <tbody>
                    {CONTACT_DETAILS.hours.map(({ days, time }) => (
                      <tr key={days}>
                        <th scope="row" className="py-0.5 pr-4 text-left font-normal text-slate-600">
                          {days}
                        </th>
                        <td className="py-0.5 text-right font-medium text-slate-900">{time}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Detail>
            </dl>
          </section>

          <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <ContactMap />
            <figcaption className="border-t border-slate-200 px-6 py-4 text-sm text-slate-600">
              Map: {SHOP_NAME}, {CONTACT_DETAILS.address.slice(0, 2).join(", ")}
            </figcaption>
          </figure>
        </div>

        <section aria-labelledby="message-heading" className={`${card} lg:col-span-3`}>
          <h2 id="message-heading" className="text-xl font-semibold text-slate-900">
            Send us a Message
          </h2>
          <p className="mt-1 text-sm text-slate-600">All fields are required.</p>
          <HoneypotFieldsProvider {...honeypot}>
            <ContactForm answer={actionData} heading={HEADING} />
          </HoneypotFieldsProvider>
        </section>
      </div>

      <PageSection headingId="faq-heading" title="Frequently Asked Questions" tinted prose>
        <div className="mt-8 space-y-3">
          {CONTACT_FAQ.map(({ question, answer }) => (
            <details key={question} className="group rounded-xl border border-slate-200 bg-white shadow-sm">
              <summary className="flex min-h-14 items-center justify-between gap-4 rounded-xl px-5 py-3 font-semibold text-slate-900 hover:text-brand-700">
                {question}
                <span
                  aria-hidden="true"
                  className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-lg leading-none text-slate-700 group-open:rotate-45 motion-reduce:transition-none"
                >
                  +
                </span>
              </summary>
              <p className="px-5 pb-5 leading-7 text-slate-700">{answer}</p>
            </details>
          ))}
        </div>
      </PageSection>
    </>
  );
}

/** One term of the contact details list; the icon sits in the term, so the list stays valid. */
function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="relative min-h-10 pl-14">
      <dt className="text-sm font-semibold text-slate-900">
        <span className="absolute left-0 top-0 inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="mt-1 text-slate-700">{children}</dd>
    </div>
  );
}
