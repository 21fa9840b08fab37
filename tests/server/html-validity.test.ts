import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ACCOUNT_TOASTS, AUTH_PAGE } from "~/models/account/account-texts";
import { PERSONAL_CACHE_CONTROL as PERSONAL, SHARED_CACHE_CONTROL as SHARED } from "~/services/shared-pages.server";

import { type RawResponse, ROOT, type RunningServer, startServer, Visitor } from "./harness";

/**
 * Every page is valid HTML (ADR 025): the Nu HTML Checker (vnu.jar from the `vnu-jar` package, run
 * on Debian's Java) finds no error and no warning in any page the built server sends, in every way it sends them
 * (ADR 018, app/entry.server.tsx): shared pages rendered whole for an anonymous visitor, personal
 * pages streamed to a browser (signed in, with a toast showing, which adds the notification
 * region's markup), and personal pages rendered whole for a crawler. Nothing follows `</html>`:
 * React 18 streamed the page data's scripts there, where the checker stops with a fatal error and
 * a browser moves them into the body.
 */

const PASSWORD = "correct horse battery";
/** Part of the notice's toast (app/models/toast/toast.ts) that HTML escaping leaves as it is. */
const TOAST_TEXT = "implemented yet";
/** A browser streams personal pages; a crawler (isbot) gets them rendered whole (app/entry.server.tsx). */
const BROWSER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const CRAWLER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/**
 * What only a streamed page holds: a Suspense boundary (React Router's page data) still pending when
 * the shell went out, its content sent after it in the same response.
 */
const STREAMED_BOUNDARY = '<template id="B:';
/** The jar `vnu-jar` ships; its own launcher would download a Java of its own when none is on PATH. */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

type Sent = "shared" | "streamed" | "whole";

/**
 * Every page a shopper can be shown by a GET (app/routes.ts), with the status it answers and
 * whether an anonymous visitor is handed it whole as a shared page (ADR 018) or streamed.
 */
const GET_PAGES: { path: string; status: number; shared: boolean }[] = [
  { path: "/", status: 200, shared: true },
  { path: "/products", status: 200, shared: true },
  { path: "/products/sensors", status: 200, shared: true },
  { path: "/products/no-such-category", status: 200, shared: true },
  { path: "/products?page=2", status: 200, shared: true },
  { path: "/products?search=no-such-thing", status: 200, shared: true },
  { path: "/products?search=sensor&sort=price-low&min=5&max=80&stock=1&view=list&page=1", status: 200, shared: true },
  { path: "/product/1", status: 200, shared: true },
  { path: "/product/2?tab=specifications&image=1", status: 200, shared: true },
  { path: "/product/3?tab=reviews", status: 200, shared: true },
  // Not a page of its own: it redirects to the catalogue's search, which is what is checked.
  { path: "/search?search=arduino", status: 200, shared: true },
  { path: "/about", status: 200, shared: true },
  { path: "/contact", status: 200, shared: true },
  // Sets the sign-in form's CSRF cookie: personal even for an anonymous visitor.
  { path: "/auth", status: 200, shared: false },
  { path: "/auth?mode=sign-up", status: 200, shared: false },
  { path: "/no-such-page", status: 404, shared: false },
  { path: "/product/999999", status: 404, shared: false },
];

/** A contact message the form sends back: the email is not one, so every field is shown with what was typed. */
const BAD_CONTACT = { name: "Ada", email: "not-an-email", subject: "general", message: "Mine <b>&" };

interface Page {
  /** Who asked for what, e.g. "signed in, toast: GET /about". */
  label: string;
  response: RawResponse;
  /** The status the page must answer with. */
  status: number;
  /** Shared (rendered whole, a shared cache may keep it), or personal: streamed or rendered whole. */
  sent: Sent;
  /** Text of the toast the notification region must be showing, if any. */
  toast: string | null;
}

/** A browser (or a crawler): it sends its User-Agent and follows redirects as a browser does (a GET after a 303). */
class Browser extends Visitor {
  constructor(
    origin: string,
    readonly userAgent = BROWSER_AGENT,
  ) {
    super(origin);
  }

  override request(options: Parameters<Visitor["request"]>[0] = {}) {
    return super.request({ ...options, headers: { "user-agent": this.userAgent, ...options.headers } });
  }

  async follow(first: RawResponse, from: string): Promise<RawResponse> {
    let response = first;
    for (let hops = 0; response.status >= 300 && response.status < 400; hops++) {
      const location = response.headers.location;
      if (!location || hops === 5)
        throw new Error(`${from}: a redirect without an end (${response.status} ${location})`);
      const target = new URL(location, this.origin);
      response = await this.request({ path: target.pathname + target.search });
    }
    return response;
  }

  async get(pagePath: string): Promise<RawResponse> {
    return this.follow(await this.request({ path: pagePath }), pagePath);
  }
}

let server: RunningServer;
const pages: Page[] = [];

