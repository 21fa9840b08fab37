import { randomUUID } from "node:crypto";

import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";

import { ACCOUNT_TOASTS, AUTH_PAGE } from "~/models/account/account-texts";
import { AUDITED_ROUTES, type RouteName } from "~/models/site/pages";

import { expect, expectNoViolations, holdToastsShown, test, waitForHydration, withServerHtmlOnly } from "./fixtures";
import { linkMailedTo } from "./mail";
import { test as testWithWithdrawn } from "./withdrawn-shop";

/**
 * The WCAG 2.2 AA audit (docs/accessibility.md#automated-audits): every route and notable state,
 * in both renderings, at 320, 768 and 1280 px. Axe covers what it can measure; the probes below
 * cover what it cannot: reflow inside scroll boxes, focus hidden under the sticky header or a
 * toast (2.4.11), focus rings and their contrast (2.4.7, 1.4.11), motion under
 * prefers-reduced-motion (2.3.3), text over gradients, hover and focus colours, disabled controls
 * and placeholders (1.4.3), and target sizes (2.5.8).
 *
 * Without JavaScript the page is audited as the server sent it, with the app's scripts blocked
 * in a context that can still run axe and the probes (see withServerHtmlOnly).
 */

// Each test audits several pages at several widths: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const WIDTHS = [320, 768, 1280] as const;
const HEIGHT = 800;

/** Seed products (supabase/seed.sql gives explicit ids), one of each stock state. */
const IN_STOCK = "/product/1";
const ON_SALE = "/product/2";
const OUT_OF_STOCK = "/product/7";

const PASSWORD = "correct horse battery";

/** A misspelt search, corrected (the notice after the heading), with active filters above the results. */
const CORRECTED_WITH_FILTERS = "/products?search=temprature&min=5&max=50";
/** The exact search for the misspelt term: nothing found, a suggestion and the category links. */
const EXACT_WITH_NOTHING = "/products?search=temprature&exact=1";

type Steps = (page: Page) => Promise<void>;

/** Pages showing the server HTML with the app's scripts blocked: they never hydrate. */
const serverHtmlPages = new WeakSet<Page>();

/**
 * Runs `steps` in this project's rendering: the page that hydrates (js), or the server HTML with
 * the app's scripts blocked (no-js). Both get the probes below installed on every document.
 */
async function inRendering(
  { hasJs, page, browser }: { hasJs: boolean; page: Page; browser: Browser },
  steps: Steps,
  options: BrowserContextOptions = {},
) {
  if (!hasJs) {
    await withServerHtmlOnly(
      browser,
      async (auditPage) => {
        serverHtmlPages.add(auditPage);
        await auditPage.context().addInitScript(installProbes);
        await steps(auditPage);
      },
      options,
    );
    return;
  }
  await page.context().addInitScript(installProbes);
  if (options.viewport) await page.setViewportSize(options.viewport);
  if (options.reducedMotion) await page.emulateMedia({ reducedMotion: options.reducedMotion });
  await steps(page);
}

const hydrates = (page: Page) => !serverHtmlPages.has(page);

/** Waits for the page as the shopper gets it: fully streamed, and hydrated when script runs. */
async function settle(page: Page) {
  await page.waitForLoadState("load");
  if (hydrates(page)) await waitForHydration(page);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await settle(page);
}

/** Axe at each width on the page as it is now; at 320 px also no sideways scrolling (1.4.10). */
async function auditAtEveryWidth(page: Page) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await expectNoViolations(page);
    if (width === 320) await expectReflow(page);
  }
}

async function expectReflow(page: Page) {
  const overflow = await page.evaluate(() => window.__a11yProbes.horizontalOverflow());
  expect(overflow, `sideways scrolling at ${page.viewportSize()?.width} px on ${page.url()}`).toEqual([]);
}

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

/** A not-implemented notice from the footer (a native POST without script, a fetcher with it). */
async function showNotice(page: Page) {
  await page.getByRole("contentinfo").getByRole("button", { name: "FAQ" }).click();
  await settle(page);
  await expect(notifications(page).getByText("isn't implemented yet").first()).toBeVisible();
}

async function fillAuthForm(page: Page, email: string, password: string) {
  await page.getByRole("main").getByRole("textbox", { name: "Email address" }).fill(email);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(password);
}

