import type { APIRequestContext } from "@playwright/test";

import { expect, test, waitForHydration } from "./fixtures";

test.describe("header search", () => {
  test("searching for a term lands on the catalogue's search results", async ({ page, hasJs }) => {
    await page.goto("/about");
    if (hasJs) await waitForHydration(page);
    const search = page.getByRole("banner").getByRole("search");
    const box = search.getByRole("searchbox", { name: "Search products" });
    await expect(box).toHaveAttribute("placeholder", "Search products...");
    await box.fill("  sensor  ");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/products\?search=sensor$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "sensor"');
  });

  test("the search button submits too", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("banner").getByRole("search");
    await search.getByRole("searchbox", { name: "Search products" }).fill("oled display");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/products\?search=oled\+display$/);
  });

  test("a blank search is ignored: the shopper stays on the same page", async ({ page, hasJs }) => {
    await page.goto("/contact?topic=bulk");
    if (hasJs) await waitForHydration(page);
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search products" });
    await box.fill("   ");
    const searched = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/search"));
    await box.press("Enter");
    await searched;
    await expect(page).toHaveURL(/\/contact\?topic=bulk$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 320, height: 640 } });

    test("the mobile menu's search box searches too", async ({ page, hasJs }) => {
      await page.goto("/");
      if (hasJs) await waitForHydration(page);
      await page.locator("summary", { hasText: "Menu" }).click();
      const box = page.getByRole("searchbox", { name: "Search products" });
      await box.fill("servo");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/products\?search=servo$/);
    });
  });
});

test.describe("POST /search never fails on hostile input", () => {
  const post = (request: APIRequestContext, options: Parameters<typeof request.post>[1]) =>
    request.post("/search", { maxRedirects: 0, ...options });

  test("a long term is cut to 100 characters", async ({ request }) => {
    const response = await post(request, { form: { search: "a".repeat(3000), redirectTo: "/" } });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe(`/products?search=${"a".repeat(100)}`);
  });

  test("special characters are encoded", async ({ request }) => {
    const response = await post(request, { form: { search: "50% off & <more>", redirectTo: "/" } });
    expect(response.status()).toBe(303);
    const location = new URL(response.headers().location!, "http://x");
    expect(location.pathname).toBe("/products");
    expect(location.searchParams.get("search")).toBe("50% off & <more>");
  });

  test("a blank term goes back only to a path on this site", async ({ request }) => {
    for (const redirectTo of ["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await post(request, { form: { search: " ", redirectTo } });
      expect(response.status()).toBe(303);
      expect(response.headers().location).toBe("/");
    }
    const back = await post(request, { form: { search: "", redirectTo: "/products/tools?page=2" } });
    expect(back.headers().location).toBe("/products/tools?page=2");
  });

  test("empty, missing, multipart and non-form bodies redirect instead of failing; an oversized one is a 413", async ({
    request,
  }) => {
    const bodies: Parameters<typeof request.post>[1][] = [
      {},
      { form: {} },
      { multipart: { search: "sensor", redirectTo: "/about" } },
      { multipart: { search: { name: "x.txt", mimeType: "text/plain", buffer: Buffer.from("sensor") } } },
      { data: "search=%E0%A4%A&redirectTo=%", headers: { "content-type": "application/x-www-form-urlencoded" } },
      { data: "--broken", headers: { "content-type": "multipart/form-data; boundary=nope" } },
      { data: { search: "sensor" } },
    ];
    for (const body of bodies) {
      const response = await post(request, body);
      expect(response.status(), JSON.stringify(body).slice(0, 120)).toBe(303);
    }
    // Past a form's 64 KB the body is refused unread (ADR 010), not searched for.
    const oversized = await post(request, {
      data: `search=${"x".repeat(200_000)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oversized.status()).toBe(413);
  });

  test("GET /search sends the shopper to the catalogue", async ({ request }) => {
    const plain = await request.get("/search", { maxRedirects: 0 });
    expect(plain.status()).toBe(302);
    expect(plain.headers().location).toBe("/products");
    const withTerm = await request.get("/search?search=%20led%20", { maxRedirects: 0 });
    expect(withTerm.headers().location).toBe("/products?search=led");
  });
});

test.describe("POST /notice", () => {
  test("redirects back to a same-site path, and only there", async ({ request }) => {
    const back = await request.post("/notice", {
      form: { feature: "cart", redirectTo: "/products/sensors?sort=rating" },
      maxRedirects: 0,
    });
    expect(back.status()).toBe(303);
    expect(back.headers().location).toBe("/products/sensors?sort=rating");

    for (const redirectTo of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
      const response = await request.post("/notice", { form: { feature: "cart", redirectTo }, maxRedirects: 0 });
      expect(response.headers().location).toBe("/");
    }
    const empty = await request.post("/notice", { form: {}, maxRedirects: 0 });
    expect(empty.status()).toBe(303);
    expect(empty.headers().location).toBe("/");
  });

  test("GET /notice goes home", async ({ request }) => {
    const response = await request.get("/notice", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/");
  });
});