async function collectAnonymousPages() {
  for (const { path: pagePath, status, shared } of GET_PAGES) {
    const response = await new Browser(server.origin).get(pagePath);
    pages.push({
      label: `anonymous: GET ${pagePath}`,
      response,
      status,
      sent: shared ? "shared" : "streamed",
      toast: null,
    });
  }
  // A crawler is handed the personal pages whole (the shared ones are whole for everyone).
  for (const pagePath of ["/auth", "/no-such-page"]) {
    const { status } = GET_PAGES.find((page) => page.path === pagePath)!;
    const response = await new Browser(server.origin, CRAWLER_AGENT).get(pagePath);
    pages.push({ label: `crawler: GET ${pagePath}`, response, status, sent: "whole", toast: null });
  }

  const forms = new Browser(server.origin);
  // A form post without its token (CSRF): the error page, 403 (app/root.tsx ErrorBoundary). Not
  // /logout's: a resource route, it answers the refusal as it is, in plain text (csrf.server.ts).
  pages.push({
    label: "anonymous: POST /auth without a token",
    response: await forms.post("/auth", { intent: "sign-in", email: "ada@example.com", password: PASSWORD }),
    status: 403,
    sent: "streamed",
    toast: null,
  });
  // The contact form sent back with its errors, as without JavaScript.
  const contactFields = await forms.formFields("/contact");
  pages.push({
    label: "anonymous: POST /contact with errors",
    response: await forms.post("/contact", { ...contactFields, ...BAD_CONTACT }),
    status: 400,
    sent: "streamed",
    toast: null,
  });
  // A wrong password: the sign-in form again, with its toast in the same response.
  const signInFields = await forms.formFields("/auth");
  pages.push({
    label: "anonymous: POST /auth with a wrong password",
    response: await forms.post("/auth", { ...signInFields, email: "nobody@example.com", password: "wrong password" }),
    status: 400,
    sent: "streamed",
    toast: AUTH_PAGE["sign-in"].failure,
  });
  // A password too short: the sign-up form again, the field marked invalid with its message.
  const signUpFields = await forms.formFields("/auth?mode=sign-up");
  pages.push({
    label: "anonymous: POST /auth?mode=sign-up with a field error",
    response: await forms.post("/auth?mode=sign-up", { ...signUpFields, email: "ada@example.com", password: "short" }),
    status: 400,
    sent: "streamed",
    toast: AUTH_PAGE["sign-up"].failure,
  });
  // The footer's newsletter box sent back with its error, as without JavaScript.
  const newsletter = await forms.post("/notice", {
    feature: "newsletter",
    email: "not-an-email",
    redirectTo: "/about",
  });
  pages.push({
    label: "anonymous: the newsletter box sent back with its error",
    response: await forms.follow(newsletter, "/notice"),
    status: 200,
    sent: "streamed",
    toast: null,
  });
}

async function collectSignedInPages() {
  const browser = new Browser(server.origin);
  const fields = await browser.formFields("/auth?mode=sign-up");
  const signUp = await browser.post("/auth?mode=sign-up", {
    ...fields,
    email: `html-validity-${Date.now()}@example.com`,
    password: PASSWORD,
  });
  expect(signUp.status, "sign-up").toBe(303);
  // Sign-up's redirect carries its own toast.
  pages.push({
    label: "signed in: GET / after sign-up's redirect",
    response: await browser.follow(signUp, "/auth?mode=sign-up"),
    status: 200,
    sent: "streamed",
    toast: ACCOUNT_TOASTS.signedUp.title,
  });

  // Each page is reached as the notice form reaches it without JavaScript: the post sets the
  // toast's flash cookie and redirects back, and the page shows the toast.
  const withNotice = async (redirectTo: string) =>
    browser.follow(await browser.post("/notice", { feature: "cart", redirectTo }), "/notice");
  for (const { path: pagePath, status } of GET_PAGES) {
    // A signed-in shopper is sent home from the sign-in page; home is checked already.
    if (pagePath.startsWith("/auth")) continue;
    pages.push({
      label: `signed in, toast: GET ${pagePath}`,
      response: await withNotice(pagePath),
      status,
      sent: "streamed",
      toast: TOAST_TEXT,
    });
  }

  // The flash cookie is set and not yet read when each form below is posted.
  const contactFields = await browser.formFields("/contact");
  await browser.post("/notice", { feature: "cart", redirectTo: "/contact" });
  pages.push({
    label: "signed in, toast: POST /contact with errors",
    response: await browser.post("/contact", { ...contactFields, ...BAD_CONTACT }),
    status: 400,
    sent: "streamed",
    toast: TOAST_TEXT,
  });
  // The error page of a refused action has no toast, nor anyone signed in: the action's error is
  // caught by root's own ErrorBoundary, and React Router runs no loader of the route whose boundary
  // shows it (so the root loader, which reads the flash cookie, does not run).
  pages.push({
    label: "signed in: POST /auth with a wrong token",
    response: await browser.post("/auth", {
      csrf: "wrong",
      intent: "sign-in",
      email: "ada@example.com",
      password: PASSWORD,
    }),
    status: 403,
    sent: "streamed",
    toast: null,
  });
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/**
 * What the checker reports that a page must not have: errors, and warnings (an info message with the subtype
 * "warning", such as "Section lacks heading"). Its plain info messages are notes on markup that is valid as it is
 * ("Trailing slash on void elements", which React writes).
 */
function isProblem(message: VnuMessage): boolean {
  return message.type !== "info" || message.subType === "warning";
}

/** One run of the checker over every page (the JVM takes seconds to start): its errors and warnings by file name. */
function checkWithVnu(files: string[]): Promise<Map<string, VnuMessage[]>> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      // C1 only (no C2 compiler threads) halves the CPU time of one short run; C1's bigger frames need
      // a bigger stack than the 512 KB the checker asks for (1 MB overflows while it reads its schema).
      ["-Xss8m", "-XX:TieredStopAtLevel=1", "-jar", VNU_JAR, "--format", "json", "--stdout", ...files],
      { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      // It exits 1 when it found an error; its report is on stdout either way.
      (error, stdout, stderr) => {
        let report: { messages: VnuMessage[] };
        try {
          report = JSON.parse(stdout) as { messages: VnuMessage[] };
        } catch {
          reject(
            new Error(`The Nu HTML Checker gave no report (${error?.message ?? "no error"}):\n${stderr}${stdout}`),
          );
          return;
        }
        const byFile = new Map<string, VnuMessage[]>();
        for (const message of report.messages.filter(isProblem)) {
          // A file it could not read is reported as a message of type "non-document-error".
          const file = message.url ? path.basename(decodeURIComponent(new URL(message.url).pathname)) : "(no file)";
          byFile.set(file, [...(byFile.get(file) ?? []), message]);
        }
        resolve(byFile);
      },
    );
  });
}

