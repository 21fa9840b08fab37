import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";

import { FieldError, fieldControlClass, fieldLabelClass, invalidProps } from "~/components/form-field";
import { HoneypotInputs, HoneypotProvider } from "~/components/honeypot";
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { CONTACT_DETAILS, CONTACT_SUBJECTS } from "~/models/contact-details";
import { indexablePageMeta, siteOriginFrom } from "~/models/page-meta";
import { SITE_SHARE_IMAGE } from "~/models/share-image";
import { pageTitle, STORE_NAME } from "~/models/store";
import { NOT_IMPLEMENTED_MESSAGE } from "~/models/toast";
import { CSRF_FAILURE_MESSAGE, isValidCsrf } from "~/services/csrf.server";
import { readFormData, textField } from "~/services/form-data.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { redirectWithToast } from "~/services/toast.server";

const HEADING = "Contact Us";

const SUBJECT_VALUES = CONTACT_SUBJECTS.map((subject) => subject.value) as [string, ...string[]];
const EMAIL_FORMAT = "Enter an email address in the correct format, like name@example.com";

/**
 * SPEC §3 and §5: every field is required; the email must look like one; the subject is one of
 * the six options. No length bounds beyond the request size. Messages follow GOV.UK wording and
 * are the same at the field and in the error summary.
 */
const ContactMessageSchema = z.object({
  name: z.string().trim().min(1, "Enter your name"),
  email: z.string().trim().min(1, "Enter your email address").email(EMAIL_FORMAT),
  subject: z.enum(SUBJECT_VALUES, { errorMap: () => ({ message: "Select a subject" }) }),
  message: z.string().trim().min(1, "Enter your message"),
});

type ContactField = keyof z.infer<typeof ContactMessageSchema>;
const FIELDS: ContactField[] = ["name", "email", "subject", "message"];
const fieldId = (field: ContactField) => `contact-${field}`;
const errorId = (field: ContactField) => `contact-${field}-error`;

/**
 * Longer messages than other forms carry: a long message must never be dropped (our form reader
 * treats an oversized body as empty). Above this the body is not read at all, and the shopper is
 * told the message is too long.
 */
const MAX_CONTACT_BYTES = 1024 * 1024;
/** The message keeps its tabs and line breaks; its length is bounded by the body limit above. */
const MESSAGE_TEXT = { multiline: true, maxLength: MAX_CONTACT_BYTES };

/**
 * `meta` sees loader data only, never action data. For a post without JavaScript the loader runs
 * in the same request as the action, with the same load context: the action marks that context
 * so the loader can tell `meta` to prefix "Error: " to the title. (With JavaScript the component
 * sets the title, since the loader then runs in a request of its own.)
 */
const failedSubmissions = new WeakSet<object>();

export async function loader({ context }: LoaderFunctionArgs) {
  const failed = typeof context === "object" && context !== null && failedSubmissions.has(context);
  return { honeypot: honeypotInputProps(), failed };
}

type ContactErrors = Partial<Record<ContactField | "form", string>>;

