import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  PERSONAL_CACHE_CONTROL as PERSONAL,
  SHARED_CACHE_CONTROL as SHARED,
  SHARED_DATA_CACHE_CONTROL as SHARED_DATA,
} from "~/services/shared-pages.server";

import { pageDataPath } from "../support/page-data";
import { rawRequest, type RunningServer, startServer, Visitor } from "./harness";

/**
 * Anonymous pages and their data for client navigations (`.data`) are the same for every anonymous
 * visitor and say so, so a shared cache may keep them; everything personal says no cache may
 * (ADR 018, ADR 026). The proof through a real cache (nginx) is tests/server/proxy.test.ts.
 */

const SHARED_PAGES = [
  "/",
  "/products",
  "/products?search=sensor&sort=price-low&min=5&max=80&stock=1&view=list&page=1",
  "/products/sensors",
  "/products/no-such-category",
  "/product/1",
  "/product/2?tab=specifications&image=1",
  "/about",
  "/contact",
];
const PASSWORD = "correct horse battery";

/**
 * The page without what may differ between two renders of one shared page: the contact form's
 * encrypted honeypot timestamp (CryptoJS ciphertext, "Salted__" in base64), in its field and in the
 * page data. Any rendering of it is valid for every visitor.
 */
const comparable = (html: string) => html.replace(/U2FsdGVkX1[A-Za-z0-9+/=]+/g, "");

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("an anonymous visitor", () => {
  it.each(SHARED_PAGES)("%s is shared: public, Vary: Cookie, no cookie, no nonce, script hashes", async (path) => {
    const first = await new Visitor(server.origin).request({ path });
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe(SHARED);
    expect(String(first.headers.vary)).toMatch(/\bCookie\b/);
    expect(first.headers["set-cookie"]).toBeUndefined();
    const csp = String(first.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toMatch(/nonce|unsafe-inline'[^;]*;.*script|script-src[^;]*unsafe-inline/);
    expect(first.body).not.toMatch(/\snonce="/);
    expect(first.body).not.toMatch(/name="csrf"/);
    // A second visitor is handed the same page.
    const second = await new Visitor(server.origin).request({ path });
    expect(comparable(second.body)).toBe(comparable(first.body));
  });

  it("lists only the page's own scripts in its CSP, whatever a search term holds", async () => {
    const hashes = async (search: string) => {
      const page = await new Visitor(server.origin).request({ path: `/products?search=${encodeURIComponent(search)}` });
      expect(page.headers["cache-control"]).toBe(SHARED);
      return String(page.headers["content-security-policy"]).match(/'sha256-[^']+'/g) ?? [];
    };
    const plain = await hashes("sensor");
    const hostile = await hashes('<script>alert(1)</script>"><script>alert(2)</script>');
    expect(hostile).toHaveLength(plain.length);
    // sha256 of "alert(1)" and "alert(2)", which would be listed if the term's text were read as scripts.
    expect(hostile).not.toContain("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    expect(hostile).not.toContain("'sha256-4axlHpxgDbFzJObpXPFZgZhULrEGgJiud3OwxN9unHg='");
  });

  it("gets personal answers where a form or a page is theirs: sign-in, a notice's toast, page data", async () => {
    const visitor = new Visitor(server.origin);
    const auth = await visitor.request({ path: "/auth" });
    expect(auth.headers["cache-control"]).toBe(PERSONAL);
    expect(String(auth.headers["set-cookie"])).toMatch(/^csrf=/);
    expect(String(auth.headers["content-security-policy"])).toMatch(/'nonce-/);

    const notice = await visitor.post("/notice", { feature: "cart", redirectTo: "/about" });
    expect(notice.status).toBe(303);
    const withToast = await visitor.request({ path: "/about" });
    expect(withToast.headers["cache-control"]).toBe(PERSONAL);
    expect(withToast.body).toContain("implemented yet");
    // The toast is shown once; the page after it is shared again (the csrf cookie changes nothing).
    const after = await visitor.request({ path: "/about" });
    expect(after.headers["cache-control"]).toBe(SHARED);
    expect(after.headers["set-cookie"]).toBeUndefined();

    // A form sent back with its errors is theirs: what they typed is in it.
    const contact = await visitor.post("/contact", {
      name: "Ada",
      email: "not-an-email",
      subject: "general",
      message: "Mine",
    });
    expect(contact.status).toBe(400);
    expect(contact.headers["cache-control"]).toBe(PERSONAL);
    expect(contact.body).toContain(">Mine</textarea>");

    const notFound = await visitor.request({ path: "/product/999999" });
    expect(notFound.status).toBe(404);
    expect(notFound.headers["cache-control"]).toBe(PERSONAL);
  });
});

describe("page data (.data) for an anonymous visitor", () => {
  it.each(SHARED_PAGES)("%s: shared, Vary: Cookie, no cookie, the same bytes for the next visitor", async (path) => {
    const first = await new Visitor(server.origin).request({ path: pageDataPath(path) });
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^text\/x-script/);
    expect(first.headers["cache-control"]).toBe(SHARED_DATA);
    expect(String(first.headers.vary)).toMatch(/\bCookie\b/);
    expect(first.headers["set-cookie"]).toBeUndefined();
    expect(first.body).toContain('"visitor"');
    expect(first.body).not.toMatch(/csrf|"user"|"toast"/);
    const second = await new Visitor(server.origin).request({ path: pageDataPath(path) });
    expect(second.body).toBe(first.body);
  });

  it("is personal with a toast pending, with a form sent back, and for a revalidation naming its loaders", async () => {
    const visitor = new Visitor(server.origin);
    expect((await visitor.post("/notice", { feature: "cart", redirectTo: "/about" })).status).toBe(303);
    const withToast = await visitor.request({ path: "/about.data" });
    expect(withToast.headers["cache-control"]).toBe(PERSONAL);
    expect(withToast.body).toContain("implemented yet");
    // Shown once: the next data is shared again.
    expect((await visitor.request({ path: "/about.data" })).headers["cache-control"]).toBe(SHARED_DATA);

    // The footer's newsletter box without JavaScript: a bad email comes back to the next page.
    const sentBack = await visitor.post("/notice", { feature: "newsletter", email: "not-an-email", redirectTo: "/" });
    expect(sentBack.status).toBe(303);
    const withForm = await visitor.request({ path: "/_.data" });
    expect(withForm.headers["cache-control"]).toBe(PERSONAL);
    expect(withForm.body).toContain("not-an-email");

    const revalidation = await new Visitor(server.origin).request({ path: "/product/1.data?_routes=root" });
    expect(revalidation.status).toBe(200);
    expect(revalidation.headers["cache-control"]).toBe(PERSONAL);

    const notFound = await new Visitor(server.origin).request({ path: "/product/999999.data" });
    expect(notFound.status).toBe(404);
    expect(notFound.headers["cache-control"]).toBe(PERSONAL);

    const search = await new Visitor(server.origin).request({ path: "/search.data?search=sensor" });
    expect(search.headers["cache-control"]).toBe(PERSONAL);
  });
});

describe("a signed-in visitor", () => {
  it("is never told a page may be shared, and every page knows them", async () => {
    const visitor = new Visitor(server.origin);
    const email = `shared-pages-${Date.now()}@example.com`;
    const fields = await visitor.formFields("/auth?mode=sign-up");
    const signUp = await visitor.post("/auth?mode=sign-up", { ...fields, email, password: PASSWORD });
    expect(signUp.status).toBe(303);
    for (const path of SHARED_PAGES) {
      const page = await visitor.request({ path });
      expect(page.headers["cache-control"], path).toBe(PERSONAL);
      expect(String(page.headers.vary), path).toMatch(/\bCookie\b/);
      expect(page.body, path).toContain(email);
      expect(String(page.headers["content-security-policy"]), path).toMatch(/'nonce-/);
      const data = await visitor.request({ path: pageDataPath(path) });
      expect(data.headers["cache-control"], pageDataPath(path)).toBe(PERSONAL);
      expect(data.body, pageDataPath(path)).toContain(email);
    }
  });
});

describe("the server's own page cache (embedded catalogue, ADR 020)", () => {
  it("keeps a shared page's data too", async () => {
    const path = pageDataPath(`/products?search=${Math.random().toString(36).slice(2, 8)}`);
    const first = await new Visitor(server.origin).request({ path });
    expect(first.headers.age).toBeUndefined();
    const second = await new Visitor(server.origin).request({ path });
    expect(second.headers.age).toMatch(/^\d+$/);
    expect(second.headers["cache-control"]).toBe(SHARED_DATA);
    expect(second.body).toBe(first.body);
  });

  /** A shared page nobody has asked for yet in this run. */
  const freshPath = () => `/products?search=${Math.random().toString(36).slice(2, 8)}`;

  it("renders a shared page once, then hands the same page to the next anonymous visitors with its Age", async () => {
    const path = freshPath();
    const first = await new Visitor(server.origin).request({ path });
    expect(first.status).toBe(200);
    expect(first.headers.age).toBeUndefined();
    const second = await new Visitor(server.origin).request({ path });
    expect(second.headers.age).toMatch(/^\d+$/);
    expect(second.body).toBe(first.body);
    for (const header of ["cache-control", "content-security-policy", "content-type", "x-content-type-options"]) {
      expect(second.headers[header], header).toBe(first.headers[header]);
    }
    expect(String(second.headers.vary)).toMatch(/\bCookie\b/);
    expect(String(second.headers.vary)).toMatch(/\bAccept-Encoding\b/);

    const head = await new Visitor(server.origin).request({ method: "HEAD", path });
    expect(head.status).toBe(200);
    expect(head.headers.age).toMatch(/^\d+$/);
    expect(head.body).toBe("");
  });

  it("sends the cached page gzipped to a browser and plain to a client that takes no gzip", async () => {
    const path = freshPath();
    const plain = await new Visitor(server.origin).request({ path });
    const gzipped = await fetch(new URL(path, server.origin), { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(gzipped.headers.get("age")).toMatch(/^\d+$/);
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(await gzipped.text()).toBe(plain.body);
  });

  it("renders anew for a visitor with any cookie, and never keeps a personal page", async () => {
    const path = freshPath();
    await new Visitor(server.origin).request({ path });
    const withCookie = await rawRequest(server.origin, { path, headers: { cookie: "csrf=abc" } });
    expect(withCookie.headers["cache-control"]).toBe(SHARED);
    expect(withCookie.headers.age).toBeUndefined();

    for (const personal of ["/auth", "/product/999999", "/product/1.data?_routes=root"]) {
      await new Visitor(server.origin).request({ path: personal });
      const again = await new Visitor(server.origin).request({ path: personal });
      expect(again.headers.age, personal).toBeUndefined();
    }
  });
});
