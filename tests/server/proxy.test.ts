import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SHARED_PAGE_URLS } from "~/models/site/pages";
import { SHARED_PAGE_SECONDS } from "~/services/shared-pages.server";

import { pageDataPath } from "../support/page-data";
import { type ProxyTopology, startProxyTopology } from "../support/proxy-topology";
import { logLines, Visitor } from "./harness";

/**
 * The shop at scale, with real parts (docs/scaling.md): two built server processes on
 * one PostgreSQL 15 server, behind nginx with the example config and its cache. Nothing that
 * matters lives in one process (ADR 016, ADR 023), and the cache never hands one visitor's page, or
 * page data, to another (ADR 018, ADR 026).
 */

const PASSWORD = "correct horse battery";
/** Part of the notice's toast (app/models/toast/toast.ts) that HTML escaping leaves as it is. */
const TOAST_TEXT = "implemented yet";
/**
 * The shared pages (app/models/site/pages.ts) and a few more of their URLs: each is shared, so the
 * second visit is a cache hit.
 */
const PAGES = [...new Set([...SHARED_PAGE_URLS, "/products/sensors?sort=price-low", "/product/2"])];
/** The same pages' data, as a JavaScript shopper's client navigations ask for it. */
const PAGE_DATA = PAGES.map(pageDataPath);

let shop: ProxyTopology;
beforeAll(async () => {
  shop = await startProxyTopology();
});
afterAll(async () => {
  await shop?.stop();
});

async function signUp(visitor: Visitor, email: string) {
  const fields = await visitor.formFields("/auth?mode=sign-up");
  const response = await visitor.post("/auth?mode=sign-up", { ...fields, email, password: PASSWORD });
  expect(response.status).toBe(303);
}

describe("two processes on one PostgreSQL server", () => {
  it("a shopper signed in through one process is signed in through the other, and signed out of both", async () => {
    const [first, second] = shop.processes;
    const email = `both-${Date.now()}@example.com`;
    const visitor = new Visitor(first!.origin);
    await signUp(visitor, email);

    const elsewhere = new Visitor(second!.origin);
    for (const [name, value] of visitor.cookies) elsewhere.cookies.set(name, value);
    const page = await elsewhere.request({ path: "/about" });
    expect(page.body).toContain(email);

    // Logout through the second; the first no longer knows the session either.
    const csrf = /<input[^>]*name="csrf"[^>]*value="([^"]+)"/.exec(page.body)?.[1];
    expect(csrf).toBeTruthy();
    const logout = await elsewhere.post("/logout", { csrf: csrf! });
    expect(logout.status).toBe(303);
    const stale = new Visitor(first!.origin);
    stale.cookies.set("__session", visitor.cookies.get("__session")!);
    expect((await stale.request({ path: "/about" })).body).not.toContain(email);
  });

  it("five failed sign-ins for one email spread over both processes lock it on both, as five on one would", async () => {
    const email = `locked-${Date.now()}@example.com`;
    const visitors = shop.processes.map((process) => new Visitor(process.origin));
    const tokens = await Promise.all(visitors.map((visitor) => visitor.csrfToken("/auth")));
    const attempt = (i: number) =>
      visitors[i % 2]!.post("/auth", { csrf: tokens[i % 2]!, intent: "sign-in", email, password: `wrong ${i}` });
    for (let i = 0; i < 5; i++) expect((await attempt(i)).status, `attempt ${i + 1}`).toBe(400);
    expect((await attempt(5)).status).toBe(429);
    expect((await attempt(6)).status).toBe(429);
  });

  it("keep no pages of their own: the catalogue may change under them, so only the cache in front keeps pages", async () => {
    // ADR 020: the in-process page cache is for the embedded catalogue only.
    const [first] = shop.processes;
    for (let i = 0; i < 2; i++) {
      const page = await new Visitor(first!.origin).request({ path: "/about" });
      expect(page.headers["cache-control"]).toContain(`s-maxage=${SHARED_PAGE_SECONDS}`);
      expect(page.headers.age).toBeUndefined();
    }
  });
});

describe("through nginx", () => {
  it("five failed sign-ins for one email, shared out by nginx between the processes, lock it", async () => {
    const email = `proxied-${Date.now()}@example.com`;
    const posts = () => shop.processes.map((process) => process.output().match(/POST \/auth /g)?.length ?? 0);
    const before = posts();
    const visitor = new Visitor(shop.origin);
    const csrf = await visitor.csrfToken("/auth");
    const attempt = (i: number) => visitor.post("/auth", { csrf, intent: "sign-in", email, password: `wrong ${i}` });
    for (let i = 0; i < 5; i++) expect((await attempt(i)).status, `attempt ${i + 1}`).toBe(400);
    expect((await attempt(5)).status).toBe(429);
    // Both processes answered some of them: the limit held across processes, not inside one.
    const served = posts().map((count, i) => count - before[i]!);
    expect(
      served.every((count) => count > 0),
      `POST /auth per process: ${served.join(", ")}`,
    ).toBe(true);
  });
});

