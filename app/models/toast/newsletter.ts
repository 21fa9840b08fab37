/** The footer's newsletter box: a notice form whose email is checked first (docs/notices-and-toasts.md#newsletter). */
export const NEWSLETTER_FORM = "newsletter";