const describeMessage = (m: VnuMessage) =>
  `line ${m.firstLine ?? m.lastLine ?? "?"}, column ${m.firstColumn ?? m.lastColumn ?? "?"}: ${m.message}` +
  (m.extract ? `\n      ${JSON.stringify(m.extract)}` : "");

const fileName = (index: number) => `page-${String(index).padStart(2, "0")}.html`;

let tempDir: string;
let errorsByFile: Map<string, VnuMessage[]>;
beforeAll(async () => {
  // Java from Debian, installed when missing as tests/support/postgres-server.ts does PostgreSQL.
  execFileSync("bash", [path.join(ROOT, "scripts/ensure-test-tools.sh"), "java"], { stdio: "inherit" });
  server = await startServer();
  await collectAnonymousPages();
  await collectSignedInPages();
  tempDir = mkdtempSync(path.join(tmpdir(), "makervolt-vnu-"));
  const files = pages.map((page, index) => {
    const file = path.join(tempDir, fileName(index));
    writeFileSync(file, page.response.body);
    return file;
  });
  errorsByFile = await checkWithVnu(files);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

describe("every page", () => {
  it("was sent as the case means it: its status, shared, streamed or whole, its toast", () => {
    for (const page of pages) {
      const { headers, body, status } = page.response;
      expect(status, page.label).toBe(page.status);
      expect(headers["content-type"], page.label).toMatch(/^text\/html/);
      expect(headers["cache-control"], page.label).toBe(page.sent === "shared" ? SHARED : PERSONAL);
      // A shared page's length is known before it is sent; a personal one goes out as React writes it.
      if (page.sent === "shared") expect(headers["content-length"], page.label).toMatch(/^\d+$/);
      else expect(headers["transfer-encoding"], page.label).toBe("chunked");
      expect(body.includes(STREAMED_BOUNDARY), `${page.label} was streamed`).toBe(page.sent === "streamed");
      if (page.toast) expect(body.includes(page.toast), `${page.label} shows "${page.toast}"`).toBe(true);
    }
  });

  it("ends with </html>, nothing after it", () => {
    const trailing = pages
      .map((page) => {
        const { body } = page.response;
        // The first: React escapes "<" in text, and every inline script (page data, JSON-LD) writes it as \u003c.
        const end = body.indexOf("</html>");
        if (end === -1) return `${page.label}: no </html>`;
        const after = body.slice(end + "</html>".length);
        return after.trim() ? `${page.label}: ${JSON.stringify(after.slice(0, 300))}` : null;
      })
      .filter(Boolean);
    expect(trailing, "what follows </html>").toEqual([]);
  });

  it("has no error or warning the Nu HTML Checker finds", () => {
    const report = pages
      .map((page, index) => ({ page, errors: errorsByFile.get(fileName(index)) ?? [] }))
      .filter(({ errors }) => errors.length)
      .map(({ page, errors }) => `${page.label}\n${errors.map((m) => `    ${describeMessage(m)}`).join("\n")}`);
    const elsewhere = [...errorsByFile].filter(([file]) => !/^page-\d+\.html$/.test(file));
    expect(elsewhere, "messages about no page").toEqual([]);
    expect(report.join("\n"), "the checker's errors and warnings, by page").toBe("");
  });
});
