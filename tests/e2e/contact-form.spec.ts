import type { APIRequestContext, Page } from "@playwright/test";

import { formFields } from "./csrf";
import { expect, test, waitForHydration } from "./fixtures";

/** The contact form (docs/pages.md#contact): server-validated, nothing typed is ever lost, never a 500. */

const form = (page: Page) => page.getByRole("region", { name: "Send us a Message" });
const field = (page: Page, name: "Name" | "Email" | "Message") =>
  form(page).getByRole("textbox", { name, exact: true });
const subject = (page: Page) => form(page).getByRole("combobox", { name: "Subject" });
const summary = (page: Page) => page.getByRole("group", { name: "There is a problem" });

async function openContact(page: Page, hasJs: boolean) {
  await page.goto("/contact");
  if (hasJs) await waitForHydration(page);
}

async function send(page: Page) {
  await form(page).getByRole("button", { name: "Send Message" }).click();
}

test.describe("contact form", () => {
  test("an empty form lists every problem at the top and at each field", async ({ page, hasJs }) => {
    await openContact(page, hasJs);
    await send(page);

    await expect(summary(page)).toBeVisible();
    await expect(summary(page)).toBeFocused();
    await expect(page).toHaveTitle("Error: Contact Us - MakerVolt");
    const links = summary(page).getByRole("link");
    await expect(links).toHaveText([
      "Enter your name",
      "Enter your email address",
      "Select a subject",
      "Enter your message",
    ]);
    await expect(links.nth(0)).toHaveAttribute("href", "#contact-name");
    await expect(links.nth(3)).toHaveAttribute("href", "#contact-message");

    for (const [control, message] of [
      [field(page, "Name"), "Enter your name"],
      [field(page, "Email"), "Enter your email address"],
      [subject(page), "Select a subject"],
      [field(page, "Message"), "Enter your message"],
    ] as const) {
      await expect(control).toHaveAttribute("aria-invalid", "true");
      await expect(control).toHaveAccessibleDescription(`Error: ${message}`);
      await expect(control).toHaveAttribute("required", "");
    }

    // A summary link takes the shopper to its field.
    await links.nth(1).click();
    if (hasJs) await expect(field(page, "Email")).toBeFocused();
    await expect(page).toHaveURL(/\/contact(#contact-email)?$/);
  });

  test("a bad email is explained, and everything typed is kept", async ({ page, hasJs }) => {
    await openContact(page, hasJs);
    await field(page, "Name").fill("Ada Lovelace");
    await field(page, "Email").fill("ada@");
    await subject(page).selectOption({ label: "Bulk Orders" });
    await field(page, "Message").fill("Forty Raspberry Pi kits\nfor a school, please.");
    await send(page);

    await expect(summary(page).getByRole("link")).toHaveText([
      "Enter an email address in the correct format, like name@example.com",
    ]);
    await expect(summary(page)).toBeFocused();
    await expect(field(page, "Email")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Name")).not.toHaveAttribute("aria-invalid");
    await expect(field(page, "Name")).toHaveValue("Ada Lovelace");
    await expect(field(page, "Email")).toHaveValue("ada@");
    await expect(subject(page)).toHaveValue("bulk");
    await expect(field(page, "Message")).toHaveValue("Forty Raspberry Pi kits\nfor a school, please.");

    // Fixed, it goes through: the notice, and an empty form.
    await field(page, "Email").fill("ada@example.com");
    await send(page);
    const notifications = page.getByRole("region", { name: "Notifications (F8)" });
    await expect(notifications.getByText("Message Sent")).toBeVisible();
    await expect(notifications.getByText(/This feature isn't implemented yet—but don't worry!/)).toBeVisible();
    await expect(summary(page)).toHaveCount(0);
    await expect(page).toHaveTitle("Contact Us - MakerVolt");
    await expect(page).toHaveURL(/\/contact$/);
    await expect(field(page, "Name")).toHaveValue("");
    await expect(field(page, "Email")).toHaveValue("");
    await expect(subject(page)).toHaveValue("");
    await expect(field(page, "Message")).toHaveValue("");
  });

  test("a long message is kept when another field is wrong, and sent when it is right", async ({ page, hasJs }) => {
    await openContact(page, hasJs);
    const long = "All about my robot. ".repeat(5000); // 100 KB
    await field(page, "Name").fill("Grace");
    await field(page, "Message").fill(long);
    await subject(page).selectOption("technical");
    await send(page);
    await expect(summary(page).getByRole("link")).toHaveText(["Enter your email address"]);
    await expect(field(page, "Message")).toHaveValue(long);
    await field(page, "Email").fill("grace@example.com");
    await send(page);
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByText("Message Sent")).toBeVisible();
  });

  test("has no accessibility violations", async ({ expectAccessible }) => {
    await expectAccessible("/contact");
  });
});

test.describe("POST /contact never fails, whatever is posted", () => {
  const post = (request: APIRequestContext, options: Parameters<APIRequestContext["post"]>[1]) =>
    request.post("/contact", { maxRedirects: 0, ...options });
  const valid = { name: "Ada", email: "ada@example.com", subject: "general", message: "Hello" };

  /** The page's own hidden fields (the honeypot's timestamp) and its empty trap, as a browser sends them. */
  const honeypotFields = (request: APIRequestContext) => formFields(request, "/contact");

  test("bad input answers 400 with the page and its errors", async ({ request }) => {
    const bodies: Parameters<APIRequestContext["post"]>[1][] = [
      { form: {} },
      { form: { ...valid, subject: "spam" } },
      { form: { name: "Ada" } },
      { form: { ...valid, email: "not-an-email" } },
      { form: { ...valid, name: "   " } },
      {
        data: `message=${"x".repeat(2 * 1024 * 1024)}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      },
    ];
    for (const body of bodies) {
      const response = await post(request, body);
      expect(response.status(), JSON.stringify(body).slice(0, 100)).toBe(400);
      const html = await response.text();
      expect(html).toContain("There is a problem");
      expect(html).toContain("<title>Error: Contact Us - MakerVolt</title>");
    }
  });

  test("a form that cannot be read answers 400 with the page", async ({ request }) => {
    const bodies: Parameters<APIRequestContext["post"]>[1][] = [
      {},
      { data: "--broken", headers: { "content-type": "multipart/form-data; boundary=nope" } },
      { data: { name: "json" } },
      { data: "name=%E0%A4%A&email=%", headers: { "content-type": "application/x-www-form-urlencoded" } },
    ];
    for (const body of bodies) {
      const response = await post(request, body);
      expect(response.status(), JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(await response.text()).toContain("There is a problem");
    }
  });

  test("a post from another site answers 403 and sends nothing; one from the shop is read", async ({ request }) => {
    const crossSite: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
    ];
    for (const headers of crossSite) {
      const response = await post(request, { form: { ...valid }, headers });
      expect(response.status(), JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toContain("this form was sent from another site, so nothing was done");
      expect(response.headers()["set-cookie"]).toBeUndefined();
    }
    // The same post from the shop itself is read: here it fails on its email, and keeps the message.
    const kept = await post(request, { form: { ...valid, email: "not-an-email", message: "Keep me" } });
    expect(kept.status()).toBe(400);
    expect(await kept.text()).toContain(">Keep me</textarea>");
  });

  test("a bot-filled honeypot is refused with 400 and the message kept", async ({ request }) => {
    const trap = await honeypotFields(request);
    const response = await post(request, { form: { ...valid, ...trap, name__confirm: "http://spam.example" } });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Your message could not be sent");
    expect(html).toContain(">Hello</textarea>");

    const forged = await post(request, { form: { ...valid, name__confirm: "", from__confirm: "garbage" } });
    expect(forged.status()).toBe(400);
    // A bot that leaves both fields out is no better off than one that fills them.
    const without = await post(request, { form: valid });
    expect(without.status()).toBe(400);
    expect(await without.text()).toContain("Your message could not be sent");
  });

  test("a valid message redirects back with the Message Sent toast", async ({ request }) => {
    const trap = await honeypotFields(request);
    const response = await post(request, { form: { ...valid, ...trap, message: "m".repeat(100_000) } });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe("/contact");
    expect(response.headers()["set-cookie"]).toMatch(/^toast=/);
  });
});
