import { randomUUID } from "node:crypto";

import type { Page, Request, Response } from "@playwright/test";

import { SHARED_DATA_CACHE_CONTROL as SHARED_DATA } from "~/services/shared-pages.server";

import { pageDataPath } from "../support/page-data";
import { expect, followLink, test, waitForHydration, waitForPage } from "./fixtures";

/**
 * A JavaScript shopper through the shop as it runs at scale (nginx and its cache in front of two
 * processes: playwright.proxy.config.ts, which alone runs this file): one document, then client
 * navigations, each asking for its page's data (`.data`). An anonymous shopper's data is shared,
 * so the next shopper's is served by nginx's cache; a signed-in shopper's never is (ADR 026).
 * Only with JavaScript: without it there are no client navigations, and every document is
 * already checked through the cache (tests/server/proxy.test.ts).
 */

/** nginx served it from its cache (a copy past its minute is served while nginx refreshes it). */
const FROM_CACHE = ["HIT", "STALE", "UPDATING"];

/**
 * The links a shopper follows from the home page, each a client navigation: a category, its first
 * product, About, the catalogue, its first product, and home again.
 */
const JOURNEY = [
  'main a[href="/products/sensors"]',
  'main a[href^="/product/"]',
  'header a[href="/about"]',
  'main a[href="/products"]',
  'main a[href^="/product/"]',
  'header a[href="/"]',
];

interface DataAnswer {
  path: string;
  status: number;
  cacheControl: string | undefined;
  cacheStatus: string | undefined;
  setCookie: string | undefined;
  /** null when Chromium no longer held it (a streamed answer the next navigation overtook). */
  body: string | null;
}

interface PageDataRecorder {
  answers: DataAnswer[];
  /** Forgets what was recorded, and every answer to a request sent before now, whenever it arrives. */
  clear(): void;
}

/**
 * Every `.data` answer the page's navigations receive, as it arrives (not a hover's prefetch, whose
 * body Playwright does not keep: the navigation after it is recorded, from the browser's cache).
 * A body is read after its answer arrives, and an answer may arrive after the test has moved on:
 * each answer is kept only if its request was sent since the last clear().
 */
function recordPageData(page: Page): PageDataRecorder {
  const answers: DataAnswer[] = [];
  let round = 0;
  const sentInRound = new WeakMap<Request, number>();
  page.on("request", (request) => sentInRound.set(request, round));
  page.on("response", (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith(".data") || response.request().resourceType() !== "fetch") return;
    const sentIn = sentInRound.get(response.request());
    const headers = response.headers();
    void response
      .text()
      .catch(() => null)
      .then((body) => {
        if (sentIn !== round) return;
        answers.push({
          path: url.pathname + url.search,
          status: response.status(),
          cacheControl: headers["cache-control"],
          cacheStatus: headers["x-cache-status"],
          setCookie: headers["set-cookie"],
          body,
        });
      });
  });
  return {
    answers,
    clear() {
      round += 1;
      answers.length = 0;
    },
  };
}

/**
 * Home as a document, then JOURNEY by following links (the first on the page of each), each step
 * waiting for its page to be the one shown before the next link is read. Returns the data paths of
 * the pages visited.
 */
async function browse(page: Page): Promise<string[]> {
  await page.goto("/");
  await waitForHydration(page);
  const visited: string[] = [];
  for (const selector of JOURNEY) visited.push(pageDataPath(await followLink(page, page.locator(selector))));
  return visited;
}

/** Waits until every path's data has been answered (the recorder reads bodies asynchronously). */
async function answersFor(answers: DataAnswer[], paths: string[]): Promise<DataAnswer[]> {
  await expect.poll(() => paths.filter((path) => !answers.some((a) => a.path === path))).toEqual([]);
  return answers.filter((answer) => paths.includes(answer.path));
}

test.describe("client navigations through the shared cache @js-only", () => {
  test("the next anonymous shopper's page data comes from nginx's cache, the same for both", async ({ browser }) => {
    const first = await browser.newContext();
    const firstPage = await first.newPage();
    const firstAnswers = recordPageData(firstPage).answers;
    const journey = await browse(firstPage);
    const before = await answersFor(firstAnswers, journey);
    await first.close();

    const next = await browser.newContext();
    const nextPage = await next.newPage();
    const nextAnswers = recordPageData(nextPage).answers;
    expect(await browse(nextPage)).toEqual(journey);
    for (const answer of await answersFor(nextAnswers, journey)) {
      expect(answer.status, answer.path).toBe(200);
      expect(answer.cacheControl, answer.path).toBe(SHARED_DATA);
      expect(FROM_CACHE, answer.path).toContain(answer.cacheStatus);
      expect(answer.setCookie, answer.path).toBeUndefined();
      expect(answer.body, answer.path).not.toBeNull();
      expect(answer.body, answer.path).toBe(before.find((a) => a.path === answer.path)!.body);
    }
    expect(await next.cookies()).toEqual([]);
    await next.close();
  });

  test("a hover's prefetch is the data the click then uses: one fetch, one URL", async ({ page }) => {
    // What reached the network, as Chromium tells it (a copy from its own cache is not counted).
    const fetched: string[] = [];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    cdp.on("Network.responseReceived", ({ response }) => {
      const url = new URL(response.url);
      if (url.pathname.endsWith(".data") && !response.fromDiskCache && !response.fromPrefetchCache) {
        fetched.push(url.pathname + url.search);
      }
    });
    await page.goto("/products/sensors");
    await waitForHydration(page);
    const productPath = (await page.getByRole("main").locator('a[href^="/product/"]').first().getAttribute("href"))!;
    const card = page.getByRole("main").locator(`a[href="${productPath}"]`).first();
    const dataPath = pageDataPath(productPath);

    await card.hover();
    // React Router's prefetch: a <link rel="prefetch"> for the page's data, at the URL a click asks for.
    await expect(page.locator(`link[rel="prefetch"][as="fetch"]`)).toHaveAttribute("href", dataPath);
    await expect.poll(() => fetched.filter((path) => path === dataPath).length).toBe(1);
    await card.click();
    await waitForPage(page, productPath);
    expect(fetched.filter((path) => path === dataPath)).toEqual([dataPath]);
    // No other URL for the same page (no cache-busting parameter, no `_routes=`).
    expect(fetched.filter((path) => path.startsWith(productPath))).toEqual([dataPath]);
  });

  test("a signed-in shopper's page data is theirs and never from the cache, right after browsing anonymously", async ({
    page,
  }) => {
    const recorder = recordPageData(page);
    await answersFor(recorder.answers, await browse(page));

    const email = `cache-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto("/auth?mode=sign-up");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("textbox", { name: "Email address" }).fill(email);
    await page.getByRole("main").getByLabel("Password", { exact: true }).fill("correct horse battery");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("banner")).toContainText(email);

    recorder.clear();
    for (const answer of await answersFor(recorder.answers, await browse(page))) {
      expect(answer.cacheControl, answer.path).toBe("private, no-store");
      expect(FROM_CACHE, answer.path).not.toContain(answer.cacheStatus);
      if (answer.body !== null) expect(answer.body, answer.path).toContain(email);
    }
    await expect(page.getByRole("banner")).toContainText(email);
  });
});
