import { NOT_IMPLEMENTED_MESSAGE, type ToastInput } from "./toast";

/** The one action every placeholder posts to. */
export const NOTICE_ACTION = "/notice";

/** Added once hydrated: a fetcher sent the form, so the answer is data, as a redirect would navigate. */
export const FETCHER_FIELD = "_fetcher";

/** The notice for a placeholder (docs/notices-and-toasts.md#coming-soon-notices). */
export const NOT_IMPLEMENTED_TOAST: ToastInput = { title: "Coming soon", description: NOT_IMPLEMENTED_MESSAGE };
