import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { newPostgresDatabase, stopTestPostgres } from "../support/sql-databases";
import { rawRequest, type RunningServer, runScript, startServer, tempDataDir } from "./harness";

/**
 * Withdrawing a product (docs/catalogue.md#withdrawing-a-product) with the command docs/deploy.md
 * gives, against the built server: on the embedded database through the running server, which
 * forgets its cached pages and searches at once; on a PostgreSQL server, written directly. The
 * product leaves the listing, search, the sitemap and its category's related products; its page
 * answers 410 with a link to its category; relisting brings it all back. Nothing is deleted.
 */

afterAll(stopTestPostgres);

const SECRET = "withdrawn-test-secret-0123456789abcdef0123";
/** The BME280 breakout (supabase/seed.sql), the only seed product that says "barometric". */
const PRODUCT = 55;
const NAME = "BME280 Temperature, Humidity &amp; Pressure Breakout";

async function get(server: RunningServer, path: string) {
  return rawRequest(server.origin, { path });
}

/** What a shopper and a crawler see of the product (one page at a time: a cold server sheds a crowd). */
async function seen(server: RunningServer) {
  const page = await get(server, `/product/${PRODUCT}`);
  const search = await get(server, "/products?search=barometric");
  const sensors = await get(server, "/products/sensors");
  const sitemap = await get(server, "/sitemap.xml");
  const neighbour = await get(server, "/product/56");
  for (const answer of [search, sensors, sitemap, neighbour]) expect(answer.status).toBe(200);
  const link = `href="/product/${PRODUCT}"`;
  return {
    status: page.status,
    inSearch: search.body.includes(link),
    inCategory: sensors.body.includes(link),
    inSitemap: sitemap.body.includes(`/product/${PRODUCT}</loc>`),
    related: neighbour.body.includes(link),
    page,
  };
}

async function expectWithdrawAndRelist(server: RunningServer, env: Record<string, string>) {
  // Read first, so the embedded server's page cache and search cache hold the product.
  expect(await seen(server)).toMatchObject({
    status: 200,
    inSearch: true,
    inCategory: true,
    inSitemap: true,
    related: true,
  });

  const unknown = await runScript("catalogue.ts", ["withdraw", String(PRODUCT), "99999"], env);
  expect(unknown).toMatchObject({ code: 1, stderr: "No product has the id 99999: nothing was changed.\n" });
  expect((await seen(server)).status).toBe(200);

  const withdrawn = await runScript("catalogue.ts", ["withdraw", String(PRODUCT)], env);
  expect(withdrawn.stderr).toBe("");
  expect(withdrawn.stdout).toBe(`Withdrew ${PRODUCT} BME280 Temperature, Humidity & Pressure Breakout.\n`);
  const gone = await seen(server);
  expect(gone).toMatchObject({ status: 410, inSearch: false, inCategory: false, inSitemap: false, related: false });
  expect(gone.page.body).toContain(
    `<h1 class="break-words text-2xl font-bold text-slate-900 sm:text-3xl">${NAME}</h1>`,
  );
  expect(gone.page.body).toContain("We no longer sell this product.");
  expect(gone.page.body).toMatch(/<a href="\/products\/sensors"[^>]*>Browse <!-- -->Sensors<\/a>/);
  expect(gone.page.headers["cache-control"]).toBe("private, no-store");
  expect(gone.page.body).toMatch(/<meta name="robots" content="noindex/);
  const data = await get(server, `/product/${PRODUCT}.data`);
  expect(data.status).toBe(410);

  const again = await runScript("catalogue.ts", ["withdraw", String(PRODUCT)], env);
  expect(again.stdout).toMatch(/was already withdrawn/);

  // The export keeps it, with its state; nothing was deleted.
  const exported = await runScript("catalogue.ts", ["export"], env);
  const record = (JSON.parse(exported.stdout) as { id: number; withdrawn: boolean }[]).find((r) => r.id === PRODUCT);
  expect(record).toMatchObject({ withdrawn: true });

  // A dry run of the export with one price changed lists that product and field, and nothing else.
  const records = JSON.parse(exported.stdout) as { id: number; price: number; description: string }[];
  const file = path.join(mkdtempSync(path.join(tmpdir(), "makervolt-withdrawn-")), "catalogue.json");
  writeFileSync(
    file,
    JSON.stringify(
      records.map((r) =>
        r.id === PRODUCT ? { ...r, price: 9.5, description: `${r.description} Now with a case.` } : r,
      ),
    ),
  );
  const dryRun = await runScript("catalogue.ts", ["import", file, "--dry-run"], env);
  rmSync(path.dirname(file), { recursive: true, force: true });
  expect(dryRun.stderr).toBe("");
  expect(dryRun.stdout.split("\n")).toEqual([
    `~ ${PRODUCT} BME280 Temperature, Humidity & Pressure Breakout:`,
    // Cut to where the two differ: a long description's change shows.
    expect.stringMatching(/^ {4}description: ….{20}" -> ….{20} Now with a case\."$/) as unknown,
    "    price: 8.95 -> 9.5",
    `Dry run: ${file} (72 products) would add 0, change 1 and leave 71 as they are. Nothing was changed.`,
    "",
  ]);

  const relisted = await runScript("catalogue.ts", ["relist", String(PRODUCT)], env);
  expect(relisted.stdout).toBe(`Relisted ${PRODUCT} BME280 Temperature, Humidity & Pressure Breakout.\n`);
  expect(await seen(server)).toMatchObject({ status: 200, inSearch: true, inCategory: true, inSitemap: true });
}

describe("withdrawing a product", () => {
  it("on the embedded database, through the running server: gone at once from every page, 410 on its own", async () => {
    const data = tempDataDir();
    const env = { DATA_DIR: data.dir };
    const server = await startServer({ dataDir: data.dir });
    try {
      await expectWithdrawAndRelist(server, env);
      expect(server.output()).toMatch(/"msg":"Withdrew products from sale"/);
    } finally {
      await server.stop();
      data.remove();
    }
  });

  it("on a PostgreSQL server, written there by the command", async () => {
    const database = await newPostgresDatabase();
    const env = { DATABASE_URL: database.url, SESSION_SECRET: SECRET };
    const server = await startServer({ env });
    try {
      await expectWithdrawAndRelist(server, env);
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});
