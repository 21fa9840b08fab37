import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { AUTH_MESSAGES } from "~/models/account/auth-messages";

import {
  BUILD_DIR,
  logLines,
  logMessages,
  rawRequest,
  ROOT,
  type RunningServer,
  runUntilExit,
  startServer,
  tempDataDir,
  Visitor,
} from "./harness";

const EVIL = "https://evil.example";

describe("the server entry", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(["a b", "[::1", "exa mple.com:80", "localhost:99999"])(
    "answers 400 in plain text to Host: %s",
    async (host) => {
      const response = await rawRequest(server.origin, { path: "/", headers: { host } });
      expect(response.status).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^text\/plain/);
      expect(response.body).toMatch(/Host header/);
    },
  );

  it("ignores a forged X-Forwarded-Host when no trusted proxy is configured", async () => {
    const response = await rawRequest(server.origin, { path: "/about", headers: { "x-forwarded-host": "a b" } });
    expect(response.status).toBe(200);
  });

  it("answers 200 to searches with NUL and invalid UTF-8, searching for the text without them", async () => {
    for (const query of ["search=%00", "search=%00%FF%FE", "search=sen%00sor", "search=%F0%9F"]) {
      const response = await rawRequest(server.origin, { path: `/products?${query}` });
      expect(response.status, query).toBe(200);
    }
    const sensor = await rawRequest(server.origin, { path: "/products?search=sen%00sor" });
    expect(sensor.body).toContain("Search Results for &quot;sensor&quot;");
  });

  it.each(["/auth", "/auth?mode=sign-up", "/contact", "/notice", "/logout", "/search", "/products", "/"])(
    "refuses a cross-site POST %s with 403 before anything runs",
    async (formPath) => {
      const visitor = new Visitor(server.origin);
      const csrf = await visitor.csrfToken("/auth");
      const response = await visitor.post(
        formPath,
        {
          csrf,
          intent: "sign-up",
          email: "victim@example.com",
          password: "long enough password",
          feature: "cart",
          search: "x",
        },
        { origin: EVIL },
      );
      expect(response.status).toBe(403);
      expect(response.headers["content-type"]).toMatch(/^text\/plain/);
      expect(response.body).toMatch(/another site/);
      expect(response.headers["set-cookie"]).toBeUndefined();
    },
  );

  it("creates no account from a cross-site sign-up, even with a valid token", async () => {
    const visitor = new Visitor(server.origin);
    const fields = {
      csrf: await visitor.csrfToken("/auth?mode=sign-up"),
      intent: "sign-up",
      email: "forged@example.com",
      password: "a long enough password",
    };
    const forgeries: Record<string, string>[] = [
      { origin: EVIL },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
      { origin: "http://[" },
    ];
    for (const headers of forgeries) {
      expect((await visitor.post("/auth?mode=sign-up", fields, headers)).status).toBe(403);
    }
    const signIn = await visitor.post("/auth", {
      ...fields,
      csrf: await visitor.csrfToken("/auth"),
      intent: "sign-in",
    });
    expect(signIn.status).toBe(400);
    expect(signIn.body).toContain(AUTH_MESSAGES.invalidCredentials);
  });

  it("accepts a same-origin post (the browser's Origin matches the Host)", async () => {
    const visitor = new Visitor(server.origin);
    const response = await visitor.post(
      "/notice",
      { feature: "cart", redirectTo: "/about" },
      { origin: server.origin, "sec-fetch-site": "same-origin" },
    );
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/about");
  });

  it("answers 413 to a body that declares more than the limit, without waiting for it", async () => {
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(server.origin);
      const req = http.request({
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: "/auth",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(50 * 1024 * 1024) },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on("error", reject);
      // Only the first kilobyte of the announced 50 MB is ever sent.
      req.write("a=".padEnd(1024, "b"));
    });
    expect(status).toBe(413);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("answers 413 to a form body sent without a length once it passes the form's limit", async () => {
    const visitor = new Visitor(server.origin);
    const csrf = await visitor.csrfToken("/auth");
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(server.origin);
      const req = http.request({
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: "/auth",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "transfer-encoding": "chunked",
          cookie: visitor.cookieHeader,
        },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      // Once the answer is in, the server may cut the connection while this side still writes.
      req.on("error", (error) => setTimeout(() => reject(error), 500));
      req.write(`csrf=${encodeURIComponent(csrf)}&email=`);
      for (let i = 0; i < 20; i++) req.write("x".repeat(8 * 1024));
    });
    expect(status).toBe(413);
  });

  it("keeps a kept-alive connection (a proxy's) usable after a form's 413, the refused body thrown away", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(server.origin);
    const send = (method: string, requestPath: string, body?: string) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            method,
            path: requestPath,
            agent,
            headers: body ? { "content-type": "application/x-www-form-urlencoded" } : {},
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
          },
        );
        req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${requestPath} got no answer`)));
        req.on("error", reject);
        req.end(body);
      });
    try {
      // 200 KB with its length declared: past /search's 64 KB, within the server's 4 MiB.
      const refused = await send("POST", "/search", `search=${"x".repeat(200_000)}`);
      expect(refused.status).toBe(413);
      const next = await send("GET", "/about");
      expect(next.status).toBe(200);
      expect(next.socket).toBe(refused.socket);
    } finally {
      agent.destroy();
    }
  });

  it("caches hashed assets for a year and other public files for an hour, and compresses pages", async () => {
    const favicon = await rawRequest(server.origin, { path: "/favicon.svg" });
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
    const home = await rawRequest(server.origin, { path: "/", headers: { "accept-encoding": "gzip" } });
    expect(home.headers["content-encoding"]).toBe("gzip");
    // Pages in gzip even where brotli is accepted (cheaper to make for every request); assets in brotli.
    for (const acceptEncoding of ["gzip, deflate, br", "br;q=1, gzip;q=0.5", "*"]) {
      const compressed = await rawRequest(server.origin, { path: "/", headers: { "accept-encoding": acceptEncoding } });
      expect(compressed.headers["content-encoding"], acceptEncoding).toBe("gzip");
    }
    const onlyBrotli = await rawRequest(server.origin, { path: "/", headers: { "accept-encoding": "br" } });
    expect(onlyBrotli.status).toBe(200);
    expect(onlyBrotli.headers["content-encoding"]).toBeUndefined();
    const page = await rawRequest(server.origin, { path: "/" });
    const script = /\/assets\/[^"]+\.js/.exec(page.body)?.[0];
    expect(script).toBeTruthy();
    const asset = await rawRequest(server.origin, { path: script! });
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The stylesheet: scripts may be under compression's 1 KB threshold.
    const stylesheet = /\/assets\/[^"]+\.css/.exec(page.body)?.[0];
    const brotliAsset = await rawRequest(server.origin, {
      path: stylesheet!,
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(brotliAsset.headers["content-encoding"]).toBe("br");
    expect(page.headers["x-powered-by"]).toBeUndefined();

    // Each as compressed at build time (scripts/compress-assets.ts), the small scripts too, with
    // the original's type; a client that takes neither gets the file itself.
    const assetsDir = path.resolve(ROOT, BUILD_DIR, "client", "assets");
    const onDisk = (url: string) => path.join(assetsDir, url.slice("/assets".length));
    for (const [url, type] of [
      [stylesheet!, /^text\/css/],
      [script!, /^(text|application)\/javascript/],
    ] as const) {
      for (const [acceptEncoding, encoding, file] of [
        ["gzip, deflate, br", "br", `${onDisk(url)}.br`],
        ["gzip", "gzip", `${onDisk(url)}.gz`],
        ["identity", undefined, onDisk(url)],
      ] as const) {
        const response = await rawRequest(server.origin, { path: url, headers: { "accept-encoding": acceptEncoding } });
        expect(response.headers["content-encoding"], `${url} ${acceptEncoding}`).toBe(encoding);
        expect(response.headers["content-type"], url).toMatch(type);
        expect(Number(response.headers["content-length"]), `${url} ${acceptEncoding}`).toBe(statSync(file).size);
        expect(String(response.headers.vary)).toMatch(/Accept-Encoding/);
      }
    }
  });

  it("serves public/'s files at their paths (percent-encoded too) and leaves every other path to the pages", async () => {
    const image = readdirSync(path.join(ROOT, "public/images/products")).find((name) => name.endsWith(".svg"))!;
    for (const file of ["/favicon.svg", "/%66avicon.svg", `/images/products/${image}`]) {
      const response = await rawRequest(server.origin, { path: file });
      expect(response.status, file).toBe(200);
      expect(response.headers["content-type"], file).toMatch(/^image\/svg\+xml/);
    }
    const missing = await rawRequest(server.origin, { path: "/images/products/no-such-picture.svg" });
    expect(missing.status).toBe(404);
    const page = await rawRequest(server.origin, { path: "/favicon.svg.html" });
    expect(page.status).toBe(404);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("logs one line a request, with its address, method, path and status", async () => {
    await rawRequest(server.origin, { path: "/about?logged=1" });
    await new Promise((r) => setTimeout(r, 100));
    expect(logLines(server.output())).toContainEqual(
      expect.objectContaining({ client: "127.0.0.1", method: "GET", url: "/about?logged=1", status: 200 }),
    );
  });
});

describe("starting", () => {
  it("refuses a SESSION_SECRET under 32 characters in production, in one line that does not repeat it", async () => {
    const secret = "short-but-not-a-secret";
    const { code, output } = await runUntilExit({ env: { SESSION_SECRET: secret } });
    expect(code).toBe(1);
    expect(logMessages(output)).toEqual([
      expect.stringMatching(
        /^MakerVolt could not start: SESSION_SECRET is 22 characters long; production needs at least 32/,
      ),
    ]);
    expect(output).not.toContain(secret);
  });

  it("refuses a DATA_DIR that is not a directory, in one line, with exit code 1", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "makervolt-file-"));
    const file = path.join(parent, "not-a-dir");
    writeFileSync(file, "");
    try {
      const { code, output } = await runUntilExit({ dataDir: path.join(file, "data") });
      expect(code).toBe(1);
      expect(logMessages(output)).toEqual([
        expect.stringMatching(/^MakerVolt could not start: DATA_DIR .* is not a directory/),
      ]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it.runIf(process.platform === "linux")(
    "refuses a DATA_DIR that cannot be created within 5 s, in one line, with exit code 1",
    async () => {
      // The kernel answers ENOENT for a new folder in /proc, where Node's recursive mkdir retries forever.
      const started = performance.now();
      const { code, output } = await runUntilExit({ dataDir: "/proc/makervolt-nope/data" }, 10_000);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(code).toBe(1);
      expect(logLines(output).map(({ level, msg }) => ({ level, msg }))).toEqual([
        {
          level: 60,
          msg:
            "MakerVolt could not start: DATA_DIR /proc/makervolt-nope/data cannot be created there: " +
            "fix it, or set DATA_DIR to a writable directory.",
        },
      ]);
    },
  );

  it.runIf(process.getuid?.() === 0)("refuses a DATA_DIR this user cannot write, in one line", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "makervolt-locked-"));
    // Nobody may write here; root may only by overriding the permissions, which this server cannot.
    chmodSync(parent, 0o555);
    try {
      // Not as another user: that user could not read a checkout in root's 0700 home.
      const { code, output } = await runUntilExit({ dataDir: path.join(parent, "data"), withoutRootOverride: true });
      expect(code).toBe(1);
      expect(logMessages(output)).toEqual([
        expect.stringMatching(/^MakerVolt could not start: DATA_DIR .* is not writable/),
      ]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it("refuses a damaged database in one line", async () => {
    const data = tempDataDir();
    try {
      const first = await startServer({ dataDir: data.dir });
      expect(await first.stop()).toBe(0);
      writeFileSync(path.join(data.dir, "global", "pg_control"), "not a control file");
      const { code, output } = await runUntilExit({ dataDir: data.dir });
      expect(code).toBe(1);
      expect(logMessages(output)).toEqual([
        expect.stringMatching(/^MakerVolt could not start: The database in DATA_DIR .* could not be opened/),
      ]);
    } finally {
      data.remove();
    }
  });

  it("refuses a DATA_DIR another live server holds, and takes over a lock its dead owner left", async () => {
    const data = tempDataDir();
    try {
      const first = await startServer({ dataDir: data.dir });
      const second = await runUntilExit({ dataDir: data.dir });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`is in use by another MakerVolt server (pid ${first.child.pid}`);
      expect(logMessages(second.output)).toHaveLength(1);
      // Still serving: the refused server touched nothing.
      expect((await rawRequest(first.origin, { path: "/healthz" })).status).toBe(200);

      await first.stop({ signal: "SIGKILL" });
      const third = await startServer({ dataDir: data.dir });
      expect((await rawRequest(third.origin, { path: "/healthz" })).status).toBe(200);
      expect(await third.stop()).toBe(0);
    } finally {
      data.remove();
    }
  });

  it.runIf(process.getuid?.() === 0)(
    "tells a live owner from a dead one without the hostname: a server killed under another one is taken over",
    async () => {
      const data = tempDataDir();
      try {
        // As a container would run it, then be killed and recreated under a new name.
        const first = await startServer({ dataDir: data.dir, hostname: "shop-container-1" });
        const refused = await runUntilExit({ dataDir: data.dir });
        expect(refused.code).toBe(1);
        expect(refused.output).toContain(`(pid ${first.child.pid} on shop-container-1)`);
        await first.stop({ signal: "SIGKILL" });
        // The lock still names shop-container-1 and a pid this host does not run; its socket is closed.
        expect(readFileSync(path.join(data.dir, "makervolt.lock"), "utf8")).toContain("shop-container-1");
        const next = await startServer({ dataDir: data.dir, hostname: "shop-container-2" });
        expect((await rawRequest(next.origin, { path: "/healthz" })).status).toBe(200);
        expect(await next.stop()).toBe(0);
      } finally {
        data.remove();
      }
    },
  );

  it("stops on SIGTERM with exit code 0 and releases DATA_DIR for the next server", async () => {
    const data = tempDataDir();
    try {
      const first = await startServer({ dataDir: data.dir });
      expect(await first.stop({ signal: "SIGTERM" })).toBe(0);
      expect(first.output()).toContain("SIGTERM: finishing requests in flight");
      mkdirSync(data.dir, { recursive: true });
      const second = await startServer({ dataDir: data.dir });
      expect(await second.stop({ signal: "SIGINT" })).toBe(0);
    } finally {
      data.remove();
    }
  });
});
