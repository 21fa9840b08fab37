import { expect, test, waitForPage } from "./fixtures";

test.describe("the error page", () => {
  test("an unknown URL answers 404 with the error page inside the header and footer", async ({ page }) => {
    const response = await page.goto("/no-such-page/at/all?x=1");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Unexpected Application Error! - MakerVolt");
    await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("404 Not Found");
    await expect(page.getByRole("banner").getByRole("link", { name: "MakerVolt home" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.locator("body")).not.toContainText("node_modules");
  });

  test("the shopper can find the way back from the error page", async ({ page }) => {
    await page.goto("/missing");
    await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
    await waitForPage(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Unexpected Application Error!");
  });

  test("the header still works on the error page", async ({ page }) => {
    await page.goto("/missing");
    await page.getByRole("banner").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  });

  test("a form posted to an unknown URL is not a server error", async ({ request }) => {
    const response = await request.post("/no-such-page", { form: { x: "1" }, maxRedirects: 0 });
    expect(response.status()).toBeLessThan(500);
  });

  test("the error page has no accessibility violations", async ({ expectAccessible }) => {
    await expectAccessible("/no-such-page");
  });
});
