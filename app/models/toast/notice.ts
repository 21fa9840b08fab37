import { NOT_IMPLEMENTED_MESSAGE, type ToastInput } from "./toast";

/** The one action every placeholder posts to. */
export const NOTICE_ACTION = "/notice";

/**
 * A hidden field NoticeForm adds once it is hydrated. It tells the notice action that a fetcher
 * sent the form, so it answers with data (and the toast cookie) instead of a redirect: a
 * redirect would make the fetcher navigate.
 */
export const FETCHER_FIELD = "_fetcher";

/** The notice for a placeholder (docs/notices-and-toasts.md#coming-soon-notices). */
export const NOT_IMPLEMENTED_TOAST: ToastInput = { title: "Coming soon", description: NOT_IMPLEMENTED_MESSAGE };
