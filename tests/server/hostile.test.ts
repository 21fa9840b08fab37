import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase } from "~/backends/embedded/database.server";

import { rawRequest, type RawResponse, type RunningServer, startServer, tempDataDir, Visitor } from "./harness";

/**
 * Thousands of generated hostile requests against the real built server, over every route and
 * action: malformed and repeated query parameters, huge values, Unicode edge cases, NUL and
 * control bytes, SQL and HTML injection, wrong methods and content types, bodies past the limit,
 * missing, forged and other visitors' CSRF tokens, tampered and oversized cookies, odd Host and
 * Origin headers. None may answer 5xx, what a page echoes is always escaped, and since no
 * request here may change anything (every state-changing form lacks a valid token of its own),
 * the database holds no more rows afterwards than before.
 *
 * Hostile input that needs a server of its own lives beside this file: crowds of sign-ins sent
 * at once (crowds.test.ts), giant fields and the main thread (main-thread.test.ts), ported and
 * forwarded hosts, resolved redirects and odd request targets (origins.test.ts), overload
 * (load-shedding.test.ts).
 */

/** fast-check picks a new seed each run; a failure prints the seed and the shrunk request to replay. */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 3000);

/** encodeURIComponent throws on these; the raw suffixes below send their bytes instead. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The tag our payloads carry: it must never come back unescaped in a page. */
const PROBE = "<mv-probe";

const hostileText = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\u0007\u001b[2J\u007f",
    "\ud800",
    "\udfff\ud800",
    "😀".repeat(70),
    "a" + "🔋".repeat(60),
    "\u202e\u200b\ufeff",
    "' OR 1=1 --",
    "'; drop table products; --",
    "%_\\",
    "*",
    '"><mv-probe onerror=alert(1)>',
    "</script><mv-probe>",
    "<mv-probe>&amp;</mv-probe>",
    "javascript:alert(1)",
    "//evil.example",
    "/\\evil.example",
    "-1",
    "1e999",
    "99999999999999999999",
    "NaN",
    "0x10",
    "sensors",
    "price-low",
    "list",
    "sign-up",
    "signup",
    "recovery",
    "description",
    "specifications",
    "3",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  // Long, but mostly within what Node reads of a request line and its headers (16 KB; past it, 431).
  fc.integer({ min: 1, max: 5_000 }).map((n) => "x".repeat(n)),
);

const paramName = fc.oneof(
  fc.constantFrom(
    "search",
    "min",
    "max",
    "stock",
    "sort",
    "view",
    "page",
    "category",
    "tab",
    "image",
    "quantity",
    "mode",
    "token_hash",
    "type",
    "link",
    "redirectTo",
    "filters",
    "_data",
    "index",
  ),
  fc.string({ maxLength: 12 }),
);

/** Raw bytes a query may carry that no encoder would produce: invalid UTF-8, NUL, encoded surrogates. */
const rawSuffix = fc.constantFrom("", "%00", "%FF%FE", "%ED%A0%80", "%C0%AF", "%E2%82", "%", "%zz", "&&", "=&=", "+");

const query = fc
  .tuple(fc.array(fc.tuple(paramName, hostileText), { maxLength: 6 }), rawSuffix)
  .map(([pairs, suffix]) => {
    const encoded = pairs.map(
      ([k, v]) =>
        `${encodeURIComponent(k.replace(LONE_SURROGATE, "\ufffd"))}=${encodeURIComponent(v.replace(LONE_SURROGATE, "\ufffd"))}`,
    );
    const qs = encoded.join("&") + suffix;
    return qs ? `?${qs}` : "";
  });

const pathSegment = hostileText.map((s) => encodeURIComponent(s.replace(LONE_SURROGATE, "\ufffd")).slice(0, 300));

