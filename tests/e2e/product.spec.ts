import type { Page } from "@playwright/test";

import { expect, followLink, test, waitForHydration } from "./fixtures";

async function open(page: Page, path: string, hasJs: boolean) {
  const response = await page.goto(path);
  if (hasJs) await waitForHydration(page);
  return response;
}

/** Opens the catalogue and follows the first card matching `hasText` (any card by default). */
async function openProductFromCatalogue(page: Page, hasJs: boolean, catalogue = "/products", hasText?: string) {
  await open(page, catalogue, hasJs);
  const cards = page.getByRole("main").getByRole("article");
  const card = hasText ? cards.filter({ hasText }).first() : cards.first();
  const name = await card.getByRole("heading").innerText();
  const path = await followLink(page, card.getByRole("heading").getByRole("link"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  if (hasJs) await waitForHydration(page);
  return { name, path };
}

test.describe("product detail", () => {
  test("shows the breadcrumb, rating, price, stock, features and fixed notes", async ({ page, hasJs }) => {
    const { name } = await openProductFromCatalogue(page, hasJs, "/products/displays");
    await expect(page).toHaveTitle(`${name} - MakerVolt`);

    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("listitem")).toHaveText(["Home", "Products", "Displays", name]);
    await expect(breadcrumb.getByRole("link", { name: "Displays" })).toHaveAttribute("href", "/products/displays");
    await expect(breadcrumb.getByText(name)).toHaveAttribute("aria-current", "page");

    await expect(page.getByText(/^Rated [\d.]+ out of 5$/).first()).toBeAttached();
    // The product's own count comes first; related products' cards read "(N reviews)" too.
    await expect(page.getByText(/^\(\d+ reviews?\)$/).first()).toBeVisible();
    await expect(page.getByText(/^(In Stock|Out of Stock)$/).first()).toBeVisible();
    const features = page.getByRole("region", { name: "Key features" }).getByRole("listitem");
    expect(await features.count()).toBeLessThanOrEqual(5);
    await expect(page.getByText("Free shipping")).toBeVisible();
    await expect(page.getByText("1-year warranty")).toBeVisible();
    await expect(page.getByText("30-day return policy")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to wishlist" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Share" })).toBeVisible();
  });

  test("a product's meta description is the first 160 characters of its description", async ({ page, hasJs }) => {
    await openProductFromCatalogue(page, hasJs);
    const description = await page.getByRole("tabpanel").innerText();
    const meta = await page.locator('head meta[name="description"]').getAttribute("content");
    expect(meta).toBe(description.trim().slice(0, 160));
  });

  test("never shows more than five key features", async ({ page, hasJs }) => {
    // The seed has products with more than five features; check a whole category page's worth.
    await open(page, "/products/development-boards", hasJs);
    const hrefs = await page
      .getByRole("main")
      .getByRole("article")
      .getByRole("heading")
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      await open(page, href, hasJs);
      const features = page.getByRole("region", { name: "Key features" }).getByRole("listitem");
      expect(await features.count()).toBeLessThanOrEqual(5);
    }
  });

  test("choosing a thumbnail shows that image", async ({ page, hasJs }) => {
    const { name, path } = await openProductFromCatalogue(page, hasJs);
    const thumbnails = page.getByRole("list", { name: "Product images" }).getByRole("link");
    const count = await thumbnails.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole("img", { name: `${name}, image 1 of ${count}` }).first()).toBeVisible();
    await expect(thumbnails.first()).toHaveAttribute("aria-current", "true");

    await thumbnails.nth(1).click();
    await expect(page).toHaveURL(`${path}?image=1`);
    await expect(thumbnails.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(thumbnails.first()).not.toHaveAttribute("aria-current", /.*/);
    // The main image is the first image on the page.
    await expect(page.getByRole("main").getByRole("img").first()).toHaveAttribute(
      "alt",
      `${name}, image 2 of ${count}`,
    );

    // Out-of-range or junk values fall back to the first image.
    const response = await open(page, `${path}?image=99`, hasJs);
    expect(response?.status()).toBe(200);
    await expect(thumbnails.first()).toHaveAttribute("aria-current", "true");
  });

  test("tabs show the description, the specifications and the reviews note", async ({ page, hasJs }) => {
    const { path } = await openProductFromCatalogue(page, hasJs);
    const tabs = page.getByRole("tablist", { name: "Product details" });
    await expect(tabs.getByRole("tab", { name: "Description" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Description" })).not.toBeEmpty();

    await tabs.getByRole("tab", { name: "Specifications" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?tab=specifications(#product-details)?$`));
    await expect(tabs.getByRole("tab", { name: "Specifications" })).toHaveAttribute("aria-selected", "true");
    const table = page.getByRole("tabpanel", { name: "Specifications" }).getByRole("table", { name: "Specifications" });
    await expect(table).toBeVisible();
    expect(await table.getByRole("rowheader").count()).toBeGreaterThan(0);

    await tabs.getByRole("tab", { name: "Reviews" }).click();
    await expect(page.getByRole("tabpanel", { name: "Reviews" })).toHaveText("Reviews are coming soon!");

    await tabs.getByRole("tab", { name: "Description" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}(#product-details)?$`));
    await expect(page.getByRole("tabpanel", { name: "Description" })).toBeVisible();
  });

  test("tabs follow the arrow keys once JavaScript runs", { tag: "@js-only" }, async ({ page, hasJs }) => {
    // Only in the "js" project (@js-only), by design: arrow keys are the enhanced tabs' behaviour; without JavaScript each tab is a link.
    await openProductFromCatalogue(page, hasJs);
    const tabs = page.getByRole("tablist", { name: "Product details" });
    await tabs.getByRole("tab", { name: "Description" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: "Specifications" })).toBeFocused();
    await expect(tabs.getByRole("tab", { name: "Specifications" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("End");
    await expect(tabs.getByRole("tab", { name: "Reviews" })).toBeFocused();
    await expect(page.getByRole("tabpanel")).toHaveText("Reviews are coming soon!");
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: "Description" })).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.getByRole("tab", { name: "Reviews" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(tabs.getByRole("tab", { name: "Description" })).toHaveAttribute("aria-selected", "true");
    await expect(tabs.getByRole("tab", { name: "Reviews" })).toHaveAttribute("tabindex", "-1");
  });

  test(
    "on a slow connection, arrows keep focus and selection on the last tab chosen",
    { tag: "@js-only" },
    async ({ page }) => {
      // Only in the "js" project (@js-only), by design: without JavaScript each tab is a link and a full page load.
      await open(page, "/product/21?tab=reviews", true);
      // Every tab switch still revalidates the root loader: make each of those requests slow.
      await page.route(
        (url) => url.pathname.endsWith(".data") || url.searchParams.has("_data"),
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          await route.continue().catch(() => {}); // a newer switch may have cancelled the request
        },
      );
      const tabs = page.getByRole("tablist", { name: "Product details" });
      const tab = (name: string) => tabs.getByRole("tab", { name });
      await tab("Reviews").focus();

      // The shopper's next arrow press arrives just as the Home switch's data lands: the router has
      // the new URL and React has yet to render it. A key event cannot be timed that finely from
      // outside the page, so the page presses it itself, on the focused tab, at that moment: in a
      // microtask once the router has told its listeners, which is before React's render task.
      await page.evaluate(() => {
        type Router = {
          state: { navigation: { state: string }; location: { search: string } };
          subscribe(listener: () => void): () => void;
        };
        const router = (window as unknown as { __reactRouterDataRouter: Router }).__reactRouterDataRouter;
        const unsubscribe = router.subscribe(() => {
          if (router.state.navigation.state !== "idle" || router.state.location.search !== "") return;
          unsubscribe();
          queueMicrotask(() => {
            const press = new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true, cancelable: true });
            document.activeElement!.dispatchEvent(press);
            (window as unknown as { pressedOnLanding: boolean }).pressedOnLanding = true;
          });
        });
      });
      await page.keyboard.press("Home");
      await expect(tab("Description")).toBeFocused();
      const pressedOnLanding = () =>
        page.evaluate(() => (window as unknown as { pressedOnLanding?: boolean }).pressedOnLanding);
      await expect.poll(pressedOnLanding).toBe(true);
      await expect(tab("Specifications")).toBeFocused();
      await expect(tab("Specifications")).toHaveAttribute("aria-selected", "true");

      // The Home switch rendering late must not pull the selection back to Description: the next
      // press moves on from Specifications, where focus is.
      await page.keyboard.press("ArrowRight");
      await expect(tab("Reviews")).toBeFocused();
      await expect(tab("Reviews")).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel", { name: "Reviews" })).toHaveText("Reviews are coming soon!");
      await expect(page).toHaveURL(/\/product\/21\?tab=reviews$/);
      // Once every switch has landed, the selection and focus still agree.
      await expect(tab("Reviews")).toBeFocused();
      await expect(tab("Reviews")).toHaveAttribute("aria-selected", "true");
      await expect(tab("Description")).toHaveAttribute("tabindex", "-1");
    },
  );

  test("the quantity stepper goes up and down but never below 1", async ({ page, hasJs }) => {
    const { path } = await openProductFromCatalogue(page, hasJs, "/products?stock=1");
    const quantity = page.getByRole("spinbutton", { name: "Quantity" });
    const decrease = page.getByRole("button", { name: "Decrease quantity" });
    const increase = page.getByRole("button", { name: "Increase quantity" });
    await expect(quantity).toHaveValue("1");
    await expect(decrease).toBeDisabled();

    await increase.click();
    await expect(quantity).toHaveValue("2");
    await increase.click();
    await expect(quantity).toHaveValue("3");
    await decrease.click();
    await expect(quantity).toHaveValue("2");
    await decrease.click();
    await expect(quantity).toHaveValue("1");
    await expect(decrease).toBeDisabled();
    if (hasJs) {
      // Reaching 1 must not drop keyboard focus to <body> (the button is aria-disabled, not disabled).
      await expect(decrease).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(quantity).toHaveValue("1");
      await expect(decrease).toBeFocused();
    }

    // Junk and values below 1 in the URL read as 1.
    for (const bad of ["0", "-3", "abc"]) {
      await open(page, `${path}?quantity=${bad}`, hasJs);
      await expect(quantity).toHaveValue("1");
    }
  });

  test("an out-of-stock product cannot be added to the cart", async ({ page, hasJs }) => {
    // Find one through the catalogue: its card carries the Out of Stock overlay.
    await open(page, "/products?sort=price-high", hasJs);
    for (let n = 1; n <= 10; n++) {
      const soldOut = page.getByRole("main").getByRole("article").filter({ hasText: "Out of Stock" });
      if ((await soldOut.count()) > 0) break;
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(new RegExp(`page=${n + 1}$`));
      await expect(
        page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: `Page ${n + 1}` }),
      ).toHaveAttribute("aria-current", "page");
    }
    const link = page
      .getByRole("main")
      .getByRole("article")
      .filter({ hasText: "Out of Stock" })
      .first()
      .getByRole("heading")
      .getByRole("link");
    const name = await link.innerText();
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByText("Out of Stock", { exact: true })).toBeVisible();
    await expect(page.getByText(/units available/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add to Cart", exact: true })).toBeDisabled();
  });

  test("an in-stock product shows units available and an enabled Add to Cart", async ({ page, hasJs }) => {
    await openProductFromCatalogue(page, hasJs, "/products?stock=1");
    await expect(page.getByText("In Stock", { exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+ units available$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to Cart", exact: true })).toBeEnabled();
  });

  test("related products are other products of the same category", async ({ page, hasJs }) => {
    const { path } = await openProductFromCatalogue(page, hasJs, "/products/robotics");
    const related = page.getByRole("region", { name: "Related Products" }).getByRole("article");
    const count = await related.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(4);
    for (const card of await related.all()) {
      await expect(card).toContainText("Robotics");
      const href = await card.getByRole("heading").getByRole("link").getAttribute("href");
      expect(href).toMatch(/^\/product\/\d+$/);
      expect(href).not.toBe(path);
    }
  });

  test("following a related product says it is loading", { tag: "@js-only" }, async ({ page, hasJs }) => {
    // Only in the "js" project (@js-only), by design: without JavaScript the browser's own page load is the loading state.
    await openProductFromCatalogue(page, hasJs, "/products/tools");
    // Hold the next product's data back so the loading state can be seen.
    await page.route("**/product/*.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const link = page
      .getByRole("region", { name: "Related Products" })
      .getByRole("article")
      .first()
      .getByRole("heading")
      .getByRole("link");
    const name = await link.innerText();
    await link.click();
    await expect(page.getByRole("status").filter({ hasText: "Loading product details..." })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByText("Loading product details...")).toHaveCount(0);
  });

  for (const path of ["/product/999999999", "/product/abc", "/product/0", "/product/1.5"]) {
    test(`${path} answers 404 "Product not found."`, async ({ page, hasJs }) => {
      const response = await open(page, path, hasJs);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product not found.");
      await expect(page).toHaveTitle("Product not found - MakerVolt");
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }

  for (const tab of ["", "?tab=specifications", "?tab=reviews&image=1&quantity=3"]) {
    test(`a product page${tab ? ` with ${tab}` : ""} has no axe violations`, async ({
      page,
      hasJs,
      expectAccessible,
    }) => {
      const { path } = await openProductFromCatalogue(page, hasJs);
      await expectAccessible(`${path}${tab}`);
    });
  }

  test("the not-found page has no axe violations", async ({ expectAccessible }) => {
    await expectAccessible("/product/999999999");
  });
});
