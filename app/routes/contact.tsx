import type { MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { CONTACT_DETAILS, CONTACT_SUBJECTS } from "~/models/contact-details";
import { pageTitle, STORE_NAME } from "~/models/store";

const HEADING = "Contact Us";

export const meta: MetaFunction = () => [
  { title: pageTitle(HEADING) },
  {
    name: "description",
    content: `Questions about an order, a part or a project? Contact ${STORE_NAME} by phone, email or the message form; we reply within 24 hours.`,
  },
];

const FAQ: { question: string; answer: string }[] = [
  {
    question: "What is your return policy?",
    answer:
      "You can return any unused item in its original packaging within 30 days of delivery. Contact us with your order number and we will send you a prepaid return label.",
  },
  {
    question: "Do you offer technical support?",
    answer:
      "Yes. Our engineers can help you choose parts, check a wiring diagram or debug your code. Choose “Technical Support” as the subject above and we will reply within 24 hours.",
  },
  {
    question: "What shipping options are available?",
    answer:
      "Standard shipping (3-5 business days), expedited shipping (2-3 business days) and overnight shipping. Standard shipping is free on orders over $50. We currently ship within the United States only.",
  },
  {
    question: "Do you offer bulk discounts?",
    answer:
      "Yes. Schools, makerspaces and businesses buying in quantity get tiered discounts. Choose “Bulk Orders” as the subject and tell us what you need for a quote.",
  },
  {
    question: "Are your products genuine?",
    answer:
      "Always. We buy directly from manufacturers and their authorised distributors, check every batch, and cover every product with a 1-year warranty.",
  },
  {
    question: "Do you ship internationally?",
    answer:
      "Not yet. We currently deliver to addresses in the United States only, and we hope to add international shipping in the future.",
  },
];

const container = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";
const card = "rounded-xl border border-slate-200 bg-white p-6 shadow-sm";
const label = "block text-sm font-medium text-slate-800";
const field =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600";

export default function Contact() {
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-slate-900 text-white">
        <div className={`${container} py-14 sm:py-16`}>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{HEADING}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-blue-50">
            Questions about an order, a part or a project? Our team is here to help. {CONTACT_DETAILS.replyTime}
          </p>
        </div>
      </section>

      <div className={`${container} grid gap-8 py-12 lg:grid-cols-5`}>
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="details-heading" className={card}>
            <h2 id="details-heading" className="text-xl font-semibold text-slate-900">
              Get in Touch
            </h2>
            <dl className="mt-5 space-y-5">
              <Detail icon={<PhoneIcon className="h-5 w-5" />} term="Phone">
                <a href={CONTACT_DETAILS.phone.href} className="font-medium text-brand-700 underline-offset-4 hover:underline">
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
            <MapIllustration />
            <figcaption className="border-t border-slate-200 px-6 py-4 text-sm text-slate-600">
              Map: {STORE_NAME}, {CONTACT_DETAILS.address.slice(0, 2).join(", ")}
            </figcaption>
          </figure>
        </div>

        <section aria-labelledby="message-heading" className={`${card} lg:col-span-3`}>
          <h2 id="message-heading" className="text-xl font-semibold text-slate-900">
            Send us a Message
          </h2>
          <p className="mt-1 text-sm text-slate-600">All fields are required.</p>
          <Form method="post" className="mt-6 grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor="contact-name" className={label}>
                Name
              </label>
              <input id="contact-name" name="name" type="text" autoComplete="name" required className={field} />
            </div>
            <div>
              <label htmlFor="contact-email" className={label}>
                Email
              </label>
              <input id="contact-email" name="email" type="email" autoComplete="email" required className={field} />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="contact-subject" className={label}>
                Subject
              </label>
              <select id="contact-subject" name="subject" required defaultValue="" className={field}>
                <option value="">Select a subject</option>
                {CONTACT_SUBJECTS.map(({ value, label: optionLabel }) => (
                  <option key={value} value={value}>
                    {optionLabel}
                  </option>
                ))}
              </select>
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="contact-message" className={label}>
                Message
              </label>
              <textarea id="contact-message" name="message" rows={6} required className={field} />
            </div>
            <div className="sm:col-span-2">
              <button
                type="submit"
                className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700 sm:w-auto"
              >
                Send Message
              </button>
            </div>
          </Form>
        </section>
      </div>

      <section aria-labelledby="faq-heading" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <h2 id="faq-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Frequently Asked Questions
          </h2>
          <div className="mt-8 space-y-3">
            {FAQ.map(({ question, answer }) => (
              <details key={question} className="group rounded-xl border border-slate-200 bg-white shadow-sm">
                <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-3 font-semibold text-slate-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
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
        </div>
      </section>
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

/** A drawn street map with a pin: a placeholder that needs no third-party map service. */
function MapIllustration() {
  return (
    <svg
      viewBox="0 0 480 240"
      role="img"
      aria-label={`Map placeholder showing the ${STORE_NAME} office at ${CONTACT_DETAILS.address[0]}`}
      className="h-auto w-full bg-slate-100"
    >
      <rect width="480" height="240" fill="#e2e8f0" />
      <rect x="24" y="20" width="120" height="70" rx="6" fill="#cbd5e1" />
      <rect x="176" y="20" width="130" height="70" rx="6" fill="#bbf7d0" />
      <rect x="338" y="20" width="120" height="70" rx="6" fill="#cbd5e1" />
      <rect x="24" y="150" width="120" height="70" rx="6" fill="#cbd5e1" />
      <rect x="176" y="150" width="130" height="70" rx="6" fill="#cbd5e1" />
      <rect x="338" y="150" width="120" height="70" rx="6" fill="#bfdbfe" />
      <path d="M0 120h480M160 0v240M322 0v240" stroke="#fff" strokeWidth="22" />
      <path d="M0 120h480M160 0v240M322 0v240" stroke="#94a3b8" strokeWidth="1.5" strokeDasharray="10 10" />
      <path d="M241 126c0 0-26-24-26-44a26 26 0 0 1 52 0c0 20-26 44-26 44Z" fill="#1d4ed8" />
      <circle cx="241" cy="82" r="9" fill="#fff" />
    </svg>
  );
}
