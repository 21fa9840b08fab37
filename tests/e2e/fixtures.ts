import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";

/** The WCAG tags DESIGN §7 audits against (wcag22aa turns on target-size), plus best practices. */
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
    await page.route("**/build/**/*.js", (route) => route.abort());
    await audit(page);
  } finally {
    await context.close();
  }
}

/** Fails with a readable list of axe's findings (DESIGN §7 tags) on the page as it is now. */
export async function expectNoViolations(page: Page) {
  // Only violations are read: axe then skips listing every passing node, a quarter of its time.
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).options({ resultTypes: ["violations"] }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits until React has hydrated, so JS-project tests exercise the enhanced page. The root
 * marks <html> with data-hydrated once its first effect runs.
 */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export { expect };
