import type { Locator, Page } from "@playwright/test";

import { PAGE_SIZE } from "../../app/models/catalogue/catalogue-query";
import { CATEGORIES } from "../../app/models/catalogue/categories";
import { expect, followLink, test, waitForHydration } from "./fixtures";

/** Opens a page and, in the js project, waits until React has hydrated it. */
async function open(page: Page, path: string, hasJs: boolean) {
  const response = await page.goto(path);
  if (hasJs) await waitForHydration(page);
  return response;
}

function productCards(page: Page): Locator {
  return page.getByRole("main").getByRole("article");
}

/**
 * The cards' texts once the document has fully arrived: without JavaScript the new page is
 * still streaming when its URL and first cards appear, so a card may not have its price yet.
 */
async function cardTexts(page: Page): Promise<string[]> {
  await page.waitForLoadState("load");
  return productCards(page).allInnerTexts();
}

/** The current (first) price on each card, in dollars. */
async function cardPrices(page: Page): Promise<number[]> {
  return (await cardTexts(page)).map((text) => {
    const match = /\$([\d,]+\.\d{2})/.exec(text);
    if (!match?.[1]) throw new Error(`no price on card: ${text}`);
    return Number(match[1].replace(/,/g, ""));
  });
}

async function cardNames(page: Page): Promise<string[]> {
  await page.waitForLoadState("load");
  return productCards(page).getByRole("heading").allInnerTexts();
}

async function cardRatings(page: Page): Promise<number[]> {
  return (await cardTexts(page)).map((text) => Number(/Rated ([\d.]+) out of 5/.exec(text)?.[1]));
}

/** "N products found" as a number. */
async function productsFound(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ products? found$/).innerText();
  return Number(text.split(" ")[0]);
}

/**
 * Applies the filter form the way each shopper does: with JavaScript a change applies itself;
 * without it the shopper presses Apply. Pressing Apply with JavaScript is harmless too.
 */
async function applyFilters(page: Page) {
  await page.getByRole("button", { name: "Apply" }).click();
}

/**
 * Retries until the cards read from the page are in order: with JavaScript the URL changes a
 * moment before React renders the new results.
 */
async function expectSorted<T>(read: () => Promise<T[]>, compare: (a: T, b: T) => number) {
  await expect(async () => {
    const values = await read();
    expect(values.length).toBeGreaterThan(1);
    expect(values).toEqual([...values].sort(compare));
  }).toPass();
}

