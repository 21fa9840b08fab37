import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
  test as base,
} from "@playwright/test";

/**
 * The WCAG tags the shop is audited against (wcag22aa turns on target-size), plus best practices
 * (docs/accessibility.md#automated-audits).
 */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

interface Fixtures {
  /** True in the "js" project, false in "no-js". */
  hasJs: boolean;
  /** Asserts that axe finds nothing on `path` as this project renders it. */
  expectAccessible: (path: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  hasJs: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  expectAccessible: async ({ browser, page, hasJs }, use) => {
    await use(async (path: string) => {
      if (hasJs) {
        await page.goto(path);
        await waitForHydration(page);
        await expectNoViolations(page);
        return;
      }
      await withServerHtmlOnly(browser, async (auditPage) => {
        await auditPage.goto(path);
        await expectNoViolations(auditPage);
      });
    });
  },
});

/**
 * Runs `audit` on a page that shows the no-JS rendering but can still run axe: axe needs script,
 * so the context has JavaScript on (Playwright would otherwise apply the no-js project's
 * setting to it too, and axe would hang) with the app's own bundles blocked, so the page stays
 * exactly as the server sent it. `options` adds context settings, e.g. a viewport or
 * `reducedMotion`.
 */
export async function withServerHtmlOnly(
  browser: Browser,
  audit: (page: Page) => Promise<void>,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ ...options, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await page.route("**/assets/**/*.js", (route) => route.abort());
    await audit(page);
  } finally {
    await context.close();
  }
}

/** Fails with a readable list of axe's findings (AXE_TAGS) on the page as it is now. */
export async function expectNoViolations(page: Page) {
  // Only violations are read: axe then skips listing every passing node, a quarter of its time.
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Holds every toast on the page as a shopper reads it: fully in, and not yet leaving. The server
 * HTML's toast fades in over 150 ms and fades out by CSS 5 s later, and Radix closes its own after
 * 5 s, so an audit that starts during the fade-in, or outlasts the 5 s on a busy machine, would
 * read a half-transparent toast. Entry animations run to their end, the auto-hide is paused before
 * it starts, and Radix's timer pauses as when the pointer rests on the toast. Fails if a toast is
 * already closing, or if it is not fully opaque and visible once held.
 */
export async function holdToastsShown(page: Page) {
  const held = await page.evaluate(() => {
    const region = document.querySelector('[role="region"][aria-label^="Notifications"]');
    region?.querySelector("ol")?.dispatchEvent(new PointerEvent("pointermove", { bubbles: true }));
    const entering = ["toast-reveal", "toast-appear", "toast-slide-in"];
    const leaving = ["toast-auto-hide", "toast-disappear"];
    const unexpected: string[] = [];
    for (const animation of document.getAnimations()) {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      if (!target?.closest(".toast-static, .toast-radix")) continue;
      const name = animation instanceof CSSAnimation ? animation.animationName : String(animation.id);
      if (entering.includes(name)) animation.finish();
      else if (leaving.includes(name)) {
        animation.pause();
        animation.currentTime = 0;
      } else unexpected.push(name);
    }
    const cards = [...document.querySelectorAll(".toast-static:not(:target) .toast-static-reveal, .toast-radix")];
    const shown = cards.map((card) => {
      const style = getComputedStyle(card);
      return `${style.visibility}, opacity ${style.opacity}`;
    });
    return { unexpected, shown };
  });
  expect(held.unexpected, "toast animations that neither bring a toast in nor hide it").toEqual([]);
  expect(held.shown.length, "toasts on the page").toBeGreaterThan(0);
  for (const shown of held.shown) expect(shown, "a held toast").toBe("visible, opacity 1");
}

/**
 * Waits until React has hydrated, so JS-project tests exercise the enhanced page. The root
 * marks <html> with data-hydrated once its first effect runs.
 */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export { expect };

/**
 * Waits until the page shown is `path` (pathname and search, or a full URL), not merely the address
 * bar. Without JavaScript a new URL is a new document, so the URL is proof enough. With it, a client
 * navigation changes the URL before React renders the new page, so for a moment the old page's
 * headings and links are still there to be read (and a heading seen is no proof of which page it
 * belongs to): the root marks <html data-location> once the page for the URL has rendered.
 */
export async function waitForPage(page: Page, path: string) {
  const url = new URL(path, page.url());
  await expect(page).toHaveURL(url.href);
  if (test.info().project.use.javaScriptEnabled === false) return;
  await expect(page.locator("html"), `the page for ${url.pathname}${url.search}`).toHaveAttribute(
    "data-location",
    url.pathname + url.search,
  );
}

/**
 * Follows the first of `links` as a shopper would: reads its href once, clicks the link with that
 * very href (`links.first()` is resolved again at the click, and may by then be another link), and
 * waits for the page it leads to (waitForPage). Returns the href.
 */
export async function followLink(page: Page, links: Locator): Promise<string> {
  const href = await links.first().getAttribute("href");
  if (href === null) throw new Error(`no href on ${links.first().toString()}`);
  await links
    .and(page.locator(`[href=${JSON.stringify(href)}]`))
    .first()
    .click();
  await waitForPage(page, href);
  return href;
}
