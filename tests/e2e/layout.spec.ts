import type { Page } from "@playwright/test";

import { CATEGORIES } from "~/models/catalogue/categories";

import { expect, test, waitForHydration } from "./fixtures";

// `<summary>` has no implicit ARIA role that Playwright's role engine recognises, so the
// disclosure toggles are found by their element and visible text.

test.describe("site header and footer", () => {
  test("the skip link is the first Tab stop and moves focus to the main content", async ({ page, hasJs }) => {
    await page.goto("/about");
    if (hasJs) await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skipLink = page.getByRole("link", { name: "Skip to main content" });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("every page has a banner, one main, a notification region and a footer", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toBeAttached();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  });

  test("the header links home, to About, Contact and the account page", async ({ page }) => {
    await page.goto("/contact");
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Cart, 0 items" })).toBeVisible();
    await header.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/auth");
    await header.getByRole("link", { name: "MakerVolt home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the categories menu opens from the keyboard and lists the eight categories", async ({ page, hasJs }) => {
    await page.goto("/about");
    if (hasJs) await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.locator("summary", { hasText: "Categories" });
    const menuLinks = nav.locator("details").getByRole("link");

    await expect(menuLinks.first()).toBeHidden();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menuLinks).toHaveCount(8);
    for (const { slug, title } of CATEGORIES) {
      const link = nav.getByRole("link", { name: title, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", `/products/${slug}`);
    }
    await page.keyboard.press("Space");
    await expect(menuLinks.first()).toBeHidden();
    await page.keyboard.press("Space");
    await expect(menuLinks.first()).toBeVisible();

    await nav.getByRole("link", { name: "Sensors", exact: true }).click();
    await expect(page).toHaveURL(/\/products\/sensors$/);
  });

  test("Escape closes the categories menu and returns focus to it", { tag: "@js-only" }, async ({ page }) => {
    // Only in the "js" project (@js-only), by design: escape is an enhancement; without JavaScript Enter or Space closes the menu.
    await page.goto("/about");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.locator("summary", { hasText: "Categories" });
    const firstCategory = nav.getByRole("link", { name: CATEGORIES[0].title, exact: true });

    await toggle.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(firstCategory).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(firstCategory).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test(
    "the categories menu opens on hover and closes when the pointer leaves",
    { tag: "@js-only" },
    async ({ page }) => {
      // Only in the "js" project (@js-only), by design: hover is an enhancement; the menu opens by click or keyboard without JavaScript.
      await page.goto("/about");
      await waitForHydration(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      const firstCategory = nav.getByRole("link", { name: CATEGORIES[0].title, exact: true });

      await nav.locator("summary", { hasText: "Categories" }).hover();
      await expect(firstCategory).toBeVisible();
      await firstCategory.hover();
      await expect(firstCategory).toBeVisible();
      await page.mouse.move(1100, 500);
      await expect(firstCategory).toBeHidden();
    },
  );

  test("a clicked-open categories menu stays open until a click outside", { tag: "@js-only" }, async ({ page }) => {
    // Only in the "js" project (@js-only), by design: click-outside is an enhancement; without JavaScript the summary closes the menu.
    await page.goto("/about");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const firstCategory = nav.getByRole("link", { name: CATEGORIES[0].title, exact: true });

    await nav.locator("summary", { hasText: "Categories" }).click();
    await expect(firstCategory).toBeVisible();
    await page.mouse.move(1100, 500);
    await expect(firstCategory).toBeVisible();
    await page.mouse.click(1100, 500);
    await expect(firstCategory).toBeHidden();
  });

  test("notice buttons return to the same page with the same query", async ({ page }) => {
    await page.goto("/about?from=test&page=2");
    const footer = page.getByRole("contentinfo");
    const support = footer.getByRole("navigation", { name: "Customer support" });
    for (const name of ["FAQ", "Shipping Information", "Returns & Exchanges", "Warranty", "Technical Support"]) {
      await expect(support.getByRole("button", { name })).toBeVisible();
    }
    await expect(support.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");

    const noticePosted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/notice"));
    await support.getByRole("button", { name: "Warranty" }).click();
    await noticePosted;
    await expect(page).toHaveURL(/\/about\?from=test&page=2$/);
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("isn't implemented yet");
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();

    const cartPosted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/notice"));
    await page.getByRole("banner").getByRole("button", { name: "Cart, 0 items" }).click();
    await cartPosted;
    await expect(page).toHaveURL(/\/about\?from=test&page=2$/);
  });

  test("the footer offers social, legal and newsletter placeholders", async ({ page }) => {
    await page.goto("/contact?topic=x");
    const footer = page.getByRole("contentinfo");
    for (const network of ["GitHub", "YouTube", "Instagram", "Discord"]) {
      await expect(
        footer
          .getByRole("navigation", { name: "Social media" })
          .getByRole("button", { name: `MakerVolt on ${network}` }),
      ).toBeVisible();
    }
    const legal = footer.getByRole("navigation", { name: "Legal" });
    await expect(legal.getByRole("button", { name: "Privacy Policy" })).toBeVisible();
    await expect(legal.getByRole("button", { name: "Terms of Service" })).toBeVisible();
    await expect(footer.getByText(/© \d{4} MakerVolt/)).toBeVisible();
    await expect(footer.getByRole("link", { name: "support@makervolt.com" })).toBeVisible();

    const email = footer.getByRole("textbox", { name: "Email address" });
    await expect(email).toHaveAttribute("type", "email");
    await email.fill("maker@example.com");
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/notice"));
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await posted;
    await expect(page).toHaveURL(/\/contact\?topic=x$/);
  });
});

test.describe("on a 320 px wide phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Infinity);

  test("the mobile menu repeats search, categories, About and Contact without horizontal scroll", async ({
    page,
    hasJs,
  }) => {
    await page.goto("/");
    if (hasJs) await waitForHydration(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(320);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    await page.locator("summary", { hasText: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(page.getByRole("searchbox", { name: "Search products" })).toBeVisible();
    await expect(menu.getByRole("link")).toHaveCount(10);
    await expect(menu.getByRole("link", { name: "IoT & Wireless" })).toHaveAttribute("href", "/products/iot-wireless");
    expect(await pageWidth(page)).toBeLessThanOrEqual(320);

    await menu.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    // The menu does not stay open over the new page.
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });

  test("Escape closes the mobile menu", { tag: "@js-only" }, async ({ page }) => {
    // Only in the "js" project (@js-only), by design: escape is an enhancement; without JavaScript the Menu toggle closes it.
    await page.goto("/about");
    await waitForHydration(page);
    const toggle = page.locator("summary", { hasText: "Menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  for (const path of ["/", "/about", "/contact", "/no-such-page"]) {
    test(`${path} fits without horizontal scroll`, async ({ page }) => {
      await page.goto(path);
      expect(await pageWidth(page)).toBeLessThanOrEqual(320);
    });
  }
});
