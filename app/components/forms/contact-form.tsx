import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";

import { fieldId, FormField } from "~/components/forms/form-field";
import { HoneypotFields } from "~/components/forms/honeypot";
import { primaryButtonClass } from "~/components/ui/primary-button";
import { CONTACT_SUBJECTS } from "~/models/content/contact-details";
import type { FieldErrors } from "~/models/forms/field-errors";
import { pageTitle } from "~/models/site/shop";

/** The message form's fields, in the order of the page and of its error summary. */
const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
/** A field's message, or `form` for one about the whole form (a refused token, a trap). */
export type ContactErrors = FieldErrors<ContactField | "form">;
/** What the contact action answers when it does not send: the messages, and what was typed. */
export interface ContactAnswer {
  errors: ContactErrors;
  values: Record<ContactField, string>;
}

const FORM = "contact";

/** The message form, checked on the server only, so its messages show (docs/pages.md#contact). */
export function ContactForm({ answer, heading }: { answer: ContactAnswer | undefined; heading: string }) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const submitted = useRef(false);
  const errors: ContactErrors = answer?.errors ?? {};
  const values = answer?.values;
  const hasErrors = Object.keys(errors).length > 0;

  useEffect(() => {
    // No reload with JavaScript: focus the new summary, and set the title, which `meta` cannot.
    const title = pageTitle(heading);
    document.title = hasErrors ? `Error: ${title}` : title;
    if (hasErrors) summaryRef.current?.focus();
  }, [answer, hasErrors, heading]);

  useEffect(() => {
    // Sent: clear what was typed, as the reloaded page does without JavaScript.
    if (navigation.state === "submitting") submitted.current = true;
    if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!answer) {
        // Not form.reset(): that restores the values the page was rendered with after an error.
        for (const field of CONTACT_FIELDS) {
          const control = formRef.current?.elements.namedItem(field);
          if (control && "value" in control) control.value = "";
        }
      }
    }
  }, [navigation.state, answer]);

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
            {CONTACT_FIELDS.filter((field) => errors[field]).map((field) => (
              <li key={field}>
                <a
                  href={`#${fieldId(FORM, field)}`}
                  className="font-medium underline underline-offset-2 hover:text-red-700"
                  onClick={(event) => {
                    // Focus the field itself, not only scroll to it (GOV.UK's enhancement).
                    const input = document.getElementById(fieldId(FORM, field));
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
      <FormField form={FORM} field="name" label="Name" error={errors.name}>
        {(control) => <input {...control} type="text" autoComplete="name" defaultValue={values?.name ?? ""} />}
      </FormField>
      <FormField form={FORM} field="email" label="Email" error={errors.email}>
        {(control) => <input {...control} type="email" autoComplete="email" defaultValue={values?.email ?? ""} />}
      </FormField>
      <FormField form={FORM} field="subject" label="Subject" error={errors.subject} className="sm:col-span-2">
        {(control) => (
          <select {...control} defaultValue={values?.subject ?? ""}>
            <option value="">Select a subject</option>
            {CONTACT_SUBJECTS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField form={FORM} field="message" label="Message" error={errors.message} className="sm:col-span-2">
        {(control) => <textarea {...control} rows={6} defaultValue={values?.message ?? ""} />}
      </FormField>
      <HoneypotFields />
      <div className="sm:col-span-2">
        <button type="submit" className={`${primaryButtonClass} min-h-12 w-full px-6 sm:w-auto`}>
          Send Message
        </button>
      </div>
    </Form>
  );
}
