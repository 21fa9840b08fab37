import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ACCOUNT_PAGES } from "~/models/account/account-texts";
import { AUTH_MESSAGES } from "~/models/account/auth-messages";

import { linkIn, type MailCatcher, startMailCatcher } from "../support/mail-catcher";
import { sample, scrape } from "../support/metrics";
import { freePort, type RunningServer, startServer, Visitor } from "./harness";

/**
 * The accounts' mail through the built server and a real SMTP server (docs/accounts.md, ADR 035):
 * sign-up, the mailed link and the sign-in it makes; a taken address answered like a new one; the
 * reset that ends every session; links that no longer work (4xx, never 5xx); a forged forwarded
 * host that never reaches a mail; no token in the log.
 */

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new password";
let counter = 0;
const newEmail = () => `journey${++counter}-${Date.now()}@example.com`;

const signedInAs = async (visitor: Visitor) => /Signed in as/.test((await visitor.request({ path: "/" })).body);

/** The sign-in form's own hidden fields (formFields also finds the footer forms' `redirectTo`, which it does not send). */
async function authFields(visitor: Visitor, path: string) {
  const { redirectTo: _otherForms, ...fields } = await visitor.formFields(path);
  return fields;
}

async function signUp(visitor: Visitor, email: string, headers: Record<string, string> = {}) {
  const fields = await authFields(visitor, "/auth?mode=sign-up");
  return visitor.post("/auth?mode=sign-up", { ...fields, intent: "sign-up", email, password: PASSWORD }, headers);
}

async function signIn(visitor: Visitor, email: string, password = PASSWORD) {
  const fields = await authFields(visitor, "/auth");
  return visitor.post("/auth", { ...fields, intent: "sign-in", email, password });
}