export async function action({ request, context }: ActionFunctionArgs) {
  const fail = (errors: ContactErrors, values: Record<ContactField, string>, status: 400 | 403 = 400) => {
    if (typeof context === "object" && context !== null) failedSubmissions.add(context);
    return data({ errors, values }, { status });
  };
  const empty = { name: "", email: "", subject: "", message: "" };
  if (Number(request.headers.get("content-length") ?? 0) > MAX_CONTACT_BYTES) {
    return fail({ message: "Your message is too long to send. Shorten it to under 1 MB and try again." }, empty);
  }

  const form = await readFormData(request, { maxBytes: MAX_CONTACT_BYTES });
  const values = Object.fromEntries(
    FIELDS.map((field) => [field, textField(form, field, field === "message" ? MESSAGE_TEXT : undefined)]),
  ) as Record<ContactField, string>;
  // A refused token (forged, or the cookie expired) re-renders the form with what was typed: 403.
  if (!(await isValidCsrf(form, request))) return fail({ form: CSRF_FAILURE_MESSAGE }, values, 403);
  const result = ContactMessageSchema.safeParse(values);
  if (!result.success) {
    const errors: ContactErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as ContactField;
      errors[field] ??= issue.message;
    }
    return fail(errors, values);
  }
  // A filled trap or a forged timestamp: answer like any other failure and keep what was typed,
  // so a person whose browser tripped it loses nothing (the form is rendered with a new trap).
  if (isSpam(form)) {
    return fail({ form: "Your message could not be sent. Please check it and send it again." }, values);
  }

  // The message is never sent anywhere; the shop says so in the notice (docs/pages.md#contact).
  return redirectWithToast(request, "/contact", {
    title: "Message Sent",
    description: `Thanks for reaching out! ${NOT_IMPLEMENTED_MESSAGE}`,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) =>
  indexablePageMeta({
    origin: siteOriginFrom(matches),
    path: "/contact",
    title: `${loaderData?.failed ? "Error: " : ""}${pageTitle(HEADING)}`,
    shareTitle: `Contact ${STORE_NAME}`,
    description: `Questions about an order, a part or a project? Contact ${STORE_NAME} by phone, email or the message form; we reply within 24 hours.`,
    image: SITE_SHARE_IMAGE,
  });

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

export default function Contact() {
  const { honeypot } = useLoaderData<typeof loader>();
  return (
    <>
      {/* On dark blue the page's blue focus ring would not show (WCAG 2.4.7), e.g. on the h1 after a navigation. */}
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-slate-900 text-white [&_:focus-visible]:outline-white">
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
          <HoneypotProvider {...honeypot}>
            <ContactForm />
          </HoneypotProvider>
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

/**
 * The message form. Validated on the server only (`noValidate`, so the server's messages show;
 * `required` stays for its semantics). On error: an error summary at the top that takes focus
 * (GOV.UK), the same message at each field, values kept, "Error: " in the title. On success the
 * action redirects here with the "Message Sent" notice, and the form is empty again.
 */
function ContactForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const submitted = useRef(false);
  const errors: ContactErrors = actionData?.errors ?? {};
  const values = actionData?.values;
  const hasErrors = Object.keys(errors).length > 0;

  useEffect(() => {
    // With JavaScript the page does not reload: move focus to the new summary and keep the
    // title in step (`meta` cannot see action data).
    const title = pageTitle(HEADING);
    document.title = hasErrors ? `Error: ${title}` : title;
    if (hasErrors) summaryRef.current?.focus();
  }, [actionData, hasErrors]);

  useEffect(() => {
    // After a successful send the action redirects back here; clear what was typed, as the
    // reloaded page does without JavaScript.
    if (navigation.state === "submitting") submitted.current = true;
    if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!actionData) {
        // Not form.reset(): that restores the values the page was rendered with after an error.
        for (const field of FIELDS) {
          const control = formRef.current?.elements.namedItem(field);
          if (control && "value" in control) control.value = "";
        }
      }
    }
  }, [navigation.state, actionData]);

  const invalid = (field: ContactField) => invalidProps(errorId(field), errors[field]);

  return (
    <Form ref={formRef} method="post" noValidate className="mt-6 grid gap-5 sm:grid-cols-2">
      {hasErrors && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="group"
          aria-labelledby="contact-error-summary-title"
          // Without JavaScript the browser focuses it when the page loads.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900 focus-visible:outline-offset-4 sm:col-span-2"
        >
          <h3 id="contact-error-summary-title" className="text-lg font-semibold">
            There is a problem
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {errors.form && <li>{errors.form}</li>}
            {FIELDS.filter((field) => errors[field]).map((field) => (
              <li key={field}>
                <a
                  href={`#${fieldId(field)}`}
                  className="font-medium underline underline-offset-2 hover:text-red-700"
                  onClick={(event) => {
                    // Focus the field itself, not only scroll to it (GOV.UK's enhancement).
                    const input = document.getElementById(fieldId(field));
                    if (!input) return;
                    event.preventDefault();
                    input.focus();
                  }}
                >
                  {errors[field]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <label htmlFor={fieldId("name")} className={fieldLabelClass}>
          Name
        </label>
        <ContactFieldError field="name" message={errors.name} />
        <input
          id={fieldId("name")}
          name="name"
          type="text"
          autoComplete="name"
          required
          defaultValue={values?.name ?? ""}
          className={fieldControlClass(errors.name)}
          {...invalid("name")}
        />
      </div>
      <div>
        <label htmlFor={fieldId("email")} className={fieldLabelClass}>
          Email
        </label>
        <ContactFieldError field="email" message={errors.email} />
        <input
          id={fieldId("email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values?.email ?? ""}
          className={fieldControlClass(errors.email)}
          {...invalid("email")}
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={fieldId("subject")} className={fieldLabelClass}>
          Subject
        </label>
        <ContactFieldError field="subject" message={errors.subject} />
        <select
          id={fieldId("subject")}
          name="subject"
          required
          defaultValue={values?.subject ?? ""}
          className={fieldControlClass(errors.subject)}
          {...invalid("subject")}
        >
          <option value="">Select a subject</option>
          {CONTACT_SUBJECTS.map(({ value, label: optionLabel }) => (
            <option key={value} value={value}>
              {optionLabel}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={fieldId("message")} className={fieldLabelClass}>
          Message
        </label>
        <ContactFieldError field="message" message={errors.message} />
        <textarea
          id={fieldId("message")}
          name="message"
          rows={6}
          required
          defaultValue={values?.message ?? ""}
          className={fieldControlClass(errors.message)}
          {...invalid("message")}
        />
      </div>
      <AuthenticityTokenInput />
      <HoneypotInputs />
      <div className="sm:col-span-2">
        <button
          type="submit"
          className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700 sm:w-auto"
        >
          Send Message
        </button>
      </div>
    </Form>
  );
}

/** The message at a contact field (see FieldError). */
function ContactFieldError({ field, message }: { field: ContactField; message: string | undefined }) {
  return <FieldError id={errorId(field)} message={message} />;
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
