import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { newPostgresDatabase, stopTestPostgres } from "../support/sql-databases";
import { runScript, startServer, tempDataDir, Visitor } from "./harness";

/**
 * `npm run catalogue` (docs/catalogue.md#import-and-export, ADR 028): the catalogue exported and
 * imported back on the embedded database and on a PostgreSQL server, 10,000 products round trip
 * unchanged in both formats, and a running embedded shop takes an import and shows it at once.
 */

afterAll(stopTestPostgres);

interface ProductInFile {
  id: number | null;
  name: string;
  price: number;
  category: string;
  image: string;
  images: string[];
  [column: string]: unknown;
}

const SECRET = "catalogue-test-secret-0123456789abcdef012";

describe("a catalogue of 10,000 products", () => {
  it("exports and imports back identical, as JSON and as CSV, between the embedded database and a PostgreSQL server", async () => {
    const data = tempDataDir();
    const copy = tempDataDir();
    const files = tempDataDir();
    const database = await newPostgresDatabase();
    const file = (name: string) => path.join(files.dir, name);
    try {
      const embedded = { DATA_DIR: data.dir };
      const scaled = await runScript("db-scale.ts", ["10000"], embedded);
      expect(scaled.code, scaled.stderr).toBe(0);

      for (const format of ["json", "csv"]) {
        const exported = await runScript("catalogue.ts", ["export", "--out", file(`catalogue.${format}`)], embedded);
        expect(exported.stderr).toMatch(
          new RegExp(`Exported 10000 products to .*catalogue\\.${format} \\(${format}\\)`),
        );
        expect(exported.code).toBe(0);
      }
      const original = readFileSync(file("catalogue.json"), "utf8");
      expect((JSON.parse(original) as unknown[]).length).toBe(10_000);

      // Into a new PostgreSQL database (seeded with the same 72 at another time) and out again.
      const postgres = { DATABASE_URL: database.url, SESSION_SECRET: SECRET };
      const imported = await runScript("catalogue.ts", ["import", file("catalogue.json")], postgres);
      expect(imported.stderr).toBe("");
      expect(imported.stdout).toMatch(
        /Imported .* into the database: 9928 added, 0 changed, 72 already as in the file\.$/m,
      );
      await runScript("catalogue.ts", ["export", "--out", file("from-postgres.json")], postgres);
      expect(readFileSync(file("from-postgres.json"), "utf8")).toBe(original);

      // The CSV into a new embedded database, and out again as JSON.
      const fromCsv = await runScript("catalogue.ts", ["import", file("catalogue.csv")], { DATA_DIR: copy.dir });
      expect(fromCsv.stderr).toBe("");
      expect(fromCsv.code).toBe(0);
      await runScript("catalogue.ts", ["export", "--out", file("from-csv.json")], { DATA_DIR: copy.dir });
      expect(readFileSync(file("from-csv.json"), "utf8")).toBe(original);

      // Importing what is already there changes nothing.
      const again = await runScript("catalogue.ts", ["import", file("catalogue.csv")], postgres);
      expect(again.stdout).toMatch(/0 added, 0 changed, 10000 already as in the file\./);
    } finally {
      data.remove();
      copy.remove();
      files.remove();
      await database.drop();
    }
    // 10,000 products exported and imported five times: 172 s on a busy two-core machine, past the default 120 s.
  }, 300_000);
});

