import { z } from "zod";

import { CONTACT_SUBJECTS } from "~/models/content/contact-details";
import { EmailSchema } from "~/services/form-data.server";

const SUBJECT_VALUES = CONTACT_SUBJECTS.map((subject) => subject.value) as [string, ...string[]];

/**
 * The contact form (app/routes/contact.tsx). Every field is required; the email is checked as on
 * every form; the subject is one of the six options. No other length bounds than the request
 * size. Messages follow GOV.UK wording and are the same at the field and in the error summary.
 * Server-only, so zod stays out of the browser's JavaScript.
 */
export const ContactMessageSchema = z.object({
  name: z.string().trim().min(1, "Enter your name"),
  email: EmailSchema,
  subject: z.enum(SUBJECT_VALUES, { error: "Select a subject" }),
  message: z.string().trim().min(1, "Enter your message"),
});
