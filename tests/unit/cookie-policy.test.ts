import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { createCookie, createCookieSessionStorage } from "react-router";
import { describe, expect, it } from "vitest";

import { type Env, parseConfig } from "~/config.server";
import { cookieSecret, decideCookieSecret, isSecure, signedCookie } from "~/services/cookie-policy.server";

const decide = (env: Env) => decideCookieSecret(parseConfig(env));

/** ADR 030: where the cookie secret comes from in each configuration. */
describe("cookie secret", () => {
  it("uses SESSION_SECRET whenever it is set", () => {
    const secret = "from-the-environment-0123456789abcdef";
    expect(decide({ NODE_ENV: "production", SESSION_SECRET: secret })).toBe(secret);
  });

  it("refuses to start in production on hosted Supabase without SESSION_SECRET", () => {
    expect(() =>
      decide({ NODE_ENV: "production", SUPABASE_URL: "https://x.supabase.co", SUPABASE_ANON_KEY: "k" }),
    ).toThrow(/SESSION_SECRET/);
  });

  it("makes a random secret once and keeps it in DATA_DIR for the embedded database", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "makervolt-secret-"));
    try {
      const first = decide({ NODE_ENV: "production", DATA_DIR: dir });
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(decide({ NODE_ENV: "production", DATA_DIR: dir })).toBe(first);
      expect((await readFile(path.join(dir, "session-secret"), "utf8")).trim()).toBe(first);
      expect((await stat(path.join(dir, "session-secret"))).mode & 0o077).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("keeps a per-process secret for an in-memory database", () => {
    const a = decide({ NODE_ENV: "production", DATA_DIR: "memory://" });
    const b = decide({ NODE_ENV: "production", DATA_DIR: "memory://" });
    expect(a).not.toBe(b);
  });
});

describe("Secure cookies", () => {
  it("are Secure only in production over HTTPS (the request's URL, as the server entry read it)", () => {
    const production = parseConfig({ NODE_ENV: "production" });
    expect(isSecure(new Request("https://shop.example/"), production)).toBe(true);
    // The server entry reads a trusted proxy's X-Forwarded-Proto into the URL; the header itself means nothing here.
    const forged = new Request("http://localhost/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(isSecure(forged, production)).toBe(false);
    expect(isSecure(new Request("http://localhost/"), production)).toBe(false);
    expect(isSecure(new Request("https://shop.example/"), parseConfig({ NODE_ENV: "test" }))).toBe(false);
  });
});

/** ADR 037: our signed cookies are React Router's in format, signed without a trip through the thread pool. */
describe("signed cookies", () => {
  const value = { toast: "Account created! \u00e9\u2713", count: 3 };
  const reactRouters = () =>
    createCookie("mv", { secrets: [cookieSecret()], httpOnly: true, sameSite: "lax", path: "/" });

  it("read what React Router's createCookie wrote (cookies set before the change), and it reads ours", async () => {
    const theirs = (await reactRouters().serialize(value)).split(";")[0]!;
    expect(await signedCookie("mv").parse(theirs)).toEqual(value);
    const ours = await signedCookie("mv").serialize(value);
    expect(ours).toBe(await reactRouters().serialize(value));
    expect(await reactRouters().parse(ours.split(";")[0]!)).toEqual(value);
  });

  it("refuse a tampered value or signature, another secret's cookie and an unsigned one", async () => {
    const [pair] = (await signedCookie("mv").serialize(value)).split(";");
    const [, signedValue] = pair!.split("=");
    const [data, mac] = signedValue!.split(".");
    const cookie = signedCookie("mv");
    const forged = Buffer.from(JSON.stringify({ toast: "forged" })).toString("base64");
    expect(await cookie.parse(`mv=${forged}.${mac}`)).toBeNull();
    expect(await cookie.parse(`mv=${data}.${mac!.slice(0, -2)}AA`)).toBeNull();
    expect(await cookie.parse(`mv=${data}`)).toBeNull();
    expect(await cookie.parse(`mv=${data}.`)).toBeNull();
    const otherSecret = createCookie("mv", { secrets: ["another-secret-0123456789abcdef"] });
    expect(await cookie.parse((await otherSecret.serialize(value)).split(";")[0]!)).toBeNull();
  });

  it("answer like React Router's for a missing, empty or absent cookie, and set its attributes", async () => {
    const cookie = signedCookie("mv", { maxAge: 60 });
    expect(await cookie.parse(null)).toBeNull();
    expect(await cookie.parse("other=1")).toBeNull();
    expect(await cookie.parse("mv=")).toBe("");
    const header = await cookie.serialize("x", { secure: true });
    expect(header).toMatch(/^mv=[^;]+; Max-Age=60; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie.isSigned).toBe(true);
    expect(cookie.expires!.getTime()).toBeGreaterThan(Date.now() + 59_000);
  });

  it("carry a session as React Router's session storage keeps it", async () => {
    const storage = createCookieSessionStorage({ cookie: signedCookie("mv-session") });
    const session = await storage.getSession();
    session.set("user", "u-1");
    const header = (await storage.commitSession(session)).split(";")[0]!;
    expect((await storage.getSession(header)).get("user")).toBe("u-1");
  });
});
