import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { type Env, parseConfig } from "~/config.server";
import { decideCookieSecret, isSecure } from "~/services/cookie-policy.server";

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
