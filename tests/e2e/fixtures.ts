import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

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
      // axe needs script to run, so audit the no-JS rendering in a JS-enabled context with the
      // app's own bundles blocked: the page stays exactly as the server sent it.
      // Playwright applies the project's `use` options to browser.newContext() too, so turn
      // JavaScript back on explicitly: axe runs as script and hangs without it.
      const context = await browser.newContext({ javaScriptEnabled: true });
      try {
        const auditPage = await context.newPage();
        await auditPage.route("**/build/**/*.js", (route) => route.abort());
        await auditPage.goto(path);
        await expectNoViolations(auditPage);
      } finally {
        await context.close();
      }
    });
  },
});

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
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