const route = fc.oneof(
  fc.constantFrom(
    "/",
    "/products",
    "/products/sensors",
    "/product/1",
    "/product/72",
    "/about",
    "/contact",
    "/auth",
    "/auth/confirm",
    "/auth/forgot",
    "/auth/reset",
    "/search",
    "/notice",
    "/logout",
  ),
  fc.constantFrom(
    "/healthz",
    "/sitemap.xml",
    "/robots.txt",
    "/favicon.svg",
    "/product/0",
    "/product/-1",
    "/product/99999999999999999999",
    "/products/",
    "//products",
    "/products/..%2f..%2fetc",
  ),
  pathSegment.map((s) => `/products/${s}`),
  pathSegment.map((s) => `/product/${s}`),
  pathSegment.map((s) => `/${s}`),
  pathSegment.map((s) => `/assets/${s}.js`),
);

const method = fc.constantFrom(
  "GET",
  "GET",
  "GET",
  "POST",
  "POST",
  "POST",
  "HEAD",
  "PUT",
  "DELETE",
  "PATCH",
  "OPTIONS",
);

const contentType = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data",
  "text/plain",
  "application/json",
  "application/x-www-form-urlencoded; charset=utf-16",
  undefined,
);

const formField = fc.oneof(
  fc.constantFrom(
    "email",
    "password",
    "intent",
    "search",
    "redirectTo",
    "feature",
    "name",
    "subject",
    "message",
    "csrf",
    "__mvfetch",
    "website",
    "from__confirm",
  ),
  fc.string({ maxLength: 10 }),
);

type TokenKind = "none" | "forged" | "other-visitor" | "own-sign-in";
const tokenKind = fc.constantFrom<TokenKind>("none", "forged", "other-visitor", "own-sign-in");

const body = fc.oneof(
  fc.array(fc.tuple(formField, hostileText), { maxLength: 8 }).map((pairs) => ({ kind: "form" as const, pairs })),
  fc.string({ unit: "binary", maxLength: 200 }).map((text) => ({ kind: "raw" as const, text })),
  // Past every form's limit: refused (413, or an earlier refusal) without being read.
  fc.constant({ kind: "huge" as const }),
);

type CookieKind = "none" | "own" | "tampered" | "oversized" | "garbage";
const cookieKind = fc.constantFrom<CookieKind>("none", "own", "own", "tampered", "oversized", "garbage");

const hostHeader = fc.oneof(
  { weight: 12, arbitrary: fc.constant("own") },
  { weight: 1, arbitrary: fc.constantFrom("a b", "[::1", "", "évil.example", "localhost:0", "x".repeat(300)) },
);
const originHeader = fc.constantFrom("none", "none", "own", "https://evil.example", "null", "http://[", "*");
const secFetchSite = fc.constantFrom(undefined, undefined, "same-origin", "cross-site", "same-site", "none", "garbage");

const hostileRequest = fc.record({
  method,
  route,
  query,
  contentType,
  body,
  token: tokenKind,
  cookie: cookieKind,
  host: hostHeader,
  origin: originHeader,
  secFetchSite,
  repeatedSearch: fc.boolean(),
});
type HostileRequest = typeof hostileRequest extends fc.Arbitrary<infer T> ? T : never;

/** Header values Node's client refuses (control characters) are replaced: they cannot reach the server anyway. */
const headerSafe = (value: string) =>
  value.replace(LONE_SURROGATE, "\ufffd").replace(/[^\t\x20-\x7e\u0080-\u00ff]/g, "?");

function tamper(value: string): string {
  const i = Math.floor(value.length / 2);
  return value.slice(0, i) + (value[i] === "A" ? "B" : "A") + value.slice(i + 1);
}

