import { CATEGORIES } from "~/models/catalogue/categories";

import { expect, followLink, test } from "./fixtures";

test.describe("home page", () => {
  test("shows the hero, benefits, featured products, categories and tutorials", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Electronic Components & Maker Supplies - MakerVolt");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Electronic Components & Maker Supplies");
    await expect(page.getByRole("main").getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/products");
    await expect(page.getByRole("button", { name: "Explore Projects" })).toBeVisible();

    const benefits = page.getByRole("region", { name: "Why shop with MakerVolt" }).getByRole("listitem");
    await expect(benefits).toHaveCount(4);
    await expect(benefits).toContainText([
      /over \$50/,
      /30-Day Returns/,
      /Same-Day Processing/,
      /Technical Assistance/,
    ]);

    const featured = page.getByRole("region", { name: "Featured Products" });
    const productLinks = featured.getByRole("article").getByRole("link");
    await expect(productLinks).toHaveCount(4);
    for (const link of await productLinks.all()) await expect(link).toHaveAttribute("href", /^\/product\/\d+$/);
    await expect(featured.getByRole("button", { name: /^Add to Cart, .+$/ })).toHaveCount(4);

    const categories = page.getByRole("region", { name: "Shop by Category" }).getByRole("link");
    await expect(categories).toHaveText(CATEGORIES.map((c) => c.title));
    for (const [i, { slug }] of CATEGORIES.entries()) {
      await expect(categories.nth(i)).toHaveAttribute("href", `/products/${slug}`);
    }

    const tutorials = page.getByRole("region", { name: "For Makers" });
    await expect(tutorials.getByRole("article")).toHaveCount(3);
    await expect(tutorials.getByRole("button", { name: /^Read tutorial: / })).toHaveCount(3);
    await expect(tutorials.getByRole("article").first()).toContainText(/\d+ min read/);
  });

  test("Shop Now opens the catalogue", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Shop Now" }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("a category tile opens that category's catalogue", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("region", { name: "Shop by Category" }).getByRole("link", { name: "Robotics" }).click();
    await expect(page).toHaveURL(/\/products\/robotics$/);
  });

  test("a featured product opens its detail page", async ({ page }) => {
    await page.goto("/");
    const featured = page.getByRole("region", { name: "Featured Products" }).getByRole("article").first();
    const name = await featured.getByRole("heading").innerText();
    expect(await followLink(page, featured.getByRole("link"))).toMatch(/^\/product\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("tutorial cards and Explore Projects show the notice and stay on home", async ({ page }) => {
    await page.goto("/");
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/notice"));
    await page.getByRole("button", { name: /^Read tutorial: Build a Wi-Fi Weather Station$/ }).click();
    await posted;
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("has no accessibility violations", async ({ expectAccessible }) => {
    await expectAccessible("/");
  });
});
