import type { Locator, Page } from "@playwright/test";

import { NOT_IMPLEMENTED_MESSAGE } from "~/models/toast/toast";

import { expect, test, waitForHydration } from "./fixtures";

/**
 * Every placeholder in the shop shows the not-implemented notice, with and without JavaScript,
 * and leaves the shopper on the same page: same path, same query (filters, sort, view).
 */

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

async function open(page: Page, path: string, hasJs: boolean) {
  await page.goto(path);
  if (hasJs) await waitForHydration(page);
}

/** Path and query of the current page, without the hash (the no-JS close link sets one). */
function pathAndQuery(page: Page) {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Clicks `trigger`, expects the notice and the same URL, then closes the notice. */
async function expectNotice(page: Page, trigger: Locator, hasJs: boolean) {
  const before = pathAndQuery(page);
  await trigger.click();
  const region = notifications(page);
  await expect(region.getByText(NOT_IMPLEMENTED_MESSAGE)).toBeVisible();
  expect(pathAndQuery(page)).toBe(before);
  await region.getByRole(hasJs ? "button" : "link", { name: "Close notification" }).click();
  await expect(region.getByText(NOT_IMPLEMENTED_MESSAGE)).toBeHidden();
}

test.describe("not-implemented notices", () => {
  test("home: Add to Cart, Explore Projects and a tutorial card", async ({ page, hasJs }) => {
    await open(page, "/?from=home", hasJs);
    const featured = page.getByRole("region", { name: "Featured Products" });
    await expectNotice(page, featured.getByRole("button", { name: /^Add to Cart\s*,\s*\S/ }).first(), hasJs);
    await expectNotice(page, page.getByRole("button", { name: "Explore Projects" }), hasJs);
    await expectNotice(page, page.getByRole("button", { name: "Read tutorial: Build a Wi-Fi Weather Station" }), hasJs);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Electronic Components & Maker Supplies");
  });

  test("catalogue: Add to Cart keeps the category, sort and view", async ({ page, hasJs }) => {
    await open(page, "/products/sensors?sort=price-low&view=list", hasJs);
    const addToCart = page.getByRole("main").getByRole("button", { name: /^Add to Cart\s*,\s*\S/ });
    await expectNotice(page, addToCart.and(page.locator(":enabled")).first(), hasJs);
    expect(pathAndQuery(page)).toBe("/products/sensors?sort=price-low&view=list");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sensors");
  });

  test("product page: Add to Cart, Wishlist and Share", async ({ page, hasJs, request }) => {
    // An in-stock product, found the way a shopper would: the in-stock filter.
    const list = await (await request.get("/products/sensors?stock=1")).text();
    const id = /href="\/product\/(\d+)"/.exec(list)?.[1];
    expect(id).toBeTruthy();
    await open(page, `/product/${id}?tab=specifications`, hasJs);
    const main = page.getByRole("main");
    await expectNotice(page, main.getByRole("button", { name: "Add to Cart", exact: true }), hasJs);
    await expectNotice(page, main.getByRole("button", { name: "Add to wishlist" }), hasJs);
    await expectNotice(page, main.getByRole("button", { name: "Share" }), hasJs);
    expect(pathAndQuery(page)).toBe(`/product/${id}?tab=specifications`);
  });

  test("header: the cart button", async ({ page, hasJs }) => {
    await open(page, "/about?from=header", hasJs);
    await expectNotice(page, page.getByRole("banner").getByRole("button", { name: "Cart, 0 items" }), hasJs);
  });

  test("footer: support items, a social button, Privacy Policy and Terms of Service", async ({ page, hasJs }) => {
    await open(page, "/contact?topic=bulk", hasJs);
    const footer = page.getByRole("contentinfo");
    const support = footer.getByRole("navigation", { name: "Customer support" });
    for (const name of ["FAQ", "Shipping Information", "Returns & Exchanges", "Warranty", "Technical Support"]) {
      await expectNotice(page, support.getByRole("button", { name }), hasJs);
    }
    await expectNotice(page, footer.getByRole("button", { name: "MakerVolt on GitHub" }), hasJs);
    const legal = footer.getByRole("navigation", { name: "Legal" });
    await expectNotice(page, legal.getByRole("button", { name: "Privacy Policy" }), hasJs);
    await expectNotice(page, legal.getByRole("button", { name: "Terms of Service" }), hasJs);
  });

  test("footer: Subscribe with a valid email shows the notice", async ({ page, hasJs }) => {
    await open(page, "/products?view=list", hasJs);
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: "Email address" }).fill("maker@example.com");
    await expectNotice(page, footer.getByRole("button", { name: "Subscribe" }), hasJs);
    await expect(footer.getByRole("textbox", { name: "Email address" })).toHaveValue("");
  });

  test("footer: Subscribe with a bad email explains at the field and keeps the value", async ({ page, hasJs }) => {
    await open(page, "/about?from=newsletter", hasJs);
    const footer = page.getByRole("contentinfo");
    const email = footer.getByRole("textbox", { name: "Email address" });
    await email.fill("maker@");
    await footer.getByRole("button", { name: "Subscribe" }).click();

    const message = "Enter an email address in the correct format, like name@example.com";
    await expect(footer.getByText(message)).toBeVisible();
    await expect(email).toHaveValue("maker@");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(`Error: ${message}`);
    await expect(email).toBeFocused();
    expect(pathAndQuery(page)).toBe("/about?from=newsletter");
    await expect(notifications(page).getByText(NOT_IMPLEMENTED_MESSAGE)).toHaveCount(0);

    // An empty box says so; a corrected one goes through.
    await email.fill("");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(email).toHaveAccessibleDescription("Error: Enter your email address");
    await email.fill("maker@example.com");
    await expectNotice(page, footer.getByRole("button", { name: "Subscribe" }), hasJs);
    await expect(email).not.toHaveAttribute("aria-invalid");
  });
});

test.describe("with JavaScript, a notice", { tag: "@js-only" }, () => {
  // Only in the "js" project (@js-only), by design: fetcher submissions are the enhancement.

  test("does not reload the page, scroll it or move focus", async ({ page }) => {
    await open(page, "/?keep=1", true);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "still here"));
    const explore = page.getByRole("button", { name: "Read tutorial: Arduino First Steps: From Blink to Buttons" });
    await explore.scrollIntoViewIfNeeded();
    await explore.focus();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    expect(scrollBefore).toBeGreaterThan(0);
    await page.keyboard.press("Enter");

    await expect(notifications(page).getByText(NOT_IMPLEMENTED_MESSAGE)).toBeVisible();
    await expect(explore).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    expect(pathAndQuery(page)).toBe("/?keep=1");
  });
});

test.describe("POST /notice answers", () => {
  test("a native post with a 303 back and the toast cookie", async ({ request }) => {
    const response = await request.post("/notice", {
      form: {
        feature: "faq",
        redirectTo: "/products/sensors?sort=price-low&view=list",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe("/products/sensors?sort=price-low&view=list");
    expect(response.headers()["set-cookie"]).toMatch(/^toast=.+HttpOnly; SameSite=Lax/);
  });

  test("a bad newsletter email with a 303 back and no notice", async ({ request }) => {
    const response = await request.post("/notice", {
      form: { feature: "newsletter", email: "x".repeat(5000), redirectTo: "/about" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe("/about");
    const page = await (await request.get("/about")).text();
    expect(page).not.toContain("implemented yet");
    expect(page).toContain('aria-invalid="true"');
  });
});
