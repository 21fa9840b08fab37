import type { Page } from "@playwright/test";

import { PRICE_SHORTCUTS } from "../../app/models/catalogue/catalogue-query";
import { CATEGORIES } from "../../app/models/catalogue/categories";
import { expect, followLink, test, waitForHydration, waitForPage } from "./fixtures";

/**
 * A search that finds what the shopper meant (ADR 034), and the filters around it
 * (docs/catalogue.md): the notice after the heading when a typo was corrected, the exact search
 * and its suggestion, the number of products beside every filter value, and the active filters,
 * each removable alone. Every journey in both renderings: plain links and a native form.
 */

async function open(page: Page, path: string, hasJs: boolean) {
  await page.goto(path);
  if (hasJs) await waitForHydration(page);
  await waitForPage(page, path);
}

/** "N products found" as a number, once the document has fully arrived. */
async function productsFound(page: Page): Promise<number> {
  await page.waitForLoadState("load");
  const text = await page.getByText(/^\d+ products? found$/).innerText();
  return Number(text.split(" ")[0]);
}

async function cardNames(page: Page): Promise<string[]> {
  await page.waitForLoadState("load");
  return page.getByRole("main").getByRole("article").getByRole("heading").allInnerTexts();
}

/** The number a filter value shows beside its label: "Sensors (9)" is 9. */
function countIn(text: string | null, label: string): number {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`^${escaped} \\((\\d+)\\)$`).exec(text?.trim() ?? "");
  if (!match) throw new Error(`"${text}" is not "${label} (N)"`);
  return Number(match[1]);
}

test.describe("a misspelt search", () => {
  test("shows the corrected results with a notice, and the exact search suggests the correction", async ({
    page,
    hasJs,
  }) => {
    await open(page, "/products?search=temprature", hasJs);
    // The heading keeps the term as typed; the notice follows it.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "temprature"');
    await expect(
      page.getByText('No exact match for "temprature". Showing results for "temperature".', { exact: true }),
    ).toBeVisible();
    const names = await cardNames(page);
    expect(names.some((name) => name.startsWith("BME280 Temperature"))).toBe(true);
    expect(names.some((name) => name.startsWith("DHT22 Temperature"))).toBe(true);
    expect(await productsFound(page)).toBe(names.length);

    // Searching exactly as typed finds nothing, and offers the correction.
    await followLink(page, page.getByRole("link", { name: 'Search exactly for "temprature"', exact: true }));
    expect(new URL(page.url()).search).toBe("?search=temprature&exact=1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "temprature"');
    await expect(page.getByText("0 products found", { exact: true })).toBeVisible();
    await expect(page.getByText("No products found matching your criteria.", { exact: true })).toBeVisible();
    await expect(page.getByText("No exact match for")).toHaveCount(0);
    const browse = page.getByRole("list", { name: "Browse a category instead:" });
    await expect(browse.getByRole("link")).toHaveCount(CATEGORIES.length);
    for (const { slug, title } of CATEGORIES) {
      await expect(browse.getByRole("link", { name: title, exact: true })).toHaveAttribute("href", `/products/${slug}`);
    }

    await followLink(page, page.getByRole("link", { name: 'Did you mean "temperature"?', exact: true }));
    expect(new URL(page.url()).search).toBe("?search=temperature");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "temperature"');
    expect((await cardNames(page)).some((name) => name.startsWith("BME280 Temperature"))).toBe(true);
  });

  test("the filter form keeps the exact search", async ({ page, hasJs }) => {
    await open(page, "/products?search=temprature&exact=1", hasJs);
    await page.getByLabel("In stock only").check();
    if (!hasJs) await page.getByRole("button", { name: "Apply" }).click();
    await waitForPage(page, "/products?search=temprature&exact=1&stock=1");
    await expect(page.getByText("No products found matching your criteria.", { exact: true })).toBeVisible();
  });
});

test.describe("counts beside the filters", () => {
  test("each category and each price shortcut shows how many products choosing it finds", async ({ page, hasJs }) => {
    await open(page, "/products?search=sensor", hasJs);
    const category = page.getByLabel("Category");
    const allText = await category.locator('option[value=""]').textContent();
    expect(countIn(allText, "All Categories")).toBe(await productsFound(page));
    const sensors = countIn(await category.locator('option[value="sensors"]').textContent(), "Sensors");
    expect(sensors).toBeGreaterThan(0);
    // Every option shows a count, 0 included.
    for (const { slug, title } of CATEGORIES) {
      countIn(await category.locator(`option[value="${slug}"]`).textContent(), title);
    }

    await category.selectOption("sensors");
    if (!hasJs) await page.getByRole("button", { name: "Apply" }).click();
    await waitForPage(page, "/products/sensors?search=sensor");
    expect(await productsFound(page)).toBe(sensors);

    // The price shortcuts, as links whose name carries the count: the first that finds any.
    const counts: number[] = [];
    for (const { label } of PRICE_SHORTCUTS) {
      const link = page.getByRole("link", { name: new RegExp(`^${label.replace(/\$/g, "\\$")} \\(\\d+\\)$`) });
      counts.push(countIn(await link.textContent(), label));
    }
    const index = counts.findIndex((count) => count > 0);
    expect(index).toBeGreaterThanOrEqual(0);
    const { label } = PRICE_SHORTCUTS[index]!;
    await followLink(page, page.getByRole("link", { name: `${label} (${counts[index]})`, exact: true }));
    expect(await productsFound(page)).toBe(counts[index]);
  });
});

test.describe("active filters", () => {
  test("each removes itself alone, and Clear all removes them all but keeps the sort", async ({ page, hasJs }) => {
    await open(page, "/products/sensors?search=temperature&stock=1&max=25&sort=price-low", hasJs);
    const active = page.getByRole("region", { name: "Active filters" });
    for (const name of ["Sensors", "Up to $25", "In stock only", '"temperature"']) {
      await expect(active.getByRole("link", { name: `Remove filter: ${name}`, exact: true })).toBeVisible();
    }

    await followLink(page, active.getByRole("link", { name: "Remove filter: Sensors", exact: true }));
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      "/products?search=temperature&max=25&stock=1&sort=price-low",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "temperature"');
    await expect(active.getByRole("link", { name: /^Remove filter: / })).toHaveCount(3);
    await expect(active.getByRole("link", { name: "Remove filter: Sensors" })).toHaveCount(0);
    await expect(page.getByLabel("Category")).toHaveValue("");
    await expect(page.getByLabel("In stock only")).toBeChecked();
    await expect(page.getByLabel("Sort by")).toHaveValue("price-low");
    // With JavaScript focus goes to the list, whose next link removes the next filter.
    if (hasJs) await expect(active).toBeFocused();

    await followLink(page, active.getByRole("link", { name: "Clear all filters", exact: true }));
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/products?sort=price-low");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
    await expect(active).toHaveCount(0);
    if (hasJs) await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });
});
