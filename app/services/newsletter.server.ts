import { z } from "zod";

import { NEWSLETTER_FORM } from "~/models/toast/newsletter";
import { EmailSchema, parseForm } from "~/services/form-data.server";

const NewsletterSchema = z.object({ email: EmailSchema });

/**
 * Checks the newsletter box's email before the coming-soon notice: null when it is an address,
 * else the box as it goes back to the shopper, with what they typed and the message. Without
 * JavaScript it travels in the flash, since the box is on every page and cannot post to the
 * page's own action.
 */
export function rejectedNewsletterForm(form: FormData) {
  const { values, fieldErrors } = parseForm(form, NewsletterSchema);
  if (!fieldErrors) return null;
  return { form: NEWSLETTER_FORM, values: { email: values.email.slice(0, 400) }, errors: fieldErrors };
}