test.describe("axe and reflow at 320, 768 and 1280 px", () => {
  // Every page of the list of the shop's pages (app/models/site/pages.ts) at each of its example URLs,
  // and the not-found page: a page added there is audited here without another line. The tests
  // after these audit the states a page reaches with its query, a form or a menu.
  for (const route of AUDITED_ROUTES) {
    const urls = route.examples.map((example) => example.url);
    test(`${route.name}: ${urls.join(" and ")}`, async ({ hasJs, page, browser }) => {
      await inRendering({ hasJs, page, browser }, async (shop) => {
        for (const url of urls) {
          await open(shop, url);
          await auditAtEveryWidth(shop);
        }
      });
    });
  }

  for (const paths of [
    ["/products", "/products/sensors"],
    ["/products?page=2", "/products?view=list"],
  ]) {
    test(`the catalogue: ${paths.join(" and ")}`, async ({ hasJs, page, browser }) => {
      await inRendering({ hasJs, page, browser }, async (shop) => {
        for (const path of paths) {
          await open(shop, path);
          await auditAtEveryWidth(shop);
        }
      });
    });
  }

  test("a search with results and one with none", async ({ hasJs, page, browser }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      await open(shop, "/products?search=sensor");
      await expect(shop.getByRole("main").getByRole("article").first()).toBeVisible();
      await auditAtEveryWidth(shop);
      await open(shop, "/products?search=no-such-part-anywhere");
      await expect(shop.getByText("No products found matching your criteria.")).toBeVisible();
      await auditAtEveryWidth(shop);
    });
  });

  test("a corrected search, the exact search with its suggestion, and active filters", async ({
    hasJs,
    page,
    browser,
  }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      await open(shop, CORRECTED_WITH_FILTERS);
      await expect(shop.getByText(/^No exact match for "temprature"/)).toBeVisible();
      await auditAtEveryWidth(shop);
      await open(shop, EXACT_WITH_NOTHING);
      await expect(shop.getByRole("link", { name: /^Did you mean / })).toBeVisible();
      await auditAtEveryWidth(shop);
      await open(shop, "/products/sensors?search=temperature&stock=1&min=5&max=25&sort=price-low");
      await expect(shop.getByRole("region", { name: "Active filters" })).toBeVisible();
      await auditAtEveryWidth(shop);
    });
  });

  test("products in stock, on sale and out of stock", async ({ hasJs, page, browser }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      for (const path of [IN_STOCK, ON_SALE, OUT_OF_STOCK]) {
        await open(shop, path);
        await auditAtEveryWidth(shop);
      }
    });
  });

  test("the specifications and reviews tabs, and a product that does not exist", async ({ hasJs, page, browser }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      for (const path of [`${IN_STOCK}?tab=specifications`, `${IN_STOCK}?tab=reviews`, "/product/999999999"]) {
        await open(shop, path);
        await auditAtEveryWidth(shop);
      }
      await expect(shop.getByRole("heading", { level: 1 })).toHaveText("Product not found.");
    });
  });

  testWithWithdrawn("a product no longer sold (410 Gone)", async ({ hasJs, page, browser, withdrawnShop }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      await open(shop, withdrawnShop.url);
      await auditAtEveryWidth(shop);
    });
  });

  test("contact, its form sent back with errors, and the Message Sent toast", async ({ hasJs, page, browser }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      await open(shop, "/contact");
      await auditAtEveryWidth(shop);
      // A POST with every field empty and the page's own CSRF token: the form comes back with errors.
      await shop.getByRole("button", { name: "Send Message" }).click();
      await settle(shop);
      await expect(shop.getByRole("heading", { name: "There is a problem" })).toBeVisible();
      await auditAtEveryWidth(shop);

      await shop.getByRole("textbox", { name: "Name", exact: true }).fill("Ada Maker");
      await shop.getByRole("textbox", { name: "Email", exact: true }).fill("ada@example.com");
      await shop.getByRole("combobox", { name: "Subject" }).selectOption({ index: 1 });
      await shop.getByRole("textbox", { name: "Message", exact: true }).fill("Do you stock 0805 resistors?");
      await shop.getByRole("button", { name: "Send Message" }).click();
      await settle(shop);
      await expect(notifications(shop).getByText("Message Sent", { exact: true })).toBeVisible();
      // Audited as shoppers read it: fully shown, not mid-fade (three widths take longer than its 5 s).
      await holdToastsShown(shop);
      await auditAtEveryWidth(shop);
    });
  });

  test("sign-in, sign-up, and a failed sign-in with its destructive toast", async ({ hasJs, page, browser }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      await open(shop, "/auth?mode=sign-up");
      await auditAtEveryWidth(shop);
      await open(shop, "/auth");
      await auditAtEveryWidth(shop);
      await fillAuthForm(shop, `nobody-${randomUUID().slice(0, 8)}@example.com`, "not the password");
      await shop.getByRole("button", { name: "Sign In" }).click();
      await settle(shop);
      await expect(notifications(shop).getByText(AUTH_PAGE["sign-in"].failure, { exact: true })).toBeVisible();
      await holdToastsShown(shop);
      await auditAtEveryWidth(shop);
    });
  });

  test("signed in with the account menu open, then a notice toast", async ({ hasJs, page, browser }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      await open(shop, "/auth?mode=sign-up");
      const email = `audit-${randomUUID().slice(0, 8)}@example.com`;
      await fillAuthForm(shop, email, PASSWORD);
      await shop.getByRole("button", { name: "Sign Up" }).click();
      await settle(shop);
      await expect(notifications(shop).getByText(ACCOUNT_TOASTS.signedUp.title, { exact: true })).toBeVisible();
      // Signed in by the mailed confirmation link (tests/e2e/mail.ts).
      await open(shop, await linkMailedTo(email));
      await expect(notifications(shop).getByText("Email confirmed", { exact: true })).toBeVisible();
      await holdToastsShown(shop);
      await shop.getByRole("banner").locator("details:has(form[action='/logout']) > summary").click();
      await expect(shop.getByRole("banner").getByText(email)).toBeVisible();
      await auditAtEveryWidth(shop);

      await open(shop, "/about");
      await showNotice(shop);
      await holdToastsShown(shop);
      await auditAtEveryWidth(shop);
    });
  });

  test("open menus: categories, the mobile menu at 320 px, the filter panel on a phone", async ({
    hasJs,
    page,
    browser,
  }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      await open(shop, "/products");
      await shop.setViewportSize({ width: 1280, height: HEIGHT });
      const main = shop.getByRole("navigation", { name: "Main" });
      await main.locator("summary", { hasText: "Categories" }).click();
      await expect(main.getByRole("link", { name: "Sensors", exact: true })).toBeVisible();
      for (const width of [768, 1280]) {
        await shop.setViewportSize({ width, height: HEIGHT });
        await expectNoViolations(shop);
      }

      await open(shop, "/products");
      await shop.setViewportSize({ width: 320, height: HEIGHT });
      await shop.getByRole("banner").locator("summary", { hasText: "Menu" }).click();
      await expect(shop.getByRole("navigation", { name: "Mobile" })).toBeVisible();
      await expectNoViolations(shop);
      await expectReflow(shop);

      // The filter panel opened on a phone (in place with script, by a page load without).
      await open(shop, "/products");
      await shop.getByRole("button", { name: "Show filters" }).click();
      await expect(shop.getByRole("combobox", { name: "Category" })).toBeVisible();
      await expectNoViolations(shop);
      await expectReflow(shop);
    });
  });
});