describe("importing into a running shop", () => {
  it("on the embedded database: the server takes it and shows it on the next request; a bad file or a dry run changes nothing", async () => {
    const data = tempDataDir();
    const files = tempDataDir();
    const env = { DATA_DIR: data.dir };
    const server = await startServer({ dataDir: data.dir });
    try {
      const shopper = new Visitor(server.origin);
      const before = await shopper.request({ path: "/product/1" });
      expect(before.body).toContain("MAX98357A I2S Class-D Amplifier Breakout");
      // Now kept by the server (page cache and catalogue reads), as a minute of shoppers would find it.
      expect((await shopper.request({ path: "/product/1" })).headers.age).toBeDefined();

      const exported = await runScript("catalogue.ts", ["export"], env);
      expect(exported.code).toBe(0);
      const products = JSON.parse(exported.stdout) as ProductInFile[];
      expect(products).toHaveLength(72);
      products[0] = { ...products[0]!, name: "MAX98357A Amplifier, Revision B", price: 6.5 };
      const added = { ...products[1]!, id: null, name: "Brand New Microphone", created_at: null };
      const edited = path.join(files.dir, "edited.json");
      writeFileSync(edited, JSON.stringify([...products, added]));

      const dryRun = await runScript("catalogue.ts", ["import", edited, "--dry-run"], env);
      expect(dryRun.stdout).toMatch(/would add 1, change 1 and leave 71 as they are\. Nothing was changed\./);
      expect((await shopper.request({ path: "/product/1" })).body).toContain(
        "MAX98357A I2S Class-D Amplifier Breakout",
      );

      const broken = products.map((product) => ({ ...product }));
      broken[2]!.price = -1;
      broken[4]!.category = "gadgets";
      broken[6]!.image = "/images/products/no-such-picture.svg";
      broken[6]!.images = ["/images/products/no-such-picture.svg"];
      const bad = path.join(files.dir, "bad.json");
      writeFileSync(bad, JSON.stringify(broken));
      const refused = await runScript("catalogue.ts", ["import", bad], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^row 3 \(id 3\), price: /m);
      expect(refused.stderr).toMatch(/^row 5 \(id 5\), category: /m);
      expect(refused.stderr).toMatch(/^row 7 \(id 7\), image: /m);
      expect(refused.stderr).toMatch(/Nothing was imported: .*bad\.json has \d+ problem\(s\)/);
      expect((await shopper.request({ path: "/product/1" })).body).toContain(
        "MAX98357A I2S Class-D Amplifier Breakout",
      );

      const imported = await runScript("catalogue.ts", ["import", edited], env);
      expect(imported.stderr).toBe("");
      expect(imported.stdout).toMatch(/into the running shop: 1 added, 1 changed, 71 already as in the file\./);
      const after = await shopper.request({ path: "/product/1" });
      expect(after.body).toContain("MAX98357A Amplifier, Revision B");
      expect(after.body).toContain("$6.50");
      expect(after.headers.age).toBeUndefined();
      const search = await shopper.request({ path: "/products?search=Brand+New+Microphone" });
      expect(search.body).toContain("Brand New Microphone");
      expect((await shopper.request({ path: "/product/73" })).body).toContain("Brand New Microphone");

      const hosted = await runScript("catalogue.ts", ["export"], {
        ...env,
        SUPABASE_URL: "https://example.supabase.co",
        SUPABASE_ANON_KEY: "anon-key",
      });
      expect(hosted.code).toBe(2);
      expect(hosted.stderr).toMatch(/table editor or with `supabase db`/);
    } finally {
      await server.stop();
      data.remove();
      files.remove();
    }
  });

  it("on a PostgreSQL server: written there, and the shop's next page shows it", async () => {
    const database = await newPostgresDatabase();
    const files = tempDataDir();
    const env = { DATABASE_URL: database.url, SESSION_SECRET: SECRET };
    const server = await startServer({ env });
    try {
      const shopper = new Visitor(server.origin);
      expect((await shopper.request({ path: "/product/2" })).body).toContain("INMP441 I2S MEMS Microphone Module");
      const products = JSON.parse(
        (await runScript("catalogue.ts", ["export", "--format", "json"], env)).stdout,
      ) as ProductInFile[];
      const edited = path.join(files.dir, "edited.json");
      writeFileSync(edited, JSON.stringify([{ ...products[1]!, name: "INMP441 Microphone, New Edition" }]));
      const imported = await runScript("catalogue.ts", ["import", edited], env);
      expect(imported.stdout).toMatch(/into the database: 0 added, 1 changed, 0 already as in the file\./);
      expect((await shopper.request({ path: "/product/2" })).body).toContain("INMP441 Microphone, New Edition");
    } finally {
      await server.stop();
      files.remove();
      await database.drop();
    }
  });
});