test.describe("catalogue", () => {
  test("a shopper browses from home to a category, a product and a related product", async ({ page, hasJs }) => {
    await open(page, "/", hasJs);
    await page.getByRole("main").getByRole("link", { name: "Shop Now" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");

    // By value: each option's text ends with its number of products, "Sensors (9)".
    await page.getByLabel("Category").selectOption("sensors");
    if (!hasJs) await applyFilters(page);
    await expect(page).toHaveURL(/\/products\/sensors$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sensors");

    const first = productCards(page).first().getByRole("heading");
    const name = await first.innerText();
    const productPath = await followLink(page, first.getByRole("link"));
    expect(productPath).toMatch(/^\/product\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

    const related = page
      .getByRole("region", { name: "Related Products" })
      .getByRole("article")
      .first()
      .getByRole("heading");
    const relatedName = await related.innerText();
    const relatedPath = await followLink(page, related.getByRole("link"));
    expect(relatedPath).toMatch(/^\/product\/\d+$/);
    expect(relatedPath).not.toBe(productPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(relatedName);
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Sensors" }),
    ).toBeVisible();
  });

  test("the category filter moves the category into the path and keeps the other filters", async ({ page, hasJs }) => {
    await open(page, "/products?stock=1&sort=price-low", hasJs);
    await page.getByLabel("Category").selectOption("development-boards");
    if (!hasJs) await applyFilters(page);
    await expect(page).toHaveURL(/\/products\/development-boards\?stock=1&sort=price-low$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Development Boards");
    for (const text of await cardTexts(page)) expect(text).toContain("Development Boards");
    await expect(page.getByLabel("In stock only")).toBeChecked();

    await page.getByLabel("Category").selectOption({ value: "" });
    if (!hasJs) await applyFilters(page);
    await expect(page).toHaveURL(/\/products\?stock=1&sort=price-low$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
  });

  test("the price range keeps products between the minimum and maximum", async ({ page, hasJs }) => {
    await open(page, "/products", hasJs);
    const all = await productsFound(page);
    // Sliders move with the keyboard like any shopper would: Home/End, then arrow steps of $1.
    const min = page.getByRole("slider", { name: "Minimum price" });
    await min.focus();
    await min.press("Home");
    for (let i = 0; i < 10; i++) await min.press("ArrowRight");
    const max = page.getByRole("slider", { name: "Maximum price" });
    await max.focus();
    await max.press("End");
    for (let i = 0; i < 10; i++) await max.press("ArrowLeft");
    await applyFilters(page);
    await expect(page).toHaveURL(/\/products\?min=10&max=90$/);
    await expect(page.getByRole("slider", { name: "Minimum price" })).toHaveValue("10");
    await expect(page.getByRole("slider", { name: "Maximum price" })).toHaveValue("90");
    await expect.poll(() => productsFound(page)).toBeLessThan(all);
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(10);
      expect(price).toBeLessThanOrEqual(90);
    }
  });

  test("$100+ at the top of the range includes products over $100", async ({ page, hasJs }) => {
    await open(page, "/products?min=100", hasJs);
    await expect(page.getByText("$100+").first()).toBeVisible();
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toBeGreaterThanOrEqual(100);
  });

  test("in stock only hides out-of-stock products", async ({ page, hasJs }) => {
    await open(page, "/products?sort=price-high", hasJs);
    const all = await productsFound(page);
    await page.getByLabel("In stock only").check();
    if (!hasJs) await applyFilters(page);
    await expect(page).toHaveURL(/\/products\?stock=1&sort=price-high$/);
    await expect.poll(() => productsFound(page)).toBeLessThan(all);
    for (const text of await cardTexts(page)) expect(text).not.toContain("Out of Stock");
  });

  for (const [sort, label, check] of [
    [
      "price-low",
      "Price: Low to High",
      (page: Page) =>
        expectSorted(
          () => cardPrices(page),
          (a, b) => a - b,
        ),
    ],
    [
      "price-high",
      "Price: High to Low",
      (page: Page) =>
        expectSorted(
          () => cardPrices(page),
          (a, b) => b - a,
        ),
    ],
    [
      "rating",
      "Highest Rated",
      (page: Page) =>
        expectSorted(
          () => cardRatings(page),
          (a, b) => b - a,
        ),
    ],
  ] as const) {
    test(`sorting by ${label} orders the cards`, async ({ page, hasJs }) => {
      await open(page, "/products", hasJs);
      await page.getByLabel("Sort by").selectOption({ label });
      if (!hasJs) await page.getByRole("button", { name: "Sort", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/products\\?sort=${sort}$`));
      await expect(page.getByLabel("Sort by")).toHaveValue(sort);
      await check(page);
    });
  }

  test("products are sorted by name, A to Z, by default", async ({ page, hasJs }) => {
    await open(page, "/products", hasJs);
    await expect(page.getByLabel("Sort by")).toHaveValue("name");
    const names = async () => (await cardNames(page)).map((n) => n.toLowerCase());
    await expectSorted(names, (a, b) => (a < b ? -1 : a > b ? 1 : 0));
  });

  test("the list view shows one product per row and keeps the filters", async ({ page, hasJs }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/products/tools?sort=price-low", hasJs);
    const grid = page.getByRole("link", { name: "Grid view" });
    const list = page.getByRole("link", { name: "List view" });
    await expect(grid).toHaveAttribute("aria-current", "true");
    const [a, b] = [await productCards(page).nth(0).boundingBox(), await productCards(page).nth(1).boundingBox()];
    expect(a?.y).toBe(b?.y); // side by side

    await list.click();
    await expect(page).toHaveURL(/\/products\/tools\?sort=price-low&view=list$/);
    await expect(page.getByRole("link", { name: "List view" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("link", { name: "Grid view" })).not.toHaveAttribute("aria-current", /.*/);
    const [c, d] = [await productCards(page).nth(0).boundingBox(), await productCards(page).nth(1).boundingBox()];
    expect(c?.x).toBe(d?.x); // one above the other
    expect(d!.y).toBeGreaterThan(c!.y);

    await page.getByRole("link", { name: "Grid view" }).click();
    await expect(page).toHaveURL(/\/products\/tools\?sort=price-low$/);
  });

  test("pagination walks the catalogue a page (PAGE_SIZE) at a time", async ({ page, hasJs }) => {
    await open(page, "/products", hasJs);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute("href", "/products?page=2");
    await expect(productCards(page)).toHaveCount(PAGE_SIZE);
    const firstPage = await cardNames(page);

    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/products\?page=2$/);
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator('head link[rel="prev"]')).toHaveAttribute("href", "/products");
    const secondPage = await cardNames(page);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: firstPage[0] })).toBeVisible();
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/products\?page=2$/);
  });

  test("'N products found' counts every match, not just the page", async ({ page, hasJs }) => {
    await open(page, "/products", hasJs);
    const found = await productsFound(page);
    let counted = 0;
    for (let n = 1; n <= 20; n++) {
      counted += await productCards(page).count();
      const next = page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" });
      if ((await next.count()) === 0) break;
      await next.click();
      await expect(page).toHaveURL(new RegExp(`page=${n + 1}$`));
      await expect(
        page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: `Page ${n + 1}` }),
      ).toHaveAttribute("aria-current", "page");
    }
    expect(found).toBeGreaterThanOrEqual(64);
    expect(counted).toBe(found);
  });

  test("each of the eight categories lists at least eight products", async ({ page, hasJs }) => {
    for (const { slug, title } of CATEGORIES) {
      const response = await open(page, `/products/${slug}`, hasJs);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(`${title} - MakerVolt`);
      expect(await productsFound(page)).toBeGreaterThanOrEqual(8);
      expect(await productCards(page).count()).toBeGreaterThanOrEqual(8);
      for (const text of await cardTexts(page)) expect(text).toContain(title);
    }
  });

  test("a search shows its own heading and only matching products", async ({ page, hasJs }) => {
    await open(page, "/products?search=%20Arduino%20", hasJs);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "Arduino"');
    await expect(page).toHaveTitle('Search Results for "Arduino" - MakerVolt');
    expect(await productsFound(page)).toBeGreaterThan(0);
    // The search term travels with the filters.
    await page.getByLabel("In stock only").check();
    if (!hasJs) await applyFilters(page);
    await expect(page).toHaveURL(/\/products\?search=Arduino&stock=1$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "Arduino"');
  });

  test("no matches shows the empty state", async ({ page, hasJs }) => {
    await open(page, "/products?search=no-such-part-anywhere", hasJs);
    await expect(page.getByText("0 products found")).toBeVisible();
    await expect(page.getByText("No products found matching your criteria.")).toBeVisible();
    await expect(productCards(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(productCards(page)).toHaveCount(PAGE_SIZE);
  });

  test("hostile query strings fall back to the defaults with status 200", async ({ page, hasJs }) => {
    const response = await open(page, "/products?min=abc&max=-5&sort=';--&page=99999&view=<script>&stock=yes", hasJs);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
    await expect(page.getByLabel("Sort by")).toHaveValue("name");
    await expect(page.getByRole("slider", { name: "Minimum price" })).toHaveValue("0");
    await expect(page.getByRole("slider", { name: "Maximum price" })).toHaveValue("100");
    await expect(page.getByLabel("In stock only")).not.toBeChecked();
    await expect(page.getByRole("link", { name: "Grid view" })).toHaveAttribute("aria-current", "true");
    await expect(
      page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 1" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(productCards(page)).toHaveCount(PAGE_SIZE);

    const long = "x".repeat(3000);
    const searched = await open(page, `/products?search=${long}`, hasJs);
    expect(searched?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search Results for "${"x".repeat(100)}"`);
  });

  test("an unknown category shows every product under the heading Products", async ({ page, hasJs }) => {
    const response = await open(page, "/products/flux-capacitors", hasJs);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Products");
    await expect(page.getByLabel("Category")).toHaveValue("");
    expect(await productsFound(page)).toBeGreaterThanOrEqual(64);
  });

  test("on a small screen the filters can always be reached", async ({ page, hasJs }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await open(page, "/products", hasJs);
    const category = page.getByLabel("Category");
    // Collapsed behind a button in both renderings (no layout shift at hydration); without
    // JavaScript the button reloads the page with ?filters=open.
    const toggle = page.getByRole("button", { name: "Show filters" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(category).toBeHidden();
    await toggle.click();
    if (!hasJs) await expect(page).toHaveURL(/\/products\?filters=open#filter-panel$/);
    await expect(page.getByRole("button", { name: "Hide filters" })).toHaveAttribute("aria-expanded", "true");
    await expect(category).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply" })).toBeVisible();
    // Nothing scrolls sideways at 320 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test("out-of-stock cards say so and their Add to Cart button is disabled", async ({ page, hasJs }) => {
    await open(page, "/products?sort=price-high", hasJs);
    for (let n = 1; n <= 10; n++) {
      const soldOut = productCards(page).filter({ hasText: "Out of Stock" });
      if ((await soldOut.count()) > 0) {
        const card = soldOut.first();
        const name = await card.getByRole("heading").innerText();
        await expect(card.getByRole("button", { name: `Add to Cart, ${name}` })).toBeDisabled();
        const inStock = productCards(page).filter({ hasNotText: "Out of Stock" }).first();
        const inStockName = await inStock.getByRole("heading").innerText();
        await expect(inStock.getByRole("button", { name: `Add to Cart, ${inStockName}` })).toBeEnabled();
        return;
      }
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(new RegExp(`page=${n + 1}$`));
      await expect(
        page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: `Page ${n + 1}` }),
      ).toHaveAttribute("aria-current", "page");
    }
    throw new Error("the seed has no out-of-stock product");
  });

  test("a client-side filter change says it is loading", { tag: "@js-only" }, async ({ page, hasJs }) => {
    // Only in the "js" project (@js-only), by design: without JavaScript the browser's own page load is the loading state.
    await open(page, "/products", hasJs);
    // Hold the data request back so the loading state can be seen.
    await page.route("**/products/sensors.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByLabel("Category").selectOption("sensors");
    await expect(page.getByRole("status").filter({ hasText: "Loading products..." })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sensors");
    await expect(page.getByText("Loading products...")).toHaveCount(0);
  });

  for (const path of [
    "/products",
    "/products/sensors",
    "/products?search=sensor",
    "/products?view=list",
    "/products?page=2",
    "/products?search=no-such-part-anywhere",
  ]) {
    test(`${path} has no axe violations`, async ({ expectAccessible }) => {
      await expectAccessible(path);
    });
  }
});

test.describe("a price slider change still waiting to apply itself", { tag: "@js-only" }, () => {
  // Only in the "js" project (@js-only), by design: without JavaScript no change applies itself,
  // so nothing waits to override what the shopper did next.

  /**
   * A slow server: every loader request of a client navigation (`.data`) is held for `ms`, much
   * longer than the sliders' debounce, and each one's URL is recorded.
   */
  async function slowServer(page: Page, ms: number): Promise<URL[]> {
    const requested: URL[] = [];
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      async (route) => {
        requested.push(new URL(route.request().url()));
        await new Promise((resolve) => setTimeout(resolve, ms));
        // A navigation replaced by another one has been aborted meanwhile.
        await route.continue().catch(() => {});
      },
    );
    return requested;
  }

  const minPrice = (page: Page) => page.getByRole("slider", { name: "Minimum price" });

  test("is cancelled by Clear filters", async ({ page, hasJs }) => {
    await open(page, "/products?min=10", hasJs);
    await slowServer(page, 1500);
    await minPrice(page).focus();
    await minPrice(page).press("ArrowRight");
    // Clear, most likely within the debounce. A change that fired after it would replace the Clear
    // navigation before it lands; one that fired before it (a loaded machine) must give way to it.
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByText(/^\d+ products? found$/)).toBeVisible();
    await expect(minPrice(page)).toHaveValue("0");
  });

  test("is cancelled by Back", async ({ page, hasJs }) => {
    await open(page, "/products", hasJs);
    await page.getByRole("link", { name: "List view" }).click();
    await expect(page).toHaveURL(/\/products\?view=list$/);
    await expect(page.getByRole("link", { name: "List view" })).toHaveAttribute("aria-current", "true");
    await slowServer(page, 1500);
    await minPrice(page).focus();
    await minPrice(page).press("ArrowRight");
    await page.goBack();
    // The page Back returned to has arrived (its loader data, not just its URL) ...
    await expect(page.getByRole("link", { name: "Grid view" })).toHaveAttribute("aria-current", "true");
    // ... and the waiting change did not fire over it.
    await expect(page).toHaveURL(/\/products$/);
    await expect(minPrice(page)).toHaveValue("0");
  });

  test("once sent, gives way to Clear filters and the controls show the cleared filters", async ({ page, hasJs }) => {
    await open(page, "/products?min=10", hasJs);
    const requested = await slowServer(page, 1500);
    await minPrice(page).focus();
    await minPrice(page).press("ArrowRight");
    // The change has been sent and is loading on the slow server when the shopper clears.
    await expect.poll(() => requested.some((url) => url.searchParams.get("min") === "11")).toBe(true);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByText(/^\d+ products? found$/)).toBeVisible();
    await expect(minPrice(page)).toHaveValue("0");
    await expect(page.locator("output[for='filter-min']")).toHaveText("$0");
  });
});