/** The path and query of a mailed link, to request from the server under test. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

describe("accounts that mail", () => {
  let catcher: MailCatcher;
  let server: RunningServer;
  let metrics: string;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    const metricsPort = await freePort();
    metrics = `http://127.0.0.1:${metricsPort}`;
    server = await startServer({
      env: { SMTP_URL: catcher.url, SIGN_UP_CONFIRMATION: "required", METRICS_PORT: String(metricsPort) },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await catcher?.stop();
  });

  it("signs up without signing in, mails the link, and the link confirms and signs in", async () => {
    const visitor = new Visitor(server.origin);
    const email = newEmail();
    // A forged forwarded host from a client that is no trusted proxy: never in the mail.
    const response = await signUp(visitor, email, { "x-forwarded-host": "evil.example" });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/");
    expect(visitor.cookies.has("__session")).toBe(false);
    expect(await signedInAs(visitor)).toBe(false);

    const [mail] = await catcher.waitFor(email);
    const link = linkIn(mail!);
    expect(link.startsWith(`http://localhost:${new URL(server.origin).port}/auth/confirm?token_hash=`)).toBe(true);
    expect(mail!.raw).not.toContain("evil.example");

    expect((await signIn(visitor, email)).status).toBe(400);
    const refused = await signIn(visitor, email);
    expect(refused.body).toContain(AUTH_MESSAGES.emailNotConfirmed);
    expect(refused.body).toContain(ACCOUNT_PAGES.resend);

    const followed = await visitor.request({ path: pathOf(link) });
    expect(followed.status).toBe(303);
    expect(followed.headers.location).toBe("/");
    expect(await signedInAs(visitor)).toBe(true);
    // Used once: a second visit says the link no longer works.
    const again = await new Visitor(server.origin).request({ path: pathOf(link) });
    expect(again.status).toBe(403);
    expect(again.body).toContain("This link no longer works");
  });

  it("answers a sign-up of a taken address exactly as a new one, and mails its owner", async () => {
    const owner = newEmail();
    await signUp(new Visitor(server.origin), owner);
    await catcher.waitFor(owner);

    const answers = [];
    for (const email of [owner.toUpperCase(), newEmail()]) {
      const visitor = new Visitor(server.origin);
      const response = await signUp(visitor, email);
      const next = await visitor.request({ path: response.headers.location ?? "/" });
      answers.push({
        status: response.status,
        location: response.headers.location,
        cookies: (response.headers["set-cookie"] ?? []).map((c) => c.split("=")[0]).sort(),
        toast: /Account created![\s\S]*?Please check your email to verify your account\./.test(next.body),
        signedIn: /Signed in as/.test(next.body),
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    const [, notice] = await catcher.waitFor(owner, 2);
    expect(notice!.subject).toBe("Someone tried to create a MakerVolt account with your address");
  });

  it("resets a password by mail, ending every session, and refuses a used, altered or missing link with 403", async () => {
    const email = newEmail();
    const elsewhere = new Visitor(server.origin);
    await signUp(elsewhere, email);
    const [confirmation] = await catcher.waitFor(email);
    await elsewhere.request({ path: pathOf(linkIn(confirmation!)) });
    expect(await signedInAs(elsewhere)).toBe(true);

    // The same answer for an address with an account and one without.
    const visitor = new Visitor(server.origin);
    const asked = await visitor.post("/auth/forgot", { link: "recovery", email });
    const unknown = await new Visitor(server.origin).post("/auth/forgot", { link: "recovery", email: newEmail() });
    expect([asked.status, asked.headers.location]).toEqual([303, "/auth"]);
    expect([unknown.status, unknown.headers.location]).toEqual([303, "/auth"]);

    const [, resetMail] = await catcher.waitFor(email, 2);
    const link = linkIn(resetMail!);
    expect(link).toMatch(/type=recovery$/);
    const followed = await visitor.request({ path: pathOf(link) });
    expect([followed.status, followed.headers.location]).toEqual([303, "/auth/reset"]);
    const page = await visitor.request({ path: "/auth/reset" });
    expect(page.status).toBe(200);
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.body).toContain("Choose a new password");

    const fields = await authFields(visitor, "/auth/reset");
    const short = await visitor.post("/auth/reset", { ...fields, password: "short" });
    expect(short.status).toBe(400);
    const changed = await visitor.post("/auth/reset", { ...fields, password: NEW_PASSWORD });
    expect([changed.status, changed.headers.location]).toEqual([303, "/"]);
    expect(await signedInAs(visitor)).toBe(true);
    expect(await signedInAs(elsewhere)).toBe(false);
    expect((await signIn(new Visitor(server.origin), email, NEW_PASSWORD)).status).toBe(303);

    const token = new URL(link).searchParams.get("token_hash")!;
    const altered = link.replace(token, token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA"));
    for (const path of [pathOf(link), pathOf(altered), "/auth/reset", "/auth/confirm?type=recovery"]) {
      const answer = await new Visitor(server.origin).request({ path });
      expect(answer.status, path).toBe(403);
      expect(answer.body, path).toContain("Send a new reset link");
    }
    // The tokens never reach the log.
    expect(server.output()).not.toContain(token);
    expect(server.output()).toContain("token_hash=…");
  });

  it("counts the mails it sent, and none waiting, in its metrics", async () => {
    const email = newEmail();
    await signUp(new Visitor(server.origin), email);
    await catcher.waitFor(email);
    // The worker sets the gauge once it has sent what was due, a moment after the mail server has it.
    await expect
      .poll(async () => {
        const text = await scrape(metrics);
        return {
          sent: (sample(text, "makervolt_mail_sent_total") ?? 0) >= 1,
          failed: sample(text, "makervolt_mail_failed_attempts_total"),
          waiting: sample(text, "makervolt_mail_oldest_unsent_age_seconds"),
        };
      })
      .toEqual({ sent: true, failed: 0, waiting: 0 });
  });

  it("without SITE_URL, builds links from its own address, never from a Host a client sends", async () => {
    const visitor = new Visitor(server.origin);
    const email = newEmail();
    await signUp(visitor, email);
    await catcher.waitFor(email);
    const fields = await authFields(visitor, "/auth/forgot");
    const forged = { host: "evil.example", "x-forwarded-host": "evil.example" };
    const response = await visitor.post("/auth/forgot", { ...fields, email }, forged);
    expect(response.status).toBe(303);
    const [, reset] = await catcher.waitFor(email, 2);
    expect(linkIn(reset!).startsWith(`http://localhost:${new URL(server.origin).port}/auth/confirm?`)).toBe(true);
    expect(reset!.raw).not.toContain("evil.example");
  });

  it("builds links from SITE_URL whatever Host and X-Forwarded-Host a client sends", async () => {
    const other = await startServer({
      env: {
        SMTP_URL: catcher.url,
        SIGN_UP_CONFIRMATION: "required",
        SITE_URL: "https://www.makervolt.example",
        TRUST_PROXY: "",
      },
    });
    try {
      const visitor = new Visitor(other.origin);
      const email = newEmail();
      const fields = await authFields(visitor, "/auth?mode=sign-up");
      const response = await visitor.post(
        "/auth?mode=sign-up",
        { ...fields, intent: "sign-up", email, password: PASSWORD },
        { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
      );
      expect(response.status).toBe(303);
      const [mail] = await catcher.waitFor(email);
      expect(linkIn(mail!).startsWith("https://www.makervolt.example/auth/confirm?")).toBe(true);
      expect(mail!.raw).not.toContain("evil.example");
    } finally {
      await other.stop();
    }
  });
});
