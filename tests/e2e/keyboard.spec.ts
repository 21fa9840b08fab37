import { randomUUID } from "node:crypto";

import type { Locator, Page } from "@playwright/test";

import { CATEGORIES } from "~/models/catalogue/categories";
import { NOT_IMPLEMENTED_MESSAGE } from "~/models/toast/toast";

import { expect, test, waitForHydration } from "./fixtures";
import { linkMailedTo } from "./mail";

/**
 * Keyboard journeys (docs/accessibility.md#keyboard), driven by key presses as a keyboard-only shopper would.
 * Behaviour that needs script (Escape on a menu, arrow keys, F8, focus after a client-side
 * navigation) is tested in the "js" project; each such test names the no-JS equivalent, which
 * the "no-js" project tests instead.
 */

const FIRST_CATEGORY = CATEGORIES[0]!;
const LAST_CATEGORY = CATEGORIES[CATEGORIES.length - 1]!;
/** A seed product with several images (supabase/seed.sql). */
const PRODUCT_PATH = "/product/21";

async function open(page: Page, path: string, hasJs: boolean) {
  await page.goto(path);
  // No-JS pages stream in: read them only once the whole document has arrived.
  if (hasJs) await waitForHydration(page);
  else await page.waitForLoadState("load");
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not reached. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${target} was not reached in ${max} presses of ${backwards ? "Shift+Tab" : "Tab"}`);
}

/** True when the focused element is `locator`'s element or inside it. */
function focusIsWithin(locator: Locator) {
  return locator.evaluate((el) => el.contains(document.activeElement));
}

/** The tag of the focused element, to show where focus went when it was lost. */
function focusedTag(page: Page) {
  return page.evaluate(() => document.activeElement?.tagName ?? "none");
}

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
const notice = (page: Page) => notifications(page).getByText(NOT_IMPLEMENTED_MESSAGE);
const announcer = (page: Page) => page.locator("#route-announcer");
const cartButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Cart, 0 items" });

test.describe("skip links", () => {
  const PAGES = ["/", "/products", "/products/sensors", PRODUCT_PATH, "/about", "/contact", "/auth", "/no-such-page"];

  for (const path of PAGES) {
    test(`${path}: the first Tab is 'Skip to main content'; the next Tab continues inside main`, async ({
      page,
      hasJs,
    }) => {
      await open(page, path, hasJs);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to main content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main")).toBeFocused();
      await page.keyboard.press("Tab");
      expect(await focusIsWithin(page.getByRole("main")), `focus went to ${await focusedTag(page)}`).toBe(true);
    });
  }

  test("only the catalogue offers 'Skip to results'", async ({ page, hasJs }) => {
    for (const path of ["/", PRODUCT_PATH, "/about"]) {
      await open(page, path, hasJs);
      await expect(page.getByRole("link", { name: "Skip to results" }), path).toHaveCount(0);
    }
  });

  for (const path of ["/products", "/products/sensors?sort=price-low"]) {
    test(`${path}: the second Tab is 'Skip to results', which leads into the product list`, async ({ page, hasJs }) => {
      await open(page, path, hasJs);
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to results" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press("Enter");
      const results = page
        .getByRole("main")
        .getByRole("list")
        .filter({ has: page.getByRole("article") });
      await expect(results).toBeFocused();
      // Past the filters: the next Tab is the first card's first link.
      await page.keyboard.press("Tab");
      await expect(results.getByRole("article").first().getByRole("link").first()).toBeFocused();
    });
  }

  test("with no results, 'Skip to results' leads to the empty message", async ({ page, hasJs }) => {
    await open(page, "/products?search=no-such-part-anywhere", hasJs);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to results" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("No products found matching your criteria.")).toBeFocused();
  });
});

test.describe("header menus", () => {
  const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
  // `<summary>` has no implicit role Playwright's role engine knows: found by its text.
  const categoriesToggle = (page: Page) => mainNav(page).locator("summary", { hasText: "Categories" });
  const categoryLink = (page: Page, title: string) => mainNav(page).getByRole("link", { name: title, exact: true });

  test("the categories menu opens and closes with Enter and Space, and Tab walks its items", async ({
    page,
    hasJs,
  }) => {
    // Enter/Space on the summary and Tab are native <details> behaviour: the same in both projects.
    await open(page, "/about", hasJs);
    const toggle = categoriesToggle(page);
    const first = categoryLink(page, FIRST_CATEGORY.title);
    const last = categoryLink(page, LAST_CATEGORY.title);

    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(first).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(first).toBeFocused();
    for (let i = 1; i < CATEGORIES.length; i++) await page.keyboard.press("Tab");
    await expect(last).toBeFocused();
    for (let i = 1; i < CATEGORIES.length; i++) await page.keyboard.press("Shift+Tab");
    await expect(first).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Space");
    await expect(first).toBeHidden();
    await page.keyboard.press("Space");
    await expect(first).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(first).toBeHidden();

    // And a category is followed with Enter.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/products/${FIRST_CATEGORY.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(FIRST_CATEGORY.title);
  });

  test(
    "with JavaScript, arrows, Home and End move through the categories; Escape and leaving close the menu",
    { tag: "@js-only" },
    async ({ page, hasJs }) => {
      // Only in the "js" project (@js-only), by design: these keys need script; the no-JS equivalent
      // (Enter/Space on the summary, Tab and Shift+Tab) is the test above.
      await open(page, "/about", hasJs);
      const toggle = categoriesToggle(page);
      const first = categoryLink(page, FIRST_CATEGORY.title);
      const second = categoryLink(page, CATEGORIES[1]!.title);
      const last = categoryLink(page, LAST_CATEGORY.title);

      await tabTo(page, toggle);
      await page.keyboard.press("Enter");
      await page.keyboard.press("ArrowDown");
      await expect(first).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(second).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(first).toBeFocused();
      await page.keyboard.press("End");
      await expect(last).toBeFocused();
      // The ends do not wrap (the APG disclosure navigation example).
      await page.keyboard.press("ArrowDown");
      await expect(last).toBeFocused();
      await page.keyboard.press("Home");
      await expect(first).toBeFocused();
      const scrollBefore = await page.evaluate(() => window.scrollY);
      expect(scrollBefore).toBe(0);

      await page.keyboard.press("Escape");
      await expect(first).toBeHidden();
      await expect(toggle).toBeFocused();

      // Up on the summary of an open menu goes to the last item.
      await page.keyboard.press("Enter");
      await page.keyboard.press("ArrowUp");
      await expect(last).toBeFocused();
      // Tab past the last item leaves the menu, which closes.
      await page.keyboard.press("Tab");
      await expect(mainNav(page).getByRole("link", { name: "About" })).toBeFocused();
      await expect(last).toBeHidden();

      // Shift+Tab out through the summary closes it too.
      await tabTo(page, toggle, { backwards: true });
      await page.keyboard.press("Enter");
      await expect(first).toBeVisible();
      await page.keyboard.press("Shift+Tab");
      await expect(first).toBeHidden();
    },
  );

  test(
    "an Escape meant for an open menu closes only the menu, not the toast",
    { tag: "@js-only" },
    async ({ page, hasJs }) => {
      // Only in the "js" project (@js-only), by design: Escape does nothing to a <details> or to the
      // server-rendered toast without script (the menu closes with Enter/Space, the toast with its link).
      await open(page, "/about", hasJs);
      await tabTo(page, cartButton(page));
      await page.keyboard.press("Enter");
      await expect(notice(page)).toBeVisible();

      const toggle = categoriesToggle(page);
      await tabTo(page, toggle, { backwards: true });
      await page.keyboard.press("Enter");
      await page.keyboard.press("ArrowDown");
      await expect(categoryLink(page, FIRST_CATEGORY.title)).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(categoryLink(page, FIRST_CATEGORY.title)).toBeHidden();
      await expect(toggle).toBeFocused();
      await expect(notice(page)).toBeVisible();

      // The next Escape is the toast's.
      await page.keyboard.press("Escape");
      await expect(notice(page)).toBeHidden();
      await expect(toggle).toBeFocused();
    },
  );

  test.describe("on a 320 px phone", () => {
    test.use({ viewport: { width: 320, height: 640 } });
    const menuToggle = (page: Page) => page.locator("summary", { hasText: "Menu" });
    const mobileNav = (page: Page) => page.getByRole("navigation", { name: "Mobile" });
    const searchBox = (page: Page) => page.getByRole("banner").getByRole("searchbox", { name: "Search products" });

    test("the mobile menu opens with Enter and Space and Tab walks search, categories, About and Contact", async ({
      page,
      hasJs,
    }) => {
      // Native <details> behaviour: the same in both projects.
      await open(page, "/about", hasJs);
      const toggle = menuToggle(page);
      await tabTo(page, toggle);
      await page.keyboard.press("Enter");
      await expect(mobileNav(page)).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(searchBox(page)).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("banner").getByRole("button", { name: "Search", exact: true })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(mobileNav(page).getByRole("link", { name: FIRST_CATEGORY.title })).toBeFocused();
      await tabTo(page, mobileNav(page).getByRole("link", { name: "Contact" }), { max: CATEGORIES.length + 2 });
      await tabTo(page, toggle, { backwards: true, max: CATEGORIES.length + 4 });
      await page.keyboard.press("Space");
      await expect(mobileNav(page)).toBeHidden();
      await page.keyboard.press("Space");
      await expect(mobileNav(page)).toBeVisible();

      // Search from the menu with the keyboard.
      await page.keyboard.press("Tab");
      await page.keyboard.type("sensor");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/products\?search=sensor$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "sensor"');
    });

    test(
      "with JavaScript, arrows move through the mobile menu and Escape or leaving closes it",
      { tag: "@js-only" },
      async ({ page, hasJs }) => {
        // Only in the "js" project (@js-only), by design: script enhancements; the no-JS equivalent
        // (Enter/Space on the summary, Tab and Shift+Tab) is the test above.
        await open(page, "/about", hasJs);
        const toggle = menuToggle(page);
        await tabTo(page, toggle);
        await page.keyboard.press("Enter");
        await page.keyboard.press("ArrowDown");
        await expect(searchBox(page)).toBeFocused();
        // Up and Down mean nothing in a one-line search box: they move on through the menu.
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("ArrowDown");
        await expect(mobileNav(page).getByRole("link", { name: FIRST_CATEGORY.title })).toBeFocused();
        await page.keyboard.press("End");
        await expect(mobileNav(page).getByRole("link", { name: "Contact" })).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(mobileNav(page)).toBeHidden();
        await expect(toggle).toBeFocused();

        await page.keyboard.press("Enter");
        await expect(mobileNav(page)).toBeVisible();
        await page.keyboard.press("Shift+Tab");
        await expect(mobileNav(page)).toBeHidden();
      },
    );
  });

  test("the account menu: Enter opens it, Tab reaches Logout, and signing out keeps focus on the page", async ({
    page,
    hasJs,
  }) => {
    const address = `keyboard-${randomUUID().slice(0, 8)}@example.com`;
    await open(page, "/auth?mode=sign-up", hasJs);
    await page.getByRole("main").getByRole("textbox", { name: "Email address" }).fill(address);
    await page.getByRole("main").getByLabel("Password", { exact: true }).fill("correct horse battery");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/$/);
    // Signed in by the confirmation link the shop mailed (tests/e2e/mail.ts), opened as a new page.
    await open(page, await linkMailedTo(address), hasJs);
    await expect(page).toHaveURL(/\/$/);

    const banner = page.getByRole("banner");
    // `<summary>` has no implicit role Playwright knows: found by its text.
    const toggle = banner.locator("summary", { hasText: /^Account$/ });
    const logout = banner.getByRole("button", { name: "Logout" });
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(banner.getByText(address)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(logout).toBeFocused();
    if (hasJs) {
      await page.keyboard.press("Escape");
      await expect(logout).toBeHidden();
      await expect(toggle).toBeFocused();
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowDown");
      await expect(logout).toBeFocused();
    } else {
      // Without script Escape does nothing to a <details>: Shift+Tab back and Space closes it.
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Space");
      await expect(logout).toBeHidden();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await expect(logout).toBeFocused();
    }

    await page.keyboard.press("Enter");
    await expect(notifications(page).getByText("You have been successfully logged out.")).toBeVisible();
    await expect(banner.getByRole("link", { name: "Account" })).toBeVisible();
    if (hasJs) {
      // The menu that held focus is gone; focus goes to the page's heading, not to <body>.
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    }
  });
});

test.describe("filter panel", () => {
  const found = (page: Page) => page.getByText(/^\d+ products? found$/);

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the Filters toggle opens and closes the panel with Enter and Space", async ({ page, hasJs }) => {
      await open(page, "/products", hasJs);
      const panel = page.getByRole("region", { name: "Filters" });
      const toggle = page.getByRole("button", { name: "Show filters" });
      if (!hasJs) {
        // Without script the toggle is a GET form: Enter reloads with ?filters=open#filter-panel,
        // and the next Tab starts inside the panel. Space on a submit button does the same.
        await tabTo(page, toggle);
        await expect(toggle).toHaveAttribute("aria-expanded", "false");
        await expect(panel).toBeHidden();
        await page.keyboard.press("Enter");
        await page.waitForLoadState("load");
        await expect(panel).toBeVisible();
        await expect(page.getByRole("button", { name: "Hide filters" })).toHaveAttribute("aria-expanded", "true");
        await page.keyboard.press("Tab");
        await expect(panel.getByLabel("Category")).toBeFocused();
        await page.getByRole("button", { name: "Hide filters" }).focus();
        await page.keyboard.press("Space");
        await page.waitForLoadState("load");
        await expect(panel).toBeHidden();
        // A GET form with no fields left submits to "/products?".
        await expect(page).toHaveURL(/\/products\??$/);
        return;
      }
      await tabTo(page, toggle);
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(panel).toBeHidden();
      await page.keyboard.press("Enter");
      await expect(panel).toBeVisible();
      await expect(page.getByRole("button", { name: "Hide filters" })).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Tab");
      await expect(panel.getByLabel("Category")).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Space");
      await expect(panel).toBeHidden();
      await expect(page.getByRole("button", { name: "Show filters" })).toBeFocused();
    });
  });

  test("every filter works from the keyboard; with JavaScript each change applies itself and focus stays put", async ({
    page,
    hasJs,
  }) => {
    await open(page, "/products", hasJs);
    const panel = page.getByRole("region", { name: "Filters" });
    const category = panel.getByLabel("Category");
    const minPrice = panel.getByRole("slider", { name: "Minimum price" });
    const inStock = panel.getByRole("checkbox", { name: "In stock only" });
    const sort = page.getByRole("combobox", { name: "Sort by" });
    const allCount = await found(page).innerText();

    /** With script: the URL follows the change, the control keeps focus through the re-render. */
    async function expectAppliedInPlace(control: Locator, url: RegExp) {
      if (!hasJs) return;
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("main").locator("[aria-busy='true']")).toHaveCount(0);
      await expect(control, `focus went to ${await focusedTag(page)}`).toBeFocused();
    }

    // The category select: arrows pick a category (a new path, still no focus move).
    await tabTo(page, category);
    await page.keyboard.press("ArrowDown");
    await expect(category).toHaveValue(FIRST_CATEGORY.slug);
    await expectAppliedInPlace(category, new RegExp(`/products/${FIRST_CATEGORY.slug}$`));
    if (hasJs) {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(FIRST_CATEGORY.title);
      // The heading changed under the shopper's focus: the new title is announced, focus stays.
      await expect(announcer(page)).toHaveText(`${FIRST_CATEGORY.title} - MakerVolt`);
    }
    await page.keyboard.press("ArrowUp");
    await expect(category).toHaveValue("");
    await expectAppliedInPlace(category, /\/products$/);

    // The minimum price slider: arrow keys step a whole dollar; Page Up steps further.
    await tabTo(page, minPrice);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(minPrice).toHaveValue("2");
    await page.keyboard.press("ArrowLeft");
    await expect(minPrice).toHaveValue("1");
    for (let i = 0; i < 3; i++) await page.keyboard.press("PageUp");
    const min = Number(await minPrice.inputValue());
    expect(min).toBeGreaterThan(1);
    // The value beside the label follows the slider with script; without it the slider itself
    // exposes its value, and the label shows the applied one after Apply.
    if (hasJs) await expect(panel.locator("output[for='filter-min']")).toHaveText(`$${min}`);
    await expectAppliedInPlace(minPrice, new RegExp(`/products\\?min=${min}$`));
    if (hasJs) await expect(found(page)).not.toHaveText(allCount);

    // The in-stock checkbox: Space.
    await tabTo(page, inStock);
    await page.keyboard.press("Space");
    await expect(inStock).toBeChecked();
    await expectAppliedInPlace(inStock, new RegExp(`/products\\?min=${min}&stock=1$`));
    const inStockCount = await found(page).innerText();

    // The sort select in the toolbar belongs to the same form.
    await tabTo(page, sort);
    await page.keyboard.press("ArrowDown");
    await expect(sort).toHaveValue("price-low");
    await expectAppliedInPlace(sort, new RegExp(`/products\\?min=${min}&stock=1&sort=price-low$`));

    if (!hasJs) {
      // Without script, nothing has been sent yet: Apply (or Sort) sends the form.
      await expect(page).toHaveURL(/\/products$/);
      await tabTo(page, panel.getByRole("button", { name: "Apply" }), { backwards: true });
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/products\\?min=${min}&stock=1&sort=price-low$`));
      await page.waitForLoadState("load");
      await expect(found(page)).not.toHaveText(allCount);
      await expect(panel.getByRole("checkbox", { name: "In stock only" })).toBeChecked();
      await expect(panel.locator("output[for='filter-min']")).toHaveText(`$${min}`);
      return;
    }
    // The status line (a live region) said what the filters did.
    await expect(found(page)).toHaveText(inStockCount);
    await expect(found(page)).not.toHaveText(allCount);
    // Apply with the keyboard is harmless with script: same results, focus stays.
    await tabTo(page, panel.getByRole("button", { name: "Apply" }), { backwards: true });
    await page.keyboard.press("Enter");
    await expect(panel.getByRole("button", { name: "Apply" })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/products\\?min=${min}&stock=1&sort=price-low$`));
  });
});

test.describe("product tabs and gallery", () => {
  const tablist = (page: Page) => page.getByRole("tablist", { name: "Product details" });
  const tab = (page: Page, name: string) => tablist(page).getByRole("tab", { name });

  test("with JavaScript the tabs follow the APG tabs pattern", { tag: "@js-only" }, async ({ page, hasJs }) => {
    // Only in the "js" project (@js-only), by design: arrow keys and roving tabindex need script;
    // without it each tab is a link (next test).
    await open(page, PRODUCT_PATH, hasJs);
    await tabTo(page, tab(page, "Description"), { max: 60 });
    // One Tab stop for the whole tablist: the selected tab.
    await expect(tab(page, "Specifications")).toHaveAttribute("tabindex", "-1");

    await page.keyboard.press("ArrowLeft");
    await expect(tab(page, "Reviews")).toBeFocused();
    await expect(tab(page, "Reviews")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Reviews" })).toHaveText("Reviews are coming soon!");
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "Description")).toBeFocused();
    await page.keyboard.press("End");
    await expect(tab(page, "Reviews")).toBeFocused();
    await page.keyboard.press("Home");
    await expect(tab(page, "Description")).toBeFocused();
    // Two quick presses move two tabs, not one.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "Reviews")).toBeFocused();
    await expect(tab(page, "Reviews")).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(new RegExp(`${PRODUCT_PATH}\\?tab=reviews$`));
    await page.keyboard.press("ArrowLeft");
    await expect(tab(page, "Specifications")).toHaveAttribute("aria-selected", "true");
    await expect(tab(page, "Specifications")).toHaveAttribute("tabindex", "0");
    await expect(tab(page, "Reviews")).toHaveAttribute("tabindex", "-1");
    await expect(tab(page, "Description")).toHaveAttribute("aria-selected", "false");

    // Tab leaves the tablist for the labelled panel.
    await page.keyboard.press("Tab");
    const panel = page.getByRole("tabpanel", { name: "Specifications" });
    await expect(panel).toBeFocused();
    await expect(panel.getByRole("table", { name: "Specifications" })).toBeVisible();
    // Switching tabs never moved focus to the page heading or announced a new page.
    await expect(announcer(page)).toBeEmpty();
  });

  test(
    "without JavaScript each tab is a link that marks the selected one",
    { tag: "@no-js-only" },
    async ({ page, hasJs }) => {
      // Only in the "no-js" project (@no-js-only), by design: with script the tablist has one Tab stop (previous test).
      await open(page, PRODUCT_PATH, hasJs);
      await tabTo(page, tab(page, "Specifications"), { max: 60 });
      await expect(tab(page, "Specifications")).toHaveAttribute("href", /\?tab=specifications/);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\?tab=specifications#product-details$/);
      await page.waitForLoadState("load");
      await expect(tab(page, "Specifications")).toHaveAttribute("aria-selected", "true");
      await expect(tab(page, "Description")).toHaveAttribute("aria-selected", "false");
      await expect(page.getByRole("tabpanel", { name: "Specifications" }).getByRole("table")).toBeVisible();
    },
  );

  test("gallery thumbnails work with Enter (and Space with JavaScript) and mark the selected image", async ({
    page,
    hasJs,
  }) => {
    await open(page, PRODUCT_PATH, hasJs);
    const thumbnails = page.getByRole("list", { name: "Product images" }).getByRole("link");
    const count = await thumbnails.count();
    expect(count).toBeGreaterThanOrEqual(3);
    const mainImage = page.getByRole("main").getByRole("img").first();
    await expect(thumbnails.first()).toHaveAttribute("aria-current", "true");

    await tabTo(page, thumbnails.nth(1));
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${PRODUCT_PATH}\\?image=1$`));
    if (!hasJs) await page.waitForLoadState("load");
    await expect(thumbnails.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(thumbnails.first()).not.toHaveAttribute("aria-current", /.*/);
    await expect(mainImage).toHaveAttribute("alt", new RegExp(`image 2 of ${count}$`));
    if (!hasJs) return; // Space on a link scrolls the page without script; Enter is the no-JS way.

    // The main image changed in place: focus and scroll stayed with the thumbnail.
    await expect(thumbnails.nth(1)).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(page).toHaveURL(new RegExp(`${PRODUCT_PATH}\\?image=2$`));
    await expect(thumbnails.nth(2)).toHaveAttribute("aria-current", "true");
    await expect(mainImage).toHaveAttribute("alt", new RegExp(`image 3 of ${count}$`));
    await expect(thumbnails.nth(2)).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(announcer(page)).toBeEmpty();
  });
});

