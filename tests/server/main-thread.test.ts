import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type InProcessServer, startInProcess } from "./in-process";

/**
 * Input size never costs the main thread (ADR 023): every action (contact, sign-in, sign-up,
 * newsletter, notice, search, logout), sent a 1 MB field, and sent the largest body its form reads
 * (64 KB; 256 KB for the contact form), holds the event loop for at most 20 ms, so other shoppers'
 * requests are not kept waiting behind it.
 *
 * The built app is served from this test's own process, so the event loop it would hold is the one
 * measured here (monitorEventLoopDelay: how late a 1 ms timer fires). A shared machine adds noise
 * the other way only (a descheduled process looks blocked), so the least of a request's longest
 * delays counts: it is measured again until one run is under the limit, up to MAX_RUNS times. A
 * busy machine needs more runs; a request that truly holds the thread longer never gets under it.
 */

const LIMIT_MS = 20;
const MAX_RUNS = 25;
const KB = 1024;
const MB = 1024 * KB;

let server: InProcessServer;
let port = 0;

beforeAll(async () => {
  server = await startInProcess();
  port = server.port;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(method: string, pathname: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ port, host: "127.0.0.1", method, path: pathname, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    // A server that refuses a body may close while it is still being sent: its answer is what counts.
    req.on("error", reject);
    req.end(body);
  });
}

/** A CSRF cookie and its form token, as the sign-in page gives them. */
async function csrf(): Promise<{ cookie: string; token: string }> {
  const page = await request("GET", "/auth");
  const cookie = String(page.headers["set-cookie"]?.[0]).split(";")[0]!;
  const token = /name="csrf"[^>]*value="([^"]+)"/.exec(page.body)![1]!;
  return { cookie, token };
}

/** The longest the event loop was held while `send` ran, in ms, and what it answered. */
async function longestHold(send: () => Promise<Answer>): Promise<{ ms: number; answer: Answer }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const answer = await send();
  delay.disable();
  // The histogram counts from the timer's due time: a 1 ms resolution adds up to 1 ms of its own.
  return { ms: Math.max(0, delay.max / 1e6 - 1), answer };
}

describe("a big field holds the main thread for at most 20 ms", () => {
  let token: { cookie: string; token: string };
  beforeAll(async () => {
    token = await csrf();
  });

  /**
   * Per action: the form's fields, and which one to fill (its value there is the start of what it
   * gets: a honeypot timestamp must look like one to be read at all).
   */
  const cases: [name: string, path: string, fields: Record<string, string>, big: string][] = [
    ["contact (message)", "/contact", { name: "", email: "a@example.com", subject: "general", message: "" }, "message"],
    ["contact (name)", "/contact", { name: "", email: "a@example.com", subject: "general", message: "Hi" }, "name"],
    [
      "contact (honeypot)",
      "/contact",
      {
        name: "A",
        email: "a@example.com",
        subject: "general",
        message: "Hi",
        name__confirm: "",
        from__confirm: "U2FsdGVkX1",
      },
      "from__confirm",
    ],
    ["sign-in (email)", "/auth", { intent: "sign-in", email: "", password: "x" }, "email"],
    ["sign-in (password)", "/auth", { intent: "sign-in", email: "a@example.com", password: "" }, "password"],
    [
      "sign-up (honeypot)",
      "/auth?mode=sign-up",
      {
        intent: "sign-up",
        email: "a@example.com",
        password: "long enough",
        name__confirm: "",
        from__confirm: "U2FsdGVkX1",
      },
      "from__confirm",
    ],
    ["newsletter (email)", "/notice", { feature: "newsletter", email: "", redirectTo: "/" }, "email"],
    ["notice (feature)", "/notice", { feature: "", redirectTo: "/" }, "feature"],
    ["search (term)", "/search", { search: "", redirectTo: "/" }, "search"],
    ["search (redirectTo)", "/search", { search: "", redirectTo: "/" }, "redirectTo"],
    ["logout", "/logout", { redirectTo: "/" }, "redirectTo"],
  ];

  /** The form, with the CSRF token, URL-encoded to `size` bytes by filling the field `big`. */
  function body(fields: Record<string, string>, big: string, size: number): string {
    const encode = (all: Record<string, string>) => new URLSearchParams({ csrf: token.token, ...all }).toString();
    const room = size - encode(fields).length;
    return encode({ ...fields, [big]: fields[big] + "x".repeat(room) });
  }

  it.each([
    ["a 1 MB field", () => MB],
    [
      "a field filling the body to just under its form's limit",
      (path: string) => (path === "/contact" ? 256 : 64) * KB - 64,
    ],
  ] as const)("%s", async (what, size) => {
    const holds: { label: string; least: number }[] = [];
    for (const [name, pathname, fields, big] of cases) {
      const payload = body(fields, big, size(pathname));
      let least = Infinity;
      for (let run = 0; run < MAX_RUNS && least >= LIMIT_MS; run++) {
        const { ms, answer } = await longestHold(() =>
          request(
            "POST",
            pathname,
            {
              "content-type": "application/x-www-form-urlencoded",
              cookie: token.cookie,
              origin: `http://127.0.0.1:${port}`,
            },
            payload,
          ),
        );
        expect(answer.status, name).toBeLessThan(500);
        least = Math.min(least, ms);
      }
      holds.push({ label: `${name}, ${(payload.length / KB).toFixed(0)} KB: ${least.toFixed(1)} ms`, least });
    }
    console.log(`longest hold of the main thread per action, ${what}:\n  ${holds.map((h) => h.label).join("\n  ")}`);
    // The measured value, not its rounded label: 19.97 ms is under the limit, and is printed as 20.0.
    for (const { label, least } of holds) expect(least, label).toBeLessThan(LIMIT_MS);
  });
});