/** Everything the Tab key reaches, as the probes saw it at each stop. */
async function walkFocus(page: Page, direction: "forward" | "backward"): Promise<FocusStop[]> {
  await page.evaluate(() => window.__a11yProbes.startWalk());
  const stops: FocusStop[] = [];
  for (let presses = 0; presses < 400; presses++) {
    await page.keyboard.press(direction === "forward" ? "Tab" : "Shift+Tab");
    const stop = await page.evaluate(() => window.__a11yProbes.focusStop());
    if (stop === null) continue; // between the page's last control and its first
    if (stop === "repeat") return stops;
    stops.push(stop);
  }
  throw new Error("Tab never came back round to the first control");
}

/** Every stop is not hidden (2.4.11) and shows a focus ring with 3:1 contrast (2.4.7, 1.4.11). */
function expectFocusVisibleAndUnobscured(stops: FocusStop[], where: string) {
  expect(stops.length, `focus stops on ${where}`).toBeGreaterThan(5);
  expect(
    stops.filter((s) => s.hidden).map((s) => `${s.element}: ${s.hidden}`),
    `focus hidden on ${where}`,
  ).toEqual([]);
  expect(
    stops.filter((s) => s.ring !== "ok").map((s) => `${s.element}: ${s.ring}`),
    `focus rings on ${where}`,
  ).toEqual([]);
}

test.describe("focus is visible and never hidden (WCAG 2.4.7, 2.4.11)", () => {
  /** Where a page's Tab walk starts, if not at its first example URL, and the kinds of control it must reach. */
  const walks: Partial<Record<RouteName, { path?: string; kinds: string[] }>> = {
    home: { kinds: ["a", "button", "summary", "input[type=search]", "input[type=email]"] },
    catalogue: { kinds: ["select", "input[type=range]", "input[type=checkbox]"] },
    product: { path: ON_SALE, kinds: ["input[type=number]", "a[role=tab]"] },
    contact: { kinds: ["textarea", "input[type=text]", "select"] },
    auth: { kinds: ["input[type=password]"] },
  };
  // Every page of the list and the not-found page (app/models/site/pages.ts).
  const pages = AUDITED_ROUTES.map((route) => {
    const walk = walks[route.name as RouteName];
    return { path: walk?.path ?? route.examples[0].url, kinds: walk?.kinds ?? [] };
  });
  // The catalogue's search notice and active filters: links the plain listing does not have.
  pages.push({ path: CORRECTED_WITH_FILTERS, kinds: [] });
  for (const { path, kinds } of pages) {
    test(`${path}: every Tab stop, both ways, at 320 and 1280 px`, async ({ hasJs, page, browser }) => {
      await inRendering({ hasJs, page, browser }, async (shop) => {
        await open(shop, path);
        const reached = new Set<string>();
        for (const width of [320, 1280]) {
          await shop.setViewportSize({ width, height: HEIGHT });
          for (const direction of ["forward", "backward"] as const) {
            await shop.evaluate(() => window.scrollTo(0, 0));
            const stops = await walkFocus(shop, direction);
            expectFocusVisibleAndUnobscured(stops, `${path} at ${width} px going ${direction}`);
            for (const stop of stops) reached.add(stop.kind);
          }
        }
        // The walk met every kind of control this page is the sample for.
        for (const kind of kinds) expect([...reached], `${kind} on ${path}`).toContain(kind);
      });
    });
  }

  test("the scroll padding matches the header at every width, and the toasts", async ({ hasJs, page, browser }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      await open(shop, "/contact");
      for (const width of WIDTHS) {
        await shop.setViewportSize({ width, height: HEIGHT });
        const { headerHeight, paddingTop } = await shop.evaluate(() => window.__a11yProbes.scrollPadding());
        expect(headerHeight, `header at ${width} px`).toBeLessThanOrEqual(paddingTop);
        // No more padding than needed either: a focused control should not land far down the page.
        expect(paddingTop - headerHeight, `spare scroll padding at ${width} px`).toBeLessThanOrEqual(24);
      }
      // An open mobile menu drops over the page; the header itself keeps its height.
      await shop.setViewportSize({ width: 320, height: 640 });
      await shop.getByRole("banner").locator("summary", { hasText: "Menu" }).click();
      const withMenu = await shop.evaluate(() => window.__a11yProbes.scrollPadding());
      expect(withMenu.headerHeight).toBeLessThanOrEqual(withMenu.paddingTop);
      await shop.getByRole("banner").locator("summary", { hasText: "Menu" }).click();

      // The longest toasts (a title and the longest messages) fit the bottom padding at 320 px.
      await shop.getByRole("textbox", { name: "Name", exact: true }).fill("Ada Maker");
      await shop.getByRole("textbox", { name: "Email", exact: true }).fill("ada@example.com");
      await shop.getByRole("combobox", { name: "Subject" }).selectOption({ index: 1 });
      await shop.getByRole("textbox", { name: "Message", exact: true }).fill("Hello");
      await shop.getByRole("button", { name: "Send Message" }).click();
      await settle(shop);
      await expect(notifications(shop).getByText("Message Sent", { exact: true })).toBeVisible();
      const withToast = await shop.evaluate(() => window.__a11yProbes.scrollPadding());
      expect(withToast.toastHeight, "the toast's height from the bottom of the window").toBeGreaterThan(0);
      expect(withToast.toastHeight).toBeLessThanOrEqual(withToast.paddingBottom);
    });
  });

  test("with a toast showing, focus stops clear of it, down to the last footer control", async ({
    hasJs,
    page,
    browser,
  }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      await shop.setViewportSize({ width: 320, height: 640 });
      await open(shop, "/contact");
      await showNotice(shop);
      // Radix closes its toast after 5 s: keep it up while Tab runs down the page.
      await shop.evaluate(() => window.__a11yProbes.holdToasts());
      await shop.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await shop.evaluate(() => window.scrollTo(0, 0));
      const stops = await walkFocus(shop, "forward");
      expectFocusVisibleAndUnobscured(stops, "/contact with a toast at 320 px");
      await expect(notifications(shop).getByText("isn't implemented yet").first()).toBeVisible();
    });
  });

  test("an open header menu never covers what is focused after it", async ({ hasJs, page, browser }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      await shop.setViewportSize({ width: 320, height: 640 });
      await open(shop, "/products");
      await shop.getByRole("banner").locator("summary", { hasText: "Menu" }).click();
      expectFocusVisibleAndUnobscured(await walkFocus(shop, "forward"), "/products with the mobile menu open");

      await shop.setViewportSize({ width: 1280, height: HEIGHT });
      await open(shop, ON_SALE);
      await shop.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Categories" }).click();
      expectFocusVisibleAndUnobscured(await walkFocus(shop, "forward"), `${ON_SALE} with the categories menu open`);
    });
  });
});