test.describe("toasts and fetcher forms", () => {
  test(
    "F8 reaches the notification region; Escape dismisses the toast and focus goes back",
    { tag: "@js-only" },
    async ({ page, hasJs }) => {
      // Only in the "js" project (@js-only), by design: F8 and Escape are Radix Toast's; without
      // script the toast's close link is in the Tab order (the no-JS test below).
      await open(page, "/about", hasJs);
      await tabTo(page, cartButton(page));
      await page.keyboard.press("Enter");
      await expect(notice(page)).toBeVisible();
      // The fetcher finished (the toast came with its revalidation) and focus stayed on the button.
      await expect(cartButton(page)).toBeFocused();

      await page.keyboard.press("F8");
      await expect(notifications(page).getByRole("list")).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(notice(page)).toBeHidden();
      await expect(cartButton(page)).toBeFocused();

      // Into the toast and out by its close button: focus returns the same way.
      await page.keyboard.press("Enter");
      await expect(notice(page)).toBeVisible();
      await page.keyboard.press("F8");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      const close = notifications(page).getByRole("button", { name: "Close notification" });
      await expect(close).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(notice(page)).toBeHidden();
      await expect(cartButton(page)).toBeFocused();

      // Escape with focus on the page dismisses the toast and leaves focus alone.
      await page.keyboard.press("Enter");
      await expect(notice(page)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(notice(page)).toBeHidden();
      await expect(cartButton(page)).toBeFocused();
    },
  );

  test(
    "without JavaScript the toast's close link is reachable by Tab and closes it",
    { tag: "@no-js-only" },
    async ({ page, hasJs }) => {
      // Only in the "no-js" project (@no-js-only), by design: with script Radix renders a close button (previous test).
      await open(page, "/about", hasJs);
      await tabTo(page, cartButton(page));
      await page.keyboard.press("Enter");
      await page.waitForLoadState("load");
      await expect(notice(page)).toBeVisible();
      // The region sits between main and the footer: Shift+Tab from the footer's first control.
      const footerFirst = page.getByRole("contentinfo").getByRole("link").first();
      await footerFirst.focus();
      await page.keyboard.press("Shift+Tab");
      const close = notifications(page).getByRole("link", { name: "Close notification" });
      await expect(close).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(notice(page)).toBeHidden();
    },
  );

  test(
    "after Add to Cart on a product page, focus stays on the button",
    { tag: "@js-only" },
    async ({ page, hasJs }) => {
      // Only in the "js" project (@js-only), by design: without script the form is a native POST and
      // the page reloads with the toast (the test above covers closing it).
      await open(page, PRODUCT_PATH, hasJs);
      const addToCart = page.getByRole("main").getByRole("button", { name: "Add to Cart", exact: true });
      await tabTo(page, addToCart, { max: 60 });
      const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/notice"));
      await page.keyboard.press("Enter");
      await posted;
      await expect(notice(page)).toBeVisible();
      await expect(addToCart, `focus went to ${await focusedTag(page)}`).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`${PRODUCT_PATH}$`));
    },
  );
});