describe("hostile input", () => {
  let server: RunningServer;
  const data = tempDataDir();
  let own: Visitor;
  let other: Visitor;
  let ownToken: string;
  let otherToken: string;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    server = await startServer({ dataDir: data.dir });
    own = new Visitor(server.origin);
    other = new Visitor(server.origin);
    ownToken = await own.csrfToken("/auth");
    otherToken = await other.csrfToken("/auth");
    // A toast in the flash cookie too, so tampering has more than one signed cookie to break.
    await own.post("/search", { search: " ", redirectTo: "/about" });
  });

  afterAll(async () => {
    await server?.stop();
    data.remove();
  });

  function build(r: HostileRequest) {
    const url = new URL(server.origin);
    const headers: Record<string, string> = {};
    headers.host = r.host === "own" ? url.host : r.host;
    if (r.origin === "own") headers.origin = server.origin;
    else if (r.origin !== "none") headers.origin = r.origin;
    if (r.secFetchSite) headers["sec-fetch-site"] = r.secFetchSite;

    const cookies = own.cookieHeader;
    if (r.cookie === "own") headers.cookie = cookies;
    else if (r.cookie === "tampered")
      headers.cookie = cookies
        .split("; ")
        .map((c) => tamper(c))
        .join("; ");
    else if (r.cookie === "oversized") headers.cookie = `${cookies}; __session=${"A".repeat(6000)}`;
    else if (r.cookie === "garbage") headers.cookie = '__session=%%%; toast="; csrf=; =; ;;';

    let requestPath = `${r.route}${r.query}`;
    if (r.repeatedSearch)
      requestPath += `${requestPath.includes("?") ? "&" : "?"}search=a&search=%00&search=<mv-probe>`;

    let payload: string | Buffer | undefined;
    if (r.method !== "GET" && r.method !== "HEAD") {
      if (r.contentType) headers["content-type"] = r.contentType;
      // Announced, not sent: every refusal of it must come without waiting for the body.
      if (r.body.kind === "huge") {
        headers["content-length"] = String(64 * 1024 * 1024);
        payload = Buffer.alloc(1024, "a");
      } else if (r.body.kind === "raw") payload = Buffer.from(r.body.text, "latin1");
      else {
        const fields = new URLSearchParams(
          r.body.pairs.map(([k, v]) => [k.replace(LONE_SURROGATE, "\ufffd"), v.replace(LONE_SURROGATE, "\ufffd")]),
        );
        const token = { none: null, forged: "forged.token", "other-visitor": otherToken, "own-sign-in": ownToken }[
          r.token
        ];
        if (token) fields.set("csrf", token);
        // The only own-token request is a sign-in, which cannot succeed: no account exists.
        if (r.token === "own-sign-in") fields.set("intent", "sign-in");
        payload = fields.toString();
      }
    }
    for (const [name, value] of Object.entries(headers)) headers[name] = headerSafe(value);
    return { method: r.method, path: requestPath, headers, body: payload };
  }

  it(`answers ${RUNS} generated hostile requests without a 5xx, escaping whatever it echoes`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (r) => {
        const request = build(r);
        let response: RawResponse;
        try {
          response = await rawRequest(server.origin, request);
        } catch (error) {
          // Node's client refuses some requests itself (an invalid path); those never reached the server.
          if ((error as NodeJS.ErrnoException).code === "ERR_UNESCAPED_CHARACTERS") return;
          throw error;
        }
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(
          response.status,
          `${request.method} ${request.path}\n${server.output().split("\n").slice(-5).join("\n")}`,
        ).toBeLessThan(500);
        if (/^text\/html/.test(String(response.headers["content-type"]))) {
          expect(response.body.includes(PROBE), `unescaped payload in ${request.method} ${request.path}`).toBe(false);
        }
      }),
      { numRuns: RUNS },
    );
    console.log(
      `hostile input: ${RUNS} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
  }, 900_000);

  it("wrote nothing: no account, no session, the catalogue unchanged", async () => {
    expect(await server.stop()).toBe(0);
    const { db, close } = await openDatabase({ dataDir: data.dir, seed: false });
    try {
      const count = async (table: string) =>
        (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
      expect(await count("auth.users")).toBe(0);
      expect(await count("auth.sessions")).toBe(0);
      expect(await count("public.products")).toBe(72);
    } finally {
      await close();
    }
  });
});