test.describe("prefers-reduced-motion (WCAG 2.3.3)", () => {
  test("nothing animates, transitions or scrolls smoothly, toasts included", async ({ hasJs, page, browser }) => {
    await inRendering(
      { hasJs, page, browser },
      async (shop) => {
        const expectStill = async (where: string) => {
          expect(await shop.evaluate(() => window.__a11yProbes.motion()), `motion on ${where}`).toEqual([]);
        };
        await open(shop, "/");
        await shop.getByRole("main").getByRole("link", { name: "Sensors", exact: true }).hover();
        await shop.getByRole("main").getByRole("article").first().hover();
        await shop.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Categories" }).click();
        await expectStill("home, hovering, with the categories menu open");

        await open(shop, ON_SALE);
        await shop.getByRole("tab", { name: "Specifications" }).click();
        await settle(shop);
        await expectStill("a product page after switching tabs");

        await open(shop, "/contact");
        await showNotice(shop);
        await expectStill("contact with a notice toast");
        // Every state the toast styles know, whether or not this run reached it (swipes, closing).
        expect(await shop.evaluate(() => window.__a11yProbes.toastMotion())).toEqual([]);
      },
      { viewport: { width: 1280, height: HEIGHT }, reducedMotion: "reduce" },
    );
  });
});

