import type { Page } from "@playwright/test";

import { expect, test, waitForHydration } from "./fixtures";

/**
 * What a screen-reader user hears (docs/accessibility.md#screen-readers), read from the accessibility tree through
 * roles and accessible names rather than from the visual page. Every test runs in both
 * projects: the server HTML must already say all of it.
 */

// Seed products (supabase/seed.sql) with the states under test.
const ON_SALE = { id: 21, name: "Uno R3 Compatible Board, ATmega328P", price: "$14.95", was: "$19.95" };
const OUT_OF_STOCK = { id: 25, name: "STM32F411 Black Pill Style Board", category: "development-boards" };
const IN_STOCK_RATED = { id: 2, rating: "4.4", reviews: 158 };

async function open(page: Page, path: string, hasJs: boolean) {
  await page.goto(path);
  // No-JS pages stream in; read them only once the whole document has arrived.
  if (hasJs) await waitForHydration(page);
  else await page.waitForLoadState("load");
}

const PAGES = [
  "/",
  "/products",
  "/products/sensors",
  "/products?search=sensor",
  `/product/${ON_SALE.id}`,
  "/product/999999",
  "/about",
  "/contact",
  "/auth",
  "/auth?mode=sign-up",
  "/no-such-page",
];

test.describe("page structure", () => {
  for (const path of PAGES) {
    test(`${path}: one h1 and named, unambiguous landmarks`, async ({ page, hasJs }) => {
      await open(page, path, hasJs);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toHaveCount(1);

      // Several navigation landmarks on one page need names that tell them apart.
      const navNames = await page
        .getByRole("navigation")
        .evaluateAll((navs) =>
          navs.map((nav) => nav.getAttribute("aria-label") ?? nav.getAttribute("aria-labelledby") ?? ""),
        );
      expect(navNames.length).toBeGreaterThan(0);
      for (const name of navNames) expect(name, `unnamed navigation on ${path}`).not.toBe("");
      expect(new Set(navNames).size, `duplicate navigation names on ${path}: ${navNames.join(", ")}`).toBe(
        navNames.length,
      );

      await expect(page).toHaveTitle(/ - MakerVolt$|^MakerVolt/);
    });
  }
});

test.describe("product cards", () => {
  test("an out-of-stock card says so in its accessible name, and its button is disabled", async ({ page, hasJs }) => {
    await open(page, `/products/${OUT_OF_STOCK.category}`, hasJs);
    const card = page.getByRole("article", { name: `${OUT_OF_STOCK.name}, Out of Stock` });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link", { name: `${OUT_OF_STOCK.name}, Out of Stock` })).toBeVisible();
    await expect(card.getByRole("button", { name: `Add to Cart, ${OUT_OF_STOCK.name}` })).toBeDisabled();

    // An in-stock card's name is just the product's name.
    const inStock = page.getByRole("article", { name: ON_SALE.name, exact: true });
    await expect(inStock).toHaveCount(1);
    await expect(inStock.getByRole("button", { name: `Add to Cart, ${ON_SALE.name}` })).toBeEnabled();
  });

  test("a card reads its rating as text and its sale price as now and was", async ({ page, hasJs }) => {
    await open(page, "/products/development-boards", hasJs);
    const card = page.getByRole("article", { name: ON_SALE.name, exact: true });
    await expect(card).toContainText("Rated 4.6 out of 5");
    await expect(card).toContainText("980 reviews");
    // The struck-out price is only a line to the eye: words carry it for everyone else.
    await expect(card.getByText(`Now ${ON_SALE.price}, was ${ON_SALE.was}`)).toHaveCount(1);
    // The star glyphs are decoration, hidden from assistive technology.
    expect(await card.locator("[aria-hidden=true] svg").count()).toBeGreaterThanOrEqual(5);
  });
});

test.describe("product page", () => {
  test("rating, price, stock and the states of tabs and gallery are exposed", async ({ page, hasJs }) => {
    await open(page, `/product/${IN_STOCK_RATED.id}`, hasJs);
    const main = page.getByRole("main");
    await expect(main.getByText(`Rated ${IN_STOCK_RATED.rating} out of 5`).first()).toBeAttached();
    await expect(main.getByText(`(${IN_STOCK_RATED.reviews} reviews)`)).toBeVisible();
    await expect(main.getByText(/^Now \$4\.95, was \$6\.50$/)).toHaveCount(1);
    await expect(main.getByText("In Stock", { exact: true })).toBeVisible();

    // Tabs: the selected one is marked, and the panel is named by it.
    await expect(page.getByRole("tab", { selected: true })).toHaveText("Description");
    await expect(page.getByRole("tabpanel", { name: "Description" })).toBeVisible();

    // Gallery: exactly one thumbnail is the current image.
    const thumbnails = page.getByRole("list", { name: "Product images" }).getByRole("link");
    expect(await thumbnails.count()).toBeGreaterThan(1);
    await expect(page.getByRole("list", { name: "Product images" }).locator("[aria-current=true]")).toHaveCount(1);
    await expect(thumbnails.first()).toHaveAttribute("aria-current", "true");

    // Selecting another tab and image moves the marks (a reload without JS, in place with it).
    await page.getByRole("tab", { name: "Specifications" }).click();
    await expect(page.getByRole("tab", { selected: true })).toHaveText("Specifications");
    await expect(page.getByRole("tabpanel", { name: "Specifications" }).getByRole("table")).toBeVisible();
    await thumbnails.nth(1).click();
    await expect(thumbnails.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(thumbnails.first()).not.toHaveAttribute("aria-current", "true");
  });

  test("an out-of-stock product says so, with a disabled Add to Cart", async ({ page, hasJs }) => {
    await open(page, `/product/${OUT_OF_STOCK.id}`, hasJs);
    const main = page.getByRole("main");
    await expect(main.getByText("Out of Stock", { exact: true }).first()).toBeVisible();
    await expect(main.getByText(/units available/)).toHaveCount(0);
    await expect(main.getByRole("button", { name: /Add to Cart/ }).first()).toBeDisabled();
  });
});

test.describe("catalogue count", () => {
  test("'N products found' is a status message that changes when the filters do", async ({ page, hasJs }) => {
    await open(page, "/products/development-boards", hasJs);
    const count = page.getByRole("status").filter({ hasText: /products? found/ });
    await expect(count).toHaveText("9 products found");

    if (hasJs) {
      // The live region must be the same element before and after, or screen readers that
      // only watch nodes present at load would miss the change.
      const before = await count.elementHandle();
      await page.getByRole("checkbox", { name: /in stock only/i }).check();
      await expect(count).toHaveText("8 products found");
      expect(await before?.evaluate((el) => el.isConnected && el.textContent)).toBe("8 products found");
    } else {
      await page.getByRole("checkbox", { name: /in stock only/i }).check();
      await page.getByRole("button", { name: "Apply", exact: true }).click();
      await page.waitForLoadState("load");
      await expect(count).toHaveText("8 products found");
    }
  });
});