describe("nginx's log and the shop's", () => {
  it("join by request id: nginx's $request_id is the shop's reqId and the answer's X-Request-Id", async () => {
    const page = await new Visitor(shop.origin).request({ path: "/products?search=join" });
    const id = String(page.headers["x-request-id"]);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => shop.nginx.accessLog()).toContain(`rid=${id} cache=MISS`);
    // The shop's line reaches this process through a pipe: it may come a moment after nginx's.
    const shopLine = () =>
      shop.processes
        .flatMap((process) => logLines(process.output()))
        .find((line) => line.reqId === id && line.status !== undefined);
    await expect.poll(shopLine).toMatchObject({ url: "/products?search=join", status: 200 });
  });
});

describe("nginx in front, its cache on", () => {
  it("serves shared pages and their data from its cache the second time", async () => {
    for (const path of [...PAGES, ...PAGE_DATA]) {
      const visitor = new Visitor(shop.origin);
      const first = await visitor.request({ path });
      expect(first.status, path).toBe(200);
      expect(["MISS", "HIT", "EXPIRED", "UPDATING", "STALE"], path).toContain(first.headers["x-cache-status"]);
      const second = await new Visitor(shop.origin).request({ path });
      expect(second.headers["x-cache-status"], path).toBe("HIT");
      expect(second.headers["set-cookie"], path).toBeUndefined();
    }
  });

  it("never hands an anonymous visitor another visitor's page, toast or cookie", async () => {
    expect(await alternate(PAGES)).toEqual([]);
  });

  it("never hands an anonymous visitor another visitor's page data, toast or cookie", async () => {
    expect(await alternate(PAGE_DATA)).toEqual([]);
  });

  it("gets the same bytes of page data, rendered anew, for any anonymous visitor", async () => {
    // Straight to a process, which keeps no pages of its own: two renders, not one copy handed out twice.
    const [first] = shop.processes;
    // Not the contact page: its honeypot field holds the time, encrypted anew each render (any copy
    // is valid for everyone, tests/server/shared-pages.test.ts).
    for (const path of PAGE_DATA.filter((p) => !p.startsWith("/contact"))) {
      const one = await new Visitor(first!.origin).request({ path });
      const other = await new Visitor(first!.origin).request({ path });
      expect(one.status, path).toBe(200);
      expect(other.headers.age, path).toBeUndefined();
      expect(other.body, path).toBe(one.body);
    }
  });
});

/**
 * A signed-in visitor and an anonymous one taking turns on the same URLs through nginx, three
 * rounds, the signed-in one asking for a notice before each: the signed-in answers are theirs and
 * never from the cache, the anonymous ones never carry anything of theirs and are cache hits from
 * the second round on. Returns what went wrong.
 */
async function alternate(paths: string[]): Promise<string[]> {
  const email = `leak-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const signedIn = new Visitor(shop.origin);
  await signUp(signedIn, email);
  const anonymous = new Visitor(shop.origin);
  const problems: string[] = [];
  for (let round = 0; round < 3; round++) {
    // The signed-in visitor asks for a notice: their next answer carries its toast.
    const notice = await signedIn.post("/notice", { feature: "wishlist", redirectTo: "/about" });
    expect(notice.status).toBe(303);
    for (const [i, path] of paths.entries()) {
      const theirs = await signedIn.request({ path });
      if (!theirs.body.includes(email)) problems.push(`${path}: the signed-in visitor's answer without their email`);
      // The first answer after the notice shows its toast, once.
      if (i === 0 && !theirs.body.includes(TOAST_TEXT)) problems.push(`${path}: the toast did not show`);
      if (theirs.headers["cache-control"] !== "private, no-store") {
        problems.push(`${path}: signed in, Cache-Control ${theirs.headers["cache-control"]}`);
      }
      if (theirs.headers["x-cache-status"] === "HIT") problems.push(`${path}: signed in, a cache hit`);
      const mine = await anonymous.request({ path });
      if (mine.status !== 200) problems.push(`${path}: ${mine.status}`);
      if (mine.body.includes(email)) problems.push(`${path}: the signed-in email`);
      if (mine.body.includes(TOAST_TEXT)) problems.push(`${path}: the other visitor's toast`);
      if (mine.headers["set-cookie"]) problems.push(`${path}: Set-Cookie ${String(mine.headers["set-cookie"])}`);
      if (round > 0 && mine.headers["x-cache-status"] !== "HIT") problems.push(`${path}: not a hit in round ${round}`);
    }
  }
  if (anonymous.cookies.size)
    problems.push(`the anonymous visitor was given cookies: ${[...anonymous.cookies.keys()]}`);
  return problems;
}
