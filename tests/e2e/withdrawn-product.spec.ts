import { expect, test } from "./withdrawn-shop";

/**
 * A product no longer sold (docs/catalogue.md#withdrawing-a-product): its page answers 410 Gone,
 * says so under its name, and leads to its category, where it is no longer listed; with and
 * without JavaScript.
 */

test("a withdrawn product's page says it is no longer sold and links to its category", async ({
  page,
  withdrawnShop,
}) => {
  const response = await page.goto(withdrawnShop.url);
  expect(response?.status()).toBe(410);
  await expect(page).toHaveTitle(`${withdrawnShop.name}: no longer sold - MakerVolt`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(withdrawnShop.name);
  await expect(page.getByRole("main")).toContainText("We no longer sell this product.");

  await page.getByRole("main").getByRole("link", { name: "Browse Sensors" }).click();
  await expect(page).toHaveURL(withdrawnShop.categoryUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sensors");
  await expect(page.getByRole("main").getByRole("link", { name: /BME280/ })).toHaveCount(0);
  await expect(page.getByText("8 products found")).toBeVisible();
});
