/**
 * The footer's newsletter box. Subscribing is not built yet, so the box is a coming-soon notice
 * form like every other placeholder, except that its email is checked first
 * (~/services/newsletter.server) and a bad one comes back to the box, not as a notice.
 */

/** The box's `feature` in the notice form, and its name when it is sent back in the flash. */
export const NEWSLETTER_FORM = "newsletter";