test.describe("contrast that axe cannot measure (WCAG 1.4.3, 1.4.11)", () => {
  test("text on the dark gradients, disabled controls and placeholder text", async ({ hasJs, page, browser }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      for (const path of ["/", "/about", "/contact"]) {
        await open(shop, path);
        const low = await shop.evaluate(() => window.__a11yProbes.lowContrastText("main section"));
        expect(low, `text on ${path}'s hero`).toEqual([]);
      }

      await open(shop, OUT_OF_STOCK);
      // Without script the controls are disabled; with it − stays focusable and is aria-disabled.
      const disabled = shop.locator("main :disabled, main [aria-disabled='true']");
      // The page's Add to Cart, the − at quantity 1, and Add to Cart on any related card out of stock.
      expect(await disabled.count()).toBeGreaterThanOrEqual(2);
      expect(
        await shop.evaluate(() => window.__a11yProbes.lowContrastText("main :disabled, main [aria-disabled='true']")),
      ).toEqual([]);

      await shop.setViewportSize({ width: 320, height: HEIGHT });
      await shop.getByRole("banner").locator("summary", { hasText: "Menu" }).click();
      const placeholders = await shop.evaluate(() => window.__a11yProbes.placeholderContrast());
      expect(placeholders.map((p) => p.id).sort()).toEqual(["mobile-search", "newsletter-email"]);
      await shop.setViewportSize({ width: 1280, height: HEIGHT });
      placeholders.push(...(await shop.evaluate(() => window.__a11yProbes.placeholderContrast())));
      expect(placeholders.map((p) => p.id)).toContain("header-search");
      for (const { id, ratio } of placeholders) expect(ratio, `placeholder of #${id}`).toBeGreaterThanOrEqual(4.5);
    });
  });

  test("links and buttons keep their contrast while hovered and focused, page by page", async ({
    hasJs,
    page,
    browser,
  }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      await shop.setViewportSize({ width: 1280, height: HEIGHT });
      for (const path of ["/", "/products?page=2", CORRECTED_WITH_FILTERS, OUT_OF_STOCK, "/contact", "/about"]) {
        await open(shop, path);
        await expectHoverAndFocusContrast(shop, path);
      }
    });
  });

  test("links and buttons keep their contrast while hovered and focused: a red toast, the mobile menu", async ({
    hasJs,
    page,
    browser,
  }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      await shop.setViewportSize({ width: 1280, height: HEIGHT });
      await open(shop, "/auth");
      await fillAuthForm(shop, `nobody-${randomUUID().slice(0, 8)}@example.com`, "not the password");
      await shop.getByRole("button", { name: "Sign In" }).click();
      await settle(shop);
      await expect(notifications(shop).getByText(AUTH_PAGE["sign-in"].failure, { exact: true })).toBeVisible();
      await shop.evaluate(() => window.__a11yProbes.holdToasts());
      await expectHoverAndFocusContrast(shop, "a failed sign-in");

      await shop.setViewportSize({ width: 320, height: HEIGHT });
      await open(shop, "/");
      await shop.getByRole("banner").locator("summary", { hasText: "Menu" }).click();
      await expectHoverAndFocusContrast(shop, "the mobile menu");
    });
  });

  test("axe measures the SALE and Out of Stock badges over product images", async ({ hasJs, page, browser }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      // Development boards has cards on sale and one out of stock on its first page.
      for (const [path, badges] of [
        ["/products/development-boards", [">SALE<", ">Out of Stock<"]],
        [ON_SALE, [">SALE<"]],
      ] as const) {
        await open(shop, path);
        const results = await new AxeBuilder({ page: shop }).withRules(["color-contrast"]).analyze();
        const html = (outcome: typeof results.passes) => outcome.flatMap((rule) => rule.nodes.map((node) => node.html));
        for (const badge of badges) {
          // Passed, so measured: axe leaves text it cannot measure (over an image) undecided.
          expect(
            html(results.passes).some((h) => h.includes(badge)),
            `${badge} passed on ${path}`,
          ).toBe(true);
          expect(
            html(results.incomplete).filter((h) => h.includes(badge)),
            `${badge} undecided on ${path}`,
          ).toEqual([]);
        }
      }
    });
  });
});

/** Hovers, then focuses, one control of each style on the page, checking its text contrast each time. */
async function expectHoverAndFocusContrast(page: Page, where: string) {
  const samples = await page.evaluate(() => window.__a11yProbes.markOnePerStyle());
  expect(samples.length, `controls sampled on ${where}`).toBeGreaterThan(3);
  for (const [i, { hover, focus }] of samples.entries()) {
    const control = page.locator(`[data-contrast-sample="${i}"]`);
    if (hover) {
      await control.scrollIntoViewIfNeeded();
      await control.hover({ force: true });
      expect(await control.evaluate((el) => window.__a11yProbes.lowContrastWithin(el)), `hovered, on ${where}`).toEqual(
        [],
      );
      await page.mouse.move(0, HEIGHT - 1);
    }
    if (focus) {
      await control.focus();
      expect(await control.evaluate((el) => window.__a11yProbes.lowContrastWithin(el)), `focused, on ${where}`).toEqual(
        [],
      );
    }
  }
}

test.describe("target size (WCAG 2.5.8)", () => {
  test("every control is 24 px or spaced as the criterion allows, inline links aside", async ({
    hasJs,
    page,
    browser,
  }) => {
    await inRendering({ hasJs, page, browser }, async (shop) => {
      // Every example URL of the list of the shop's pages (app/models/site/pages.ts), and every stock state.
      const paths = AUDITED_ROUTES.flatMap((route) => route.examples.map((example) => example.url));
      for (const path of new Set([...paths, ON_SALE, OUT_OF_STOCK, CORRECTED_WITH_FILTERS, EXACT_WITH_NOTHING])) {
        await open(shop, path);
        for (const width of [320, 1280]) {
          await shop.setViewportSize({ width, height: HEIGHT });
          const small = await shop.evaluate(() => window.__a11yProbes.undersizedTargets());
          expect(small, `targets under 24 px on ${path} at ${width} px`).toEqual([]);
        }
      }
    });
  });
});

/* ---------------------------------------------------------------------------------------------
 * Probes: installed in every document of the audited context (an init script, so the page's
 * Content-Security-Policy does not apply), then called through page.evaluate.
 * ------------------------------------------------------------------------------------------- */

interface FocusStop {
  /** A short description: tag, id or class, and text. */
  element: string;
  /** "a", "button", "input[type=range]", "a[role=tab]" ... */
  kind: string;
  /** Why the shopper cannot see it, or null. */
  hidden: string | null;
  /** "ok", or what is wrong with its focus indicator. */
  ring: string;
}

interface Probes {
  horizontalOverflow(): string[];
  startWalk(): void;
  focusStop(): FocusStop | "repeat" | null;
  scrollPadding(): { headerHeight: number; paddingTop: number; paddingBottom: number; toastHeight: number };
  holdToasts(): void;
  motion(): string[];
  toastMotion(): string[];
  lowContrastText(selector: string): string[];
  lowContrastWithin(element: Element): string[];
  placeholderContrast(): { id: string; ratio: number }[];
  markOnePerStyle(): { hover: boolean; focus: boolean }[];
  undersizedTargets(): string[];
}

