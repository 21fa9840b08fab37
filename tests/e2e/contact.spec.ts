import { expect, test } from "./fixtures";

test.describe("contact page", () => {
  test("shows how to reach the shop, with a map placeholder", async ({ page }) => {
    await page.goto("/contact");
    await expect(page).toHaveTitle("Contact Us - MakerVolt");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /24 hours/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();

    const details = page.getByRole("region", { name: "Get in Touch" });
    await expect(details.getByRole("link", { name: "+1 (555) 123-4567" })).toHaveAttribute("href", "tel:+15551234567");
    await expect(details.getByRole("link", { name: "support@makervolt.com" })).toHaveAttribute(
      "href",
      "mailto:support@makervolt.com",
    );
    await expect(details).toContainText("123 Circuit Lane");
    await expect(details).toContainText("within 24 hours");
    const hours = details.getByRole("table", { name: /Business hours/ });
    await expect(hours.getByRole("row", { name: /Monday – Friday/ })).toContainText("9:00 AM – 6:00 PM");
    await expect(hours.getByRole("row", { name: /Saturday/ })).toContainText("10:00 AM – 4:00 PM");
    await expect(hours.getByRole("row", { name: /Sunday/ })).toContainText("Closed");

    await expect(page.getByRole("img", { name: /Map placeholder/ })).toBeVisible();
  });

  test("the message form has labelled, required fields", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("region", { name: "Send us a Message" });
    const name = form.getByRole("textbox", { name: "Name" });
    const email = form.getByRole("textbox", { name: "Email" });
    const subject = form.getByRole("combobox", { name: "Subject" });
    const message = form.getByRole("textbox", { name: "Message" });
    for (const field of [name, email, subject, message]) await expect(field).toHaveAttribute("required", "");
    await expect(email).toHaveAttribute("type", "email");
    await expect(message).toHaveAttribute("rows", "6");

    const options = subject.getByRole("option");
    await expect(options).toHaveText([
      "Select a subject",
      "General Inquiry",
      "Technical Support",
      "Order Support",
      "Bulk Orders",
      "Partnership",
      "Other",
    ]);
    await subject.selectOption({ label: "Bulk Orders" });
    await expect(subject).toHaveValue("bulk");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeVisible();
  });

  test("the FAQ answers the common questions", async ({ page }) => {
    await page.goto("/contact");
    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    await expect(faq.locator("details")).toHaveCount(6);
    const answer = faq.getByText(/We currently ship within the United States only/);
    await expect(answer).toBeHidden();
    await faq.locator("summary", { hasText: "What shipping options are available?" }).click();
    await expect(answer).toBeVisible();
    await expect(answer).toContainText("3-5 business days");
    await expect(answer).toContainText("2-3 business days");
    await expect(answer).toContainText("overnight");
    for (const question of [/return policy/, /technical support/, /bulk discounts/, /genuine/, /internationally/]) {
      await expect(faq.locator("summary", { hasText: question })).toBeVisible();
    }
  });

  test("has no accessibility violations", async ({ expectAccessible }) => {
    await expectAccessible("/contact");
  });
});
