import { describe, expect, it } from "vitest";
import { z } from "zod";

import {
  EMAIL_FORMAT_MESSAGE,
  EmailSchema,
  parseForm,
  passwordField,
  readFormData,
  textField,
} from "~/services/form-data.server";

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const Schema = z.object({
  name: z.string().trim().min(1, "Enter your name"),
  email: EmailSchema,
});

describe("parseForm", () => {
  it("gives the checked data, and the values as they were typed", () => {
    const submission = parseForm(formOf({ name: "  Ada ", email: " ada@example.com", extra: "x" }), Schema);
    expect(submission.fieldErrors).toBeNull();
    expect(submission.data).toEqual({ name: "Ada", email: "ada@example.com" });
    expect(submission.values).toEqual({ name: "  Ada ", email: " ada@example.com" });
  });

  it("gives each failed field its first message, and still every value", () => {
    const submission = parseForm(formOf({ name: "", email: "not an address" }), Schema);
    expect(submission.data).toBeNull();
    expect(submission.fieldErrors).toEqual({ name: "Enter your name", email: EMAIL_FORMAT_MESSAGE });
    expect(submission.values).toEqual({ name: "", email: "not an address" });
  });

  it("reads a missing field or a file as empty, and cleans text (no control characters, one line)", () => {
    const form = new FormData();
    form.set("name", new Blob(["file"]), "name.txt");
    form.set("email", "ada\u0000@example.com\n");
    const submission = parseForm(form, Schema);
    expect(submission.values).toEqual({ name: "", email: "ada@example.com " });
    expect(parseForm(new FormData(), Schema).fieldErrors).toEqual({
      name: "Enter your name",
      email: "Enter your email address",
    });
  });

  it("reads a field the form's own way where it says so", () => {
    const PasswordSchema = z.object({ password: z.string().min(1) });
    const form = formOf({ password: " pass\tword " });
    expect(parseForm(form, PasswordSchema).values.password).toBe(" pass word ");
    expect(parseForm(form, PasswordSchema, { password: passwordField }).values.password).toBe(" pass\tword ");
    const multiline = (body: FormData, name: string) => textField(body, name, { multiline: true });
    expect(parseForm(formOf({ password: "a\r\nb" }), PasswordSchema, { password: multiline }).values).toEqual({
      password: "a\nb",
    });
  });
});

describe("EmailSchema", () => {
  const message = (email: string) => {
    const result = EmailSchema.safeParse(email);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("accepts an address, trimmed", () => {
    expect(EmailSchema.parse("  name@example.com ")).toBe("name@example.com");
  });

  it("asks for an address when there is none, and for the right format otherwise", () => {
    expect(message("   ")).toBe("Enter your email address");
    expect(message("name@")).toBe(EMAIL_FORMAT_MESSAGE);
    expect(message("name example.com")).toBe(EMAIL_FORMAT_MESSAGE);
  });

  it("refuses an address longer than mail can deliver (254 characters)", () => {
    const domain = "@example.com";
    expect(message(`${"a".repeat(254 - domain.length)}${domain}`)).toBeNull();
    expect(message(`${"a".repeat(255 - domain.length)}${domain}`)).toBe(EMAIL_FORMAT_MESSAGE);
  });
});

describe("readFormData", () => {
  it("reads a form body, and anything else as an empty form", async () => {
    const post = (body: string, contentType: string) =>
      new Request("http://shop.test/", { method: "POST", body, headers: { "content-type": contentType } });
    const form = await readFormData(post("name=Ada", "application/x-www-form-urlencoded"));
    expect(form.get("name")).toBe("Ada");
    expect([...(await readFormData(post("{}", "application/json"))).keys()]).toEqual([]);
  });

  it("refuses a body over the limit with 413", async () => {
    const request = new Request("http://shop.test/", {
      method: "POST",
      body: `name=${"a".repeat(100)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const refusal = await readFormData(request, { maxBytes: 50 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(413);
  });
});