declare global {
  interface Window {
    __a11yProbes: Probes;
  }
}

function installProbes() {
  interface Rgba {
    r: number;
    g: number;
    b: number;
    a: number;
  }
  const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

  const parseColor = (css: string): Rgba | null => {
    const m = /rgba?\(([^)]+)\)/.exec(css);
    if (!m) return null;
    const [r = 0, g = 0, b = 0, a = 1] = (m[1] ?? "")
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r, g, b, a };
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const luminance = ({ r, g, b }: Rgba) => {
    const channel = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const ratio = (a: Rgba, b: Rgba) => {
    const [la, lb] = [luminance(a), luminance(b)];
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  };
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : "";
    const label = el.getAttribute("aria-label") ?? (el as HTMLElement).innerText ?? "";
    return `<${el.tagName.toLowerCase()}${id}> "${label.trim().replace(/\s+/g, " ").slice(0, 40)}"`;
  };

  /**
   * The opaque colours behind an element: its own and its ancestors' translucent backgrounds laid
   * over the first opaque one, or over every stop of a gradient (the worst stop decides).
   */
  const backgroundsOf = (el: Element | null): Rgba[] => {
    const layers: Rgba[] = [];
    let bases: Rgba[] = [WHITE];
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const color = parseColor(style.backgroundColor);
      if (style.backgroundImage.includes("gradient")) {
        bases = [...style.backgroundImage.matchAll(/rgba?\([^)]+\)/g)]
          .map((m) => parseColor(m[0]))
          .filter((c): c is Rgba => c !== null)
          .map((c) => (c.a < 1 ? over(c, color && color.a === 1 ? color : WHITE) : c));
        break;
      }
      if (color && color.a === 1) {
        bases = [color];
        break;
      }
      if (color && color.a > 0) layers.push(color);
    }
    return bases.map((base) => layers.reduceRight((acc, layer) => over(layer, acc), base));
  };

  const opacityOf = (el: Element) => {
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement)
      opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  };

  /** Jumps running transitions (a hover colour, a focus ring fading in) to where they end. */
  const finishTransitions = (el: Element) => {
    const animations = [...el.getAnimations({ subtree: true })];
    for (let node = el.parentElement; node; node = node.parentElement) animations.push(...node.getAnimations());
    for (const animation of animations) {
      try {
        animation.finish();
      } catch {
        // An infinite animation cannot finish; none of ours is one.
      }
    }
  };

  /** Each element under `root` (itself included) that holds visible text, with its worst contrast. */
  const textContrasts = (root: Element) => {
    finishTransitions(root);
    const found: { el: Element; ratio: number; needed: number }[] = [];
    for (const el of [root, ...root.querySelectorAll("*")]) {
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      // Text hidden from assistive technology (initials, the "−" glyph) is still read by eye.
      if (!ownText || el.closest(".sr-only, .icon-label") || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility !== "visible") continue;
      const fg = parseColor(style.color);
      if (!fg) continue;
      const faded = { ...fg, a: fg.a * opacityOf(el) };
      const worst = Math.min(...backgroundsOf(el).map((bg) => ratio(over(faded, bg), bg)));
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      found.push({ el, ratio: worst, needed: large ? 3 : 4.5 });
    }
    return found;
  };
  const lowContrastWithin = (root: Element) =>
    textContrasts(root)
      .filter((t) => t.ratio < t.needed)
      .map((t) => `${describe(t.el)} ${t.ratio.toFixed(2)}:1, needs ${t.needed}:1`);

  const headerOf = () => document.querySelector("body > header") ?? document.querySelector("header");
  const toastRegion = () => document.querySelector('[role="region"][aria-label^="Notifications"]');
  /** The visible toast card's top edge, or null when no toast shows. */
  const toastTop = () => {
    const cards = [...document.querySelectorAll(".toast-radix, .toast-static-reveal")].filter(
      (c) => getComputedStyle(c).visibility === "visible" && c.getClientRects().length > 0,
    );
    return cards.length ? Math.min(...cards.map((c) => c.getBoundingClientRect().top)) : null;
  };

  const kindOf = (el: Element) => {
    const tag = el.tagName.toLowerCase();
    if (tag === "input") return `input[type=${(el as HTMLInputElement).type}]`;
    const role = el.getAttribute("role");
    return role ? `${tag}[role=${role}]` : tag;
  };

  /** Why no part of the focused element can be seen, or null. */
  const hiddenReason = (el: Element): string | null => {
    const header = headerOf();
    const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
    const box = el.getBoundingClientRect();
    const fixed = getComputedStyle(el).position === "fixed";
    // The sticky header must never overlap it at all (html's scroll-padding-top sees to that).
    if (
      header &&
      !header.contains(el) &&
      !fixed &&
      box.top < headerBottom - 1 &&
      box.height < innerHeight - headerBottom
    ) {
      return `under the header (top ${Math.round(box.top)} px, header ends at ${Math.round(headerBottom)} px)`;
    }
    // Some part of it must show: sample points across each of its boxes.
    for (const rect of el.getClientRects()) {
      for (const fx of [0.1, 0.5, 0.9]) {
        for (const fy of [0.2, 0.5, 0.8]) {
          const x = rect.left + rect.width * fx;
          const y = rect.top + rect.height * fy;
          if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
          const hit = document.elementFromPoint(x, y);
          if (hit && (hit === el || el.contains(hit))) return null;
        }
      }
    }
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return `covered (at its centre: ${hit ? describe(hit) : "outside the window"})`;
  };

  /** "ok", or what is wrong with the focused element's focus indicator. */
  const ringOf = (el: Element): string => {
    if (!el.matches(":focus-visible")) return "not :focus-visible after a key press";
    finishTransitions(el);
    const style = getComputedStyle(el);
    const width = parseFloat(style.outlineWidth);
    const color = parseColor(style.outlineColor);
    if (style.outlineStyle !== "none" && width >= 2 && color && color.a >= 0.9) {
      const offset = parseFloat(style.outlineOffset);
      const box = el.getBoundingClientRect();
      // Is the ring cut off by a scroll box or overflow: hidden around it?
      const reach = offset + width;
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        if (getComputedStyle(node).overflow === "visible") continue;
        const clip = node.getBoundingClientRect();
        if (
          box.left - reach < clip.left - 0.5 ||
          box.right + reach > clip.right + 0.5 ||
          box.top - reach < clip.top - 0.5 ||
          box.bottom + reach > clip.bottom + 0.5
        ) {
          return `ring cut off by ${describe(node)}`;
        }
      }
      // Contrast with what lies where the ring is drawn: outside the box, or inside an inset ring.
      let backgrounds: Rgba[];
      if (reach <= 0) backgrounds = backgroundsOf(el);
      else {
        const d = offset + width / 2;
        const points: [number, number][] = [
          [box.left - d, box.top + box.height / 2],
          [box.right + d, box.top + box.height / 2],
          [box.left + box.width / 2, box.top - d],
          [box.left + box.width / 2, box.bottom + d],
        ];
        const inWindow = points.filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
        backgrounds = inWindow.flatMap(([x, y]) =>
          backgroundsOf(document.elementsFromPoint(x, y).find((n) => n !== el && !el.contains(n)) ?? document.body),
        );
      }
      // Most of the ring must stand out: where it crosses a neighbour (a segmented control's
      // selected half) one side may blend in.
      const ratios = backgrounds.map((bg) => ratio(color, bg)).sort((a, b) => a - b);
      const median = ratios[Math.floor(ratios.length / 2)] ?? 0;
      return median >= 3 ? "ok" : `outline ${median.toFixed(2)}:1 against its background`;
    }
    // No outline: a ring (box-shadow with spread, no blur) on the element or the card it fills.
    for (let node: Element | null = el, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
      const shadow = getComputedStyle(node).boxShadow;
      for (const part of shadow.split(/,(?![^(]*\))/)) {
        const ring = parseColor(part);
        const lengths = part
          .replace(/rgba?\([^)]+\)/, "")
          .trim()
          .split(/\s+/)
          .map(parseFloat);
        const [x = 0, y = 0, blur = 0, spread = 0] = lengths;
        if (ring && ring.a >= 0.9 && x === 0 && y === 0 && blur === 0 && spread >= 2) {
          const worst = Math.min(...backgroundsOf(node.parentElement).map((bg) => ratio(ring, bg)));
          if (worst >= 3) return "ok";
        }
      }
    }
    return `no focus indicator (outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor})`;
  };

  let visited = new WeakSet<Element>();
  const durationsTooLong = (list: string) =>
    list.split(",").some((v) => {
      const value = parseFloat(v);
      return (v.trim().endsWith("ms") ? value : value * 1000) > 0.05;
    });

  const probes: Probes = {
    horizontalOverflow() {
      const found: string[] = [];
      const page = document.scrollingElement ?? document.documentElement;
      if (page.scrollWidth > innerWidth) found.push(`the page is ${page.scrollWidth} px wide`);
      for (const el of document.querySelectorAll("body *")) {
        const { overflowX } = getComputedStyle(el);
        if (!el.checkVisibility()) continue;
        if ((overflowX === "auto" || overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1) {
          found.push(`${describe(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth} px)`);
        }
      }
      return found;
    },

    startWalk() {
      visited = new WeakSet();
    },

    focusStop() {
      const el = document.activeElement;
      if (!el || el === document.body || el === document.documentElement) return null;
      if (visited.has(el)) return "repeat";
      visited.add(el);
      const region = toastRegion();
      let hidden = hiddenReason(el);
      // On phones the toast spans the window's width down to its bottom edge (less a gap):
      // a control below its top edge is under it, even where the gap lets a sliver show.
      if (!hidden && region && !region.contains(el)) {
        const top = toastTop();
        const box = el.getBoundingClientRect();
        if (top !== null && box.top >= top && innerWidth < 768)
          hidden = `under the toast (top ${Math.round(box.top)} px, toast from ${Math.round(top)} px)`;
      }
      return { element: describe(el), kind: kindOf(el), hidden, ring: ringOf(el) };
    },

    scrollPadding() {
      const style = getComputedStyle(document.documentElement);
      const header = headerOf()!.getBoundingClientRect();
      const top = toastTop();
      return {
        headerHeight: header.height,
        paddingTop: parseFloat(style.scrollPaddingTop),
        paddingBottom: parseFloat(style.scrollPaddingBottom) || 0,
        toastHeight: top === null ? 0 : innerHeight - top,
      };
    },

    holdToasts() {
      // As if the pointer rested on the toast: Radix pauses its timer on a pointermove in the
      // region, and the plain toast's auto-hide (its second animation) pauses on hover.
      toastRegion()
        ?.querySelector("ol")
        ?.dispatchEvent(new PointerEvent("pointermove", { bubbles: true }));
      for (const card of document.querySelectorAll<HTMLElement>(".toast-static-reveal"))
        card.style.animationPlayState = "running, paused";
    },

    motion() {
      const found: string[] = [];
      for (const el of document.querySelectorAll("*")) {
        for (const pseudo of [null, "::before", "::after"]) {
          const style = getComputedStyle(el, pseudo);
          const where = `${describe(el)}${pseudo ?? ""}`;
          if (style.animationName !== "none" && durationsTooLong(style.animationDuration)) {
            found.push(`${where} animates ${style.animationName} for ${style.animationDuration}`);
          }
          if (style.transitionProperty !== "none" && durationsTooLong(style.transitionDuration)) {
            found.push(`${where} transitions ${style.transitionProperty} over ${style.transitionDuration}`);
          }
        }
      }
      for (const animation of document.getAnimations()) {
        const duration = animation.effect?.getTiming().duration;
        if (typeof duration === "number" && duration > 0.05) found.push(`a running animation of ${duration} ms`);
      }
      for (const el of [document.documentElement, document.body]) {
        if (getComputedStyle(el).scrollBehavior === "smooth")
          found.push(`smooth scrolling on <${el.tagName.toLowerCase()}>`);
      }
      return found;
    },

    toastMotion() {
      const states: Record<string, string>[] = [
        { class: "toast-radix", "data-state": "open" },
        { class: "toast-radix", "data-state": "closed" },
        { class: "toast-radix", "data-swipe": "cancel" },
        { class: "toast-radix", "data-swipe": "end" },
        { class: "toast-static-reveal" },
      ];
      const found: string[] = [];
      for (const attributes of states) {
        const probe = document.createElement("li");
        for (const [name, value] of Object.entries(attributes)) probe.setAttribute(name, value);
        document.body.append(probe);
        const style = getComputedStyle(probe);
        if (style.animationName !== "none" && durationsTooLong(style.animationDuration)) {
          found.push(`${JSON.stringify(attributes)} animates for ${style.animationDuration}`);
        }
        if (durationsTooLong(style.transitionDuration))
          found.push(`${JSON.stringify(attributes)} transitions over ${style.transitionDuration}`);
        probe.remove();
      }
      return found;
    },

    lowContrastText(selector) {
      return [...document.querySelectorAll(selector)].flatMap((el) => lowContrastWithin(el));
    },

    lowContrastWithin,

    placeholderContrast() {
      return [...document.querySelectorAll<HTMLInputElement>("input[placeholder], textarea[placeholder]")]
        .filter((input) => input.getClientRects().length > 0 && getComputedStyle(input).visibility === "visible")
        .map((input) => {
          const fg = parseColor(getComputedStyle(input, "::placeholder").color) ?? WHITE;
          const worst = Math.min(...backgroundsOf(input).map((bg) => ratio(over(fg, bg), bg)));
          return { id: input.id, ratio: worst };
        });
    },

    markOnePerStyle() {
      // Controls that share their classes share their hover and focus colours: one of each will
      // do. Only classes that change colour on hover or focus (their own, or a card's group-hover)
      // need the extra look; axe has measured every control at rest.
      const seen = new Set<string>();
      const samples: { hover: boolean; focus: boolean }[] = [];
      for (const el of document.querySelectorAll("a, button, summary, [role='tab']")) {
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1 || el.closest("[aria-hidden='true']")) continue;
        const classes = `${el.className} ${[...el.querySelectorAll("*")].map((n) => n.getAttribute("class") ?? "").join(" ")}`;
        const hover = /(^|\s)(hover|group-hover):/.test(classes) || el.closest(".group") !== null;
        const focus = /(^|\s)(focus|focus-visible|focus-within):/.test(classes);
        if (!hover && !focus) continue;
        const key = `${el.tagName} ${el.className}`;
        if (seen.has(key)) continue;
        seen.add(key);
        el.setAttribute("data-contrast-sample", String(samples.length));
        samples.push({ hover, focus });
      }
      return samples;
    },

    undersizedTargets() {
      const selector = "a[href], button, summary, input:not([type='hidden']), select, textarea, [tabindex='0']";
      const targets = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
        const style = getComputedStyle(el);
        return el.getClientRects().length > 0 && style.visibility === "visible" && style.pointerEvents !== "none";
      });
      const boxes = targets.map((el) => ({ el, box: el.getBoundingClientRect() }));
      const found: string[] = [];
      boxes.forEach(({ el, box }) => {
        if (box.width >= 24 && box.height >= 24) return;
        // Visually hidden until focused (skip links): not a target anyone can point at.
        if (box.width <= 1 || box.height <= 1) return;
        // Inline links in a sentence are exempt.
        if (el.tagName === "A" && getComputedStyle(el).display === "inline") return;
        // The spacing exception: a 24 px circle on its centre touches no other target.
        const cx = box.left + box.width / 2;
        const cy = box.top + box.height / 2;
        const crowded = boxes.some(({ el: neighbour, box: other }) => {
          if (neighbour === el || neighbour.contains(el) || el.contains(neighbour)) return false;
          const dx = Math.max(other.left - cx, 0, cx - other.right);
          const dy = Math.max(other.top - cy, 0, cy - other.bottom);
          return Math.hypot(dx, dy) < 12;
        });
        if (crowded)
          found.push(
            `${describe(el)} is ${Math.round(box.width)}×${Math.round(box.height)} px with another target within 12 px`,
          );
      });
      return found;
    },
  };
  window.__a11yProbes = probes;
}
