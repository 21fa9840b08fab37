/**
 * The e2e suite's mail (docs/testing.md): playwright.config.ts starts a real SMTP server
 * (tests/support/mail-catcher.ts) beside the shop and gives the shop its URL (SMTP_URL); tests
 * read what it caught over HTTP. Ports: SMTP on E2E_PORT + 1, the messages on E2E_PORT + 2.
 */

export function mailPorts(e2ePort = Number(process.env.E2E_PORT ?? 3100)) {
  return { smtp: e2ePort + 1, http: e2ePort + 2 };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The mails to `email` so far, oldest first. */
export async function mailsTo(email: string): Promise<Mail[]> {
  const response = await fetch(`http://127.0.0.1:${mailPorts().http}/messages?${new URLSearchParams({ to: email })}`);
  return (await response.json()) as Mail[];
}

/**
 * The path and query of the link in the `count`-th mail to `email` (1 = the first), once it has
 * come: every mail of ours writes its link out in full in its plain-text part.
 */
export async function linkMailedTo(email: string, count = 1, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(email))[count - 1];
    if (mail) {
      const link = /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(mail.text)?.[0];
      if (!link) throw new Error(`The mail "${mail.subject}" to ${email} has no link`);
      const url = new URL(link);
      return url.pathname + url.search;
    }
    if (Date.now() > deadline) throw new Error(`No mail number ${count} to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