test.describe("client-side navigation", () => {
  test("the announcer is in the server HTML, empty, and the first load leaves focus alone", async ({ page, hasJs }) => {
    await open(page, "/about", hasJs);
    await expect(announcer(page)).toHaveAttribute("aria-live", "polite");
    await expect(announcer(page)).toBeEmpty();
    expect(await focusedTag(page)).toBe("BODY");
    const html = await (await page.request.get("/about")).text();
    expect(html).toMatch(/<div id="route-announcer" aria-live="polite"[^>]*><\/div>/);
  });

  test("following a link moves focus to the new page's h1 and announces its title", async ({ page, hasJs }) => {
    await open(page, "/about", hasJs);
    await tabTo(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contact$/);
    const heading = page.getByRole("heading", { level: 1, name: "Contact Us" });
    if (!hasJs) {
      // A full page load: the browser announces the new document, and the first Tab starts at
      // the top with the skip link.
      await page.waitForLoadState("load");
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
      return;
    }
    await expect(heading).toBeFocused();
    await expect(announcer(page)).toHaveText(await page.title());
    expect(await page.title()).toBe("Contact Us - MakerVolt");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The next Tab continues from the heading, inside main.
    await page.keyboard.press("Tab");
    expect(await focusIsWithin(page.getByRole("main"))).toBe(true);

    // Back: the previous page's h1, and its title.
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeFocused();
    await expect(announcer(page)).toHaveText("About Us - MakerVolt");
    // Forward again: the same page title as two navigations ago is still read out.
    await page.goForward();
    await expect(heading).toBeFocused();
    await expect(announcer(page)).toHaveText("Contact Us - MakerVolt");
  });

  test("a same-page change (the view toggle) keeps focus where it is", { tag: "@js-only" }, async ({ page, hasJs }) => {
    // Only in the "js" project (@js-only), by design: without script each of these is a full page
    // load, which puts focus at the top of the new document (the previous test).
    await open(page, "/products", hasJs);
    const listView = page.getByRole("link", { name: "List view" });
    await tabTo(page, listView, { max: 60 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/products\?view=list$/);
    await expect(listView).toHaveAttribute("aria-current", "true");
    await expect(listView).toBeFocused();
    await expect(announcer(page)).toBeEmpty();
  });

  test("pagination moves focus to the new page of results", async ({ page, hasJs }) => {
    await open(page, "/products", hasJs);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    const firstOnPage1 = await page.getByRole("main").getByRole("article").first().getByRole("heading").innerText();
    // Far down the page: focused directly, then followed with Enter.
    await pagination.getByRole("link", { name: "Page 2" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/products\?page=2$/);
    if (!hasJs) await page.waitForLoadState("load");
    const results = page
      .getByRole("main")
      .getByRole("list")
      .filter({ has: page.getByRole("article") });
    await expect(results.getByRole("article").first().getByRole("heading")).not.toHaveText(firstOnPage1);
    if (!hasJs) {
      // A full page load: the next Tab starts at the top, with the skip links that lead here.
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Skip to results" })).toBeFocused();
      return;
    }
    await expect(results).toBeFocused();
    await expect(results).toBeInViewport();
    await expect(announcer(page)).toHaveText(await page.title());
    await page.keyboard.press("Tab");
    await expect(results.getByRole("article").first().getByRole("link").first()).toBeFocused();

    // Back to page 1: a history navigation, so the h1 as for any page.
    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });
});
