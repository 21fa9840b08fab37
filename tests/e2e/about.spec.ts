import { expect, test } from "./fixtures";

test.describe("about page", () => {
  test("tells the shop's mission, story, values and team", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle("About Us - MakerVolt");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /2018/);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Our Mission" })).toBeVisible();

    const story = page.getByRole("region", { name: "Our Story" });
    await expect(story).toContainText("founded in 2018");

    const values = page.getByRole("region", { name: "Our Values" });
    for (const value of ["Quality First", "Community Focused", "Innovation Driven"]) {
      await expect(values.getByRole("heading", { level: 3, name: value })).toBeVisible();
    }

    const team = page.getByRole("region", { name: "Meet the Team" });
    await expect(team.getByRole("listitem")).toHaveCount(4);
    await expect(team.getByRole("listitem").filter({ hasText: "Sarah Chen" })).toContainText("Founder & CEO");
  });

  test("the call to action leads to the catalogue and the contact page", async ({ page }) => {
    await page.goto("/about");
    const cta = page.getByRole("region", { name: "Ready to start your next project?" });
    await expect(cta.getByRole("link", { name: "Shop Products" })).toHaveAttribute("href", "/products");
    await cta.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  });

  test("has no accessibility violations", async ({ expectAccessible }) => {
    await expectAccessible("/about");
  });
});
