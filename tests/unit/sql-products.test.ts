import { existsSync, readdirSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase } from "~/backends/embedded/database.server";
import { openPostgres } from "~/backends/postgres/database.server";
import { relatedProducts } from "~/backends/related-products.server";
import { exportCatalogue, importCatalogue, setWithdrawn } from "~/backends/sql/catalogue.server";
import { SqlProductRepository, withdrawnProduct } from "~/backends/sql/products.server";
import { asAnon, type SqlClient } from "~/backends/sql/sql-client.server";
import { BackendError, type ProductListQuery } from "~/backends/types.server";
import { DEFAULT_QUERY, PAGE_SIZE } from "~/models/catalogue/catalogue-query";
import type { Product } from "~/models/product/product";

import { newPostgresDatabase, openTestDatabase, SQL_DRIVERS, stopTestPostgres } from "../support/sql-databases";

/**
 * The SQL repository on both of its drivers (a real PGlite database and a real PostgreSQL server),
 * each built from the real migrations, with a small catalogue inserted here so every expectation
 * can be read off the fixture.
 */

const SUPABASE_DIR = path.resolve("supabase");
/** Starting PGlite is CPU-bound (initdb in WebAssembly) and slow on a busy machine. */
const OPEN_TIMEOUT = 120_000;
const MIGRATION = "20250101000000_products.sql";

interface Fixture {
  id: number;
  name: string;
  description?: string;
  category: Product["category"];
  price: number;
  original_price?: number | null;
  in_stock?: boolean;
  rating?: number | null;
}

const FIXTURES: Fixture[] = [
  { id: 1, name: "Arduino Uno R3", category: "development-boards", price: 23, rating: 4.7 },
  { id: 2, name: "ESP32 DevKit", category: "iot-wireless", price: 9.99, original_price: 12.99, rating: 4.5 },
  { id: 3, name: "esp8266 NodeMCU", category: "iot-wireless", price: 6.5, in_stock: false, rating: 4.5 },
  { id: 4, name: "Soldering Station", category: "tools", price: 129, rating: 4.8 },
  { id: 5, name: "Digital Multimeter", category: "tools", price: 45, rating: null },
  { id: 6, name: "100% Copper Wire Wrap", category: "tools", price: 5, rating: 4.1 },
  { id: 7, name: "Jumper_Wire Kit", category: "components", price: 5, rating: 4.1 },
  {
    id: 8,
    name: "BME280 Sensor",
    description: "Measures humidity, pressure and TEMPERATURE over I2C.",
    category: "sensors",
    price: 8,
    rating: 4.6,
  },
  {
    id: 9,
    name: "DHT22 Probe",
    description: "Reads temperature and humidity.",
    category: "sensors",
    price: 8,
    rating: 4.6,
  },
  { id: 10, name: "OLED Display 0.96in", category: "displays", price: 12, rating: 4.2 },
  { id: 11, name: "Servo Motor SG90", category: "robotics", price: 100, rating: 4 },
  {
    id: 12,
    name: "Speaker 8 Ohm",
    description: String.raw`Fits a 3.5 mm jack \ RCA adapter.`,
    category: "audio",
    price: 2,
  },
  { id: 13, name: "Breadboard", category: "components", price: 4, rating: 3.9 },
  { id: 14, name: "breadboard", category: "components", price: 4, rating: 3.9 },
  // Thirty look-alikes: equal prices and ratings, so only the id tie-break orders them.
  ...Array.from({ length: 30 }, (_, i): Fixture => ({
    id: 101 + i,
    name: "Resistor Pack",
    description: `Assorted resistors, pack ${i + 1}.`,
    category: "components",
    price: 1,
    rating: 3,
  })),
];

async function insertFixtures(db: SqlClient, fixtures: Fixture[]) {
  await db.transaction(async (tx) => {
    // Reverse order, so rows do not sit on disk in id order and a missing tie-break shows.
    for (const f of [...fixtures].reverse()) {
      await tx.query(
        `insert into public.products (id, name, description, category, price, original_price, in_stock,
           stock_count, rating, reviews, image, images, features, specifications)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          f.id,
          f.name,
          f.description ?? `${f.name} for makers.`,
          f.category,
          f.price,
          f.original_price ?? null,
          f.in_stock ?? true,
          f.in_stock === false ? 0 : 10,
          f.rating === undefined ? 4 : f.rating,
          7,
          `/images/products/${f.id}-1.svg`,
          [`/images/products/${f.id}-1.svg`, `/images/products/${f.id}-2.svg`],
          ["Feature one", "Feature two"],
          { Voltage: "5 V", Weight: "12 g" },
        ],
      );
    }
    await tx.query(
      "select setval(pg_get_serial_sequence('public.products', 'id'), (select max(id) from public.products))",
    );
  });
}

const query = (changes: Partial<ProductListQuery> = {}): ProductListQuery => {
  const { view: _view, ...rest } = DEFAULT_QUERY;
  return { ...rest, ...changes };
};
const ids = (products: Product[]) => products.map((p) => p.id);
/** The components in FIXTURES, best rated first, then by id. */
const BEST_COMPONENTS = [7, 13, 14, 101, 102];
const fixture = (id: number) => FIXTURES.find((f) => f.id === id)!;

afterAll(stopTestPostgres);

/** A sentinel thrown to roll a test's transaction back. */
class RollBack extends Error {}

describe.each(SQL_DRIVERS)("on %s", (driver) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let repository: SqlProductRepository;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(driver, { supabaseDir: SUPABASE_DIR, seed: false }));
    await insertFixtures(db, FIXTURES);
    repository = new SqlProductRepository(db);
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await close?.();
  });

  describe("listing the catalogue", () => {
    it("counts every match and returns the first page of 24", async () => {
      const page = await repository.listProducts(query());
      expect(page.total).toBe(FIXTURES.length);
      expect(page.products).toHaveLength(PAGE_SIZE);
    });

    it("finds a search term in the name, ignoring case", async () => {
      const page = await repository.listProducts(query({ search: "sensor" }));
      expect(ids(page.products)).toEqual([8]);
      expect(page.total).toBe(1);
    });

    it("finds a search term in the description, ignoring case", async () => {
      const page = await repository.listProducts(query({ search: "temperature" }));
      expect(ids(page.products)).toEqual([8, 9]);
    });

    it("matches %, _ and \\ literally, not as wildcards", async () => {
      expect(ids((await repository.listProducts(query({ search: "%" }))).products)).toEqual([6]);
      expect(ids((await repository.listProducts(query({ search: "100%" }))).products)).toEqual([6]);
      expect(ids((await repository.listProducts(query({ search: "_" }))).products)).toEqual([7]);
      expect(ids((await repository.listProducts(query({ search: "r_w" }))).products)).toEqual([7]);
      expect(ids((await repository.listProducts(query({ search: "\\" }))).products)).toEqual([12]);
    });

    it("finds a term's words in any order, but never joins the name's last word to the description's first", async () => {
      // DHT22 Probe: "Reads temperature and humidity." As words, in any order, both are found.
      expect(ids((await repository.listProducts(query({ search: "probe reads" }))).products)).toEqual([9]);
      expect(ids((await repository.listProducts(query({ search: "Reads PROBE" }))).products)).toEqual([9]);
      // Joined into one word (as "hcsr04" is "HC-SR04"), they would run across the end of the
      // name: the line break between name and description is not a joiner.
      for (const joined of ["probereads", "probe-reads", "probe_reads", "probe.reads"]) {
        expect((await repository.listProducts(query({ search: joined }))).total, joined).toBe(0);
      }
      expect((await repository.listProducts(query({ search: "Probe" }))).total).toBe(1);
    });

    it("treats SQL in a search term as text", async () => {
      const page = await repository.listProducts(query({ search: "'; drop table products; --" }));
      expect(page).toEqual({ products: [], total: 0 });
      expect((await repository.listProducts(query())).total).toBe(FIXTURES.length);
    });

    it("filters by category", async () => {
      const page = await repository.listProducts(query({ category: "tools" }));
      expect(ids(page.products).sort((a, b) => a - b)).toEqual([4, 5, 6]);
      expect(page.products.every((p) => p.category === "tools")).toBe(true);
    });

    it("filters by minimum and maximum price, inclusive", async () => {
      const page = await repository.listProducts(query({ min: 8, max: 12 }));
      expect(ids(page.products).sort((a, b) => a - b)).toEqual([2, 8, 9, 10]);
    });

    it("reads a maximum of 100 as no upper bound", async () => {
      const page = await repository.listProducts(query({ min: 100, max: 100 }));
      expect(ids(page.products).sort((a, b) => a - b)).toEqual([4, 11]);
      const below = await repository.listProducts(query({ min: 99, max: 99 }));
      expect(below.total).toBe(0);
    });

    it("shows only products in stock when asked", async () => {
      const all = await repository.listProducts(query({ category: "iot-wireless" }));
      const inStock = await repository.listProducts(query({ category: "iot-wireless", inStock: true }));
      expect(ids(all.products).sort()).toEqual([2, 3]);
      expect(ids(inStock.products)).toEqual([2]);
    });

    it("combines filters", async () => {
      const page = await repository.listProducts(
        query({ search: "wire", category: "tools", min: 1, max: 50, inStock: true }),
      );
      expect(ids(page.products)).toEqual([6]);
    });
  });

  describe("sorting, ties broken by id", () => {
    const everything = async (changes: Partial<ProductListQuery>) => {
      const first = await repository.listProducts(query({ ...changes, page: 1 }));
      const second = await repository.listProducts(query({ ...changes, page: 2 }));
      return [...first.products, ...second.products];
    };

    it("sorts by name A-Z, ignoring case", async () => {
      const products = await everything({ sort: "name" });
      const names = products.map((p) => p.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      const breadboards = ids(products.filter((p) => p.name.toLowerCase() === "breadboard"));
      expect(breadboards).toEqual([13, 14]);
      const packs = ids(products.filter((p) => p.name === "Resistor Pack"));
      expect(packs).toEqual(Array.from({ length: 30 }, (_, i) => 101 + i));
    });

    it("sorts by price, low to high", async () => {
      const products = await everything({ sort: "price-low" });
      for (let i = 1; i < products.length; i++) {
        const [a, b] = [products[i - 1]!, products[i]!];
        expect(a.price < b.price || (a.price === b.price && a.id < b.id)).toBe(true);
      }
      expect(ids(products.filter((p) => p.price === 5))).toEqual([6, 7]);
    });

    it("sorts by price, high to low", async () => {
      const products = await everything({ sort: "price-high" });
      expect(products[0]?.id).toBe(4);
      for (let i = 1; i < products.length; i++) {
        const [a, b] = [products[i - 1]!, products[i]!];
        expect(a.price > b.price || (a.price === b.price && a.id < b.id)).toBe(true);
      }
      expect(ids(products.filter((p) => p.price === 8))).toEqual([8, 9]);
    });

    it("sorts by rating, highest first, unrated last", async () => {
      const products = await everything({ sort: "rating" });
      expect(ids(products.slice(0, 5))).toEqual([4, 1, 8, 9, 2]);
      expect(products.at(-1)?.id).toBe(5);
      const rated = products.slice(0, -1);
      for (let i = 1; i < rated.length; i++) {
        const [a, b] = [rated[i - 1]!, rated[i]!];
        expect(a.rating > b.rating || (a.rating === b.rating && a.id < b.id)).toBe(true);
      }
    });
  });

  describe("paging", () => {
    it("puts the rest on page 2, with no product twice and none missing", async () => {
      const components = FIXTURES.filter((f) => f.category === "components").map((f) => f.id);
      for (const sort of ["name", "price-low", "price-high", "rating"] as const) {
        const first = await repository.listProducts(query({ category: "components", sort, page: 1 }));
        const second = await repository.listProducts(query({ category: "components", sort, page: 2 }));
        expect(first.products).toHaveLength(PAGE_SIZE);
        expect(second.products).toHaveLength(components.length - PAGE_SIZE);
        const seen = [...ids(first.products), ...ids(second.products)];
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen.sort((a, b) => a - b)).toEqual(components.sort((a, b) => a - b));
        expect(first.total).toBe(components.length);
        expect(second.total).toBe(components.length);
      }
    });

    it("still counts the matches on a page past the end", async () => {
      const page = await repository.listProducts(query({ category: "components", page: 99 }));
      expect(page).toEqual({ products: [], total: 33 });
    });

    it("pages a search's matches the same way, in every sort", async () => {
      const resistors = FIXTURES.filter((f) => f.name === "Resistor Pack").map((f) => f.id);
      for (const sort of ["name", "price-low", "price-high", "rating"] as const) {
        const first = await repository.listProducts(query({ search: "RESISTOR", sort, page: 1 }));
        const second = await repository.listProducts(query({ search: "RESISTOR", sort, page: 2 }));
        // Equal names, prices and ratings: the tie-break by id decides the order.
        expect([...ids(first.products), ...ids(second.products)]).toEqual(resistors);
        expect(first.total).toBe(resistors.length);
        expect(second.total).toBe(resistors.length);
      }
      const past = await repository.listProducts(query({ search: "resistor", page: 99 }));
      expect(past).toEqual({ products: [], total: resistors.length });
    });
  });

  describe("single products", () => {
    it("maps a row to a Product with numbers as numbers", async () => {
      const product = await repository.getProduct(2);
      expect(product).toEqual({
        id: 2,
        name: "ESP32 DevKit",
        description: "ESP32 DevKit for makers.",
        category: "iot-wireless",
        price: 9.99,
        originalPrice: 12.99,
        inStock: true,
        stockCount: 10,
        rating: 4.5,
        reviews: 7,
        image: "/images/products/2-1.svg",
        images: ["/images/products/2-1.svg", "/images/products/2-2.svg"],
        features: ["Feature one", "Feature two"],
        specifications: { Voltage: "5 V", Weight: "12 g" },
      } satisfies Product);
    });

    it("reads a missing rating as 0", async () => {
      expect((await repository.getProduct(5))?.rating).toBe(0);
    });

    it("answers null for an unknown or impossible id", async () => {
      expect(await repository.getProduct(9999)).toBeNull();
      expect(await repository.getProduct(Number.NaN)).toBeNull();
      expect(await repository.getProduct(-1)).toBeNull();
      expect(await repository.getProduct(2 ** 60)).toBeNull();
    });

    it("returns several products in the order asked, skipping unknown ids", async () => {
      expect(ids(await repository.getProducts([9, 9999, 1, 4]))).toEqual([9, 1, 4]);
      expect(await repository.getProducts([])).toEqual([]);
    });

    it("lists a category's best rated products, then by id, up to the limit", async () => {
      const best = await repository.bestRatedInCategory("components", 5);
      expect(best.every((p) => p.category === "components")).toBe(true);
      expect(ids(best)).toEqual(BEST_COMPONENTS);
      expect(ids(await repository.bestRatedInCategory("components", 2))).toEqual(BEST_COMPONENTS.slice(0, 2));
      expect(await repository.bestRatedInCategory("no-such-category", 5)).toEqual([]);
      expect(await repository.bestRatedInCategory("components", 0)).toEqual([]);
    });

    it("relates up to 4 products of the same category, never the product itself", async () => {
      const related = await relatedProducts(repository, { id: 13, category: "components" });
      expect(related).toHaveLength(4);
      expect(related.every((p) => p.category === "components" && p.id !== 13)).toBe(true);
      // Best rated first, then by id.
      expect(ids(related)).toEqual([7, 14, 101, 102]);
      expect(ids(await relatedProducts(repository, { id: 8, category: "sensors" }))).toEqual([9]);
      expect(await relatedProducts(repository, { id: 12, category: "audio" })).toEqual([]);
    });

    it("lists every product id in ascending order, up to the limit (the sitemap)", async () => {
      const all = FIXTURES.map((f) => f.id).sort((a, b) => a - b);
      expect(await repository.listProductIds(10_000)).toEqual(all);
      expect(await repository.listProductIds(3)).toEqual(all.slice(0, 3));
      expect(await repository.listProductIds(0)).toEqual([]);
    });

    it("answers a ping", async () => {
      await expect(repository.ping()).resolves.toBeUndefined();
    });

    it("keeps fixture prices exact (numeric, not float)", async () => {
      const product = await repository.getProduct(3);
      expect(product?.price).toBe(fixture(3).price);
    });
  });

  describe("row-level security", () => {
    it("reads the catalogue as role anon", async () => {
      const rows = await asAnon(
        db,
        async (tx) => (await tx.query<{ user: string }>("select current_user as user")).rows,
      );
      expect(rows).toEqual([{ user: "anon" }]);
      const visible = await asAnon(db, async (tx) => (await tx.query("select id from public.products")).rows);
      expect(visible).toHaveLength(FIXTURES.length);
    });

    it("has RLS on, with a read policy for anon and authenticated", async () => {
      const { rows } = await db.query<{ rls: boolean }>(
        "select relrowsecurity as rls from pg_class where oid = 'public.products'::regclass",
      );
      expect(rows[0]?.rls).toBe(true);
      const policies = await db.query<{ cmd: string; roles: string[] }>(
        "select cmd, roles::text[] as roles from pg_policies where schemaname = 'public' and tablename = 'products'",
      );
      expect(policies.rows).toEqual([{ cmd: "SELECT", roles: ["anon", "authenticated"] }]);
    });

    it("does not let anon change the catalogue", async () => {
      const write = (sql: string) => asAnon(db, (tx) => tx.query(sql));
      await expect(
        write(`insert into public.products (name, description, category, price, image)
               values ('Free stuff', 'x', 'tools', 0, '/x.svg')`),
      ).rejects.toThrow(/permission denied/);
      await expect(write("update public.products set price = 0")).rejects.toThrow(/permission denied/);
      await expect(write("delete from public.products")).rejects.toThrow(/permission denied/);
      expect((await repository.listProducts(query())).total).toBe(FIXTURES.length);
    });

    it("hides rows from anon when no policy allows them", async () => {
      // Proves the reads go through RLS: without the policy, anon sees nothing.
      const hidden = db.transaction(async (tx) => {
        await tx.exec(`drop policy "Products are readable by everyone" on public.products`);
        await tx.exec("set local role anon");
        const { rows } = await tx.query("select id from public.products");
        expect(rows).toEqual([]);
        throw new RollBack();
      });
      await expect(hidden).rejects.toBeInstanceOf(RollBack);
      expect((await repository.listProducts(query())).total).toBe(FIXTURES.length);
    });
  });

  describe("withdrawn products (npm run catalogue -- withdraw)", () => {
    /** The words a typo may be corrected to. */
    const vocabulary = async () =>
      new Set((await db.query<{ word: string }>("select word from public.search_vocabulary")).rows.map((r) => r.word));

    it("leave the listing, search, counts, related products, the sitemap and the vocabulary, and come back when relisted", async () => {
      const unknown = await setWithdrawn(db, [8, 99_999], true);
      expect(unknown).toEqual({ unknown: [99_999], changed: [], already: [] });
      expect(await repository.getProduct(8)).not.toBeNull();

      const withdrawn = await setWithdrawn(db, [8], true);
      try {
        expect(withdrawn).toEqual({ unknown: [], changed: [{ id: 8, name: "BME280 Sensor" }], already: [] });
        expect(await setWithdrawn(db, [8], true)).toMatchObject({ changed: [], already: [{ id: 8 }] });

        expect((await repository.listProducts(query())).total).toBe(FIXTURES.length - 1);
        expect(ids((await repository.listProducts(query({ category: "sensors" }))).products)).toEqual([9]);
        expect(ids((await repository.listProducts(query({ search: "temperature" }))).products)).toEqual([9]);
        expect((await repository.listProducts(query({ search: "bme280" }))).total).toBe(0);
        const facets = await repository.countFacets({ ...query(), search: "humidity" });
        expect(facets.categories).toMatchObject({ sensors: 1 });
        expect(await relatedProducts(repository, { id: 9, category: "sensors" })).toEqual([]);
        expect(await repository.listProductIds(10_000)).not.toContain(8);
        expect(await repository.getProduct(8)).toBeNull();
        expect(await repository.getProducts([8, 9])).toHaveLength(1);
        // A typo is no longer corrected to a word only the withdrawn product held.
        expect(await vocabulary()).not.toContain("bme280");
        expect(await vocabulary()).not.toContain("pressure");

        // What its page says: its name and category, and nothing for a product on sale or none.
        expect(await withdrawnProduct(db, 8)).toEqual({ id: 8, name: "BME280 Sensor", category: "sensors" });
        expect(await withdrawnProduct(db, 9)).toBeNull();
        expect(await withdrawnProduct(db, 99_999)).toBeNull();

        // Nothing is deleted: the export keeps it, with its state.
        const exported = await exportCatalogue(db);
        expect(exported.find((record) => record.id === 8)).toMatchObject({ name: "BME280 Sensor", withdrawn: true });
      } finally {
        expect(await setWithdrawn(db, [8], false)).toMatchObject({ changed: [{ id: 8 }] });
      }
      expect(await repository.getProduct(8)).not.toBeNull();
      expect(ids((await repository.listProducts(query({ search: "temperature" }))).products)).toEqual([8, 9]);
      expect(await repository.listProductIds(10_000)).toContain(8);
      expect(await vocabulary()).toContain("pressure");
      expect(await withdrawnProduct(db, 8)).toBeNull();
    });

    it("are left out by the search's own reads, which run as the owner so the trigram indexes still serve them", async () => {
      // As anon, the policy's condition would come before every LIKE (not leakproof), and each word
      // of a search would read every row (supabase/migrations/20261128003800_withdrawn_search.sql).
      const { rows } = await db.query<{ name: string; definer: boolean; source: string }>(
        `select proname as name, prosecdef as definer, prosrc as source from pg_proc
         where pronamespace = 'public'::regnamespace and proname in ('search_match', 'search_corrected') order by 1`,
      );
      expect(rows.map((row) => [row.name, row.definer])).toEqual([
        ["search_corrected", true],
        ["search_match", true],
      ]);
      for (const row of rows) {
        const reads = row.source.match(/from public\.products where[^%]*/g) ?? [];
        expect(reads.length, row.name).toBeGreaterThan(0);
        for (const read of reads) expect(read, row.name).toMatch(/^from public\.products where not withdrawn and $/);
      }
    });

    it("an import lists each product it would change with its fields, writes the withdrawn state, and never counts created_at", async () => {
      const before = await exportCatalogue(db);
      const product = (id: number) => before.find((record) => record.id === id)!;
      const file = [
        { ...product(1), price: 21.5, withdrawn: true, created_at: "2020-01-01T00:00:00Z" },
        // Only its created_at differs: taken from the file, but not a change.
        { ...product(2), created_at: "2020-01-01T00:00:00Z" },
        product(3),
        { ...product(4), id: null, name: "Soldering Station, Mk II" },
      ];
      const dryRun = await importCatalogue(db, file, { dryRun: true });
      expect(dryRun).toMatchObject({
        products: 4,
        added: 1,
        changed: 1,
        unchanged: 2,
        addedProducts: [{ id: expect.any(Number) as number, name: "Soldering Station, Mk II" }],
        changedProducts: [
          {
            id: 1,
            name: "Arduino Uno R3",
            fields: [
              { field: "price", before: 23, after: 21.5 },
              { field: "withdrawn", before: false, after: true },
            ],
          },
        ],
      });
      expect(await exportCatalogue(db)).toEqual(before);

      const imported = await importCatalogue(db, file);
      try {
        expect(imported).toMatchObject({ added: 1, changed: 1, unchanged: 2 });
        const after = await exportCatalogue(db);
        expect(after.find((record) => record.id === 1)).toMatchObject({ price: 21.5, withdrawn: true });
        expect(after.find((record) => record.id === 2)?.created_at).toBe("2020-01-01T00:00:00.000000Z");
      } finally {
        await db.query("delete from public.products where id = $1", [imported.addedProducts[0]?.id]);
        await importCatalogue(db, before);
      }
      expect(await exportCatalogue(db)).toEqual(before);
    });
  });
});

describe("opening a database", () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "makervolt-db-"));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it(
    "records applied migrations and applies only new ones on reopen",
    async () => {
      const supabaseDir = path.join(dir, "supabase");
      const dataDir = path.join(dir, "data", "nested");
      await mkdir(path.join(supabaseDir, "migrations"), { recursive: true });
      await copyFile(path.join(SUPABASE_DIR, "migrations", MIGRATION), path.join(supabaseDir, "migrations", MIGRATION));
      await writeFile(
        path.join(supabaseDir, "seed.sql"),
        `insert into public.products (id, name, description, category, price, image)
       values (1, 'Seeded Board', 'From seed.sql.', 'development-boards', 10, '/images/products/1-1.svg');
       select setval(pg_get_serial_sequence('public.products', 'id'), 1);`,
      );

      const first = await openDatabase({ dataDir, supabaseDir });
      expect(first.appliedMigrations).toEqual([MIGRATION]);
      expect(first.seeded).toBe(true);
      const recorded = await first.db.query<{ version: string; name: string }>(
        "select version, name from supabase_migrations.schema_migrations order by version",
      );
      expect(recorded.rows).toEqual([{ version: "20250101000000", name: "products" }]);
      // A shopper-visible change that must survive the restart.
      await first.db.query("update public.products set price = 11 where id = 1");
      await first.close();

      // A later migration arrives; the earlier one must not run again (it would fail: the table exists).
      await writeFile(
        path.join(supabaseDir, "migrations", "20250201000000_add_note.sql"),
        "alter table public.products add column note text;",
      );
      const second = await openDatabase({ dataDir, supabaseDir });
      try {
        expect(second.appliedMigrations).toEqual(["20250201000000_add_note.sql"]);
        expect(second.seeded).toBe(false);
        // Plain SQL: the repository reads columns later migrations add (withdrawn).
        const { rows } = await second.db.query<{ price: number; n: number }>(
          "select price::float8 as price, (select count(*)::int from public.products) as n from public.products where id = 1",
        );
        expect(rows).toEqual([{ price: 11, n: 1 }]);
        const versions = await second.db.query<{ version: string }>(
          "select version from supabase_migrations.schema_migrations order by version",
        );
        expect(versions.rows.map((r) => r.version)).toEqual(["20250101000000", "20250201000000"]);
      } finally {
        await second.close();
      }

      const third = await openDatabase({ dataDir, supabaseDir });
      expect(third.appliedMigrations).toEqual([]);
      // A closed database fails as a BackendError, which the pages show as "Error: ...".
      const repository = new SqlProductRepository(third.db);
      await third.close();
      await expect(repository.listProducts(query())).rejects.toBeInstanceOf(BackendError);
    },
    3 * OPEN_TIMEOUT,
  );

  it(
    "creates a new cluster in a child process, and keeps memory:// in a directory removed at close",
    async () => {
      const dataDir = path.join(dir, "made-in-child");
      const opened = await openDatabase({ dataDir, supabaseDir: SUPABASE_DIR, seed: false, createInChild: true });
      try {
        expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
        expect(opened.appliedMigrations.length).toBeGreaterThan(0);
        expect((await new SqlProductRepository(opened.db).listProducts(query())).total).toBe(0);
      } finally {
        await opened.close();
      }

      const before = new Set(readdirSync(tmpdir()));
      const inMemory = await openDatabase({
        dataDir: "memory://",
        supabaseDir: SUPABASE_DIR,
        seed: false,
        createInChild: true,
      });
      const made = readdirSync(tmpdir()).filter((name) => !before.has(name) && name.startsWith("makervolt-memory-"));
      expect(made).toHaveLength(1);
      await inMemory.close();
      expect(existsSync(path.join(tmpdir(), made[0]!))).toBe(false);
    },
    3 * OPEN_TIMEOUT,
  );

  it(
    "rolls back a failing migration and names it",
    async () => {
      const supabaseDir = path.join(dir, "broken");
      await mkdir(path.join(supabaseDir, "migrations"), { recursive: true });
      await writeFile(
        path.join(supabaseDir, "migrations", "20250101000000_broken.sql"),
        "create table public.half_done (id int); select * from no_such_table;",
      );
      await expect(openDatabase({ dataDir: "memory://", supabaseDir })).rejects.toThrow(
        /20250101000000_broken\.sql.*no_such_table/,
      );
    },
    OPEN_TIMEOUT,
  );

  it.skipIf(!existsSync(path.join(SUPABASE_DIR, "seed.sql")))(
    "builds the shop from the real migrations and seed.sql",
    async () => {
      const opened = await openDatabase({ dataDir: "memory://", supabaseDir: SUPABASE_DIR });
      try {
        const migrations = (await readdir(path.join(SUPABASE_DIR, "migrations"))).filter((f) => f.endsWith(".sql"));
        expect(opened.appliedMigrations).toEqual(migrations.sort());
        expect(opened.seeded).toBe(true);
        const repository = new SqlProductRepository(opened.db);
        const page = await repository.listProducts(query());
        expect(page.total).toBeGreaterThan(0);
        expect(page.products.length).toBe(Math.min(PAGE_SIZE, page.total));
        // The seed set the identity sequence past its explicit ids.
        await opened.db.query(
          "insert into public.products (name, description, category, price, image) values ('n', 'd', 'tools', 1, '/x.svg')",
        );
      } finally {
        await opened.close();
      }
    },
    OPEN_TIMEOUT,
  );
});

describe("opening a PostgreSQL server's database", () => {
  it(
    "prepares it once when two processes start together, and finds it current afterwards",
    async () => {
      const database = await newPostgresDatabase();
      const options = { url: database.url, poolSize: 2, statementTimeoutMs: 10_000, supabaseDir: SUPABASE_DIR };
      try {
        const both = await Promise.all([openPostgres(options), openPostgres(options)]);
        try {
          const migrations = (await readdir(path.join(SUPABASE_DIR, "migrations"))).filter((f) => f.endsWith(".sql"));
          // The advisory lock makes the second wait, then find everything done.
          expect(both.map((opened) => opened.appliedMigrations).sort()).toEqual([[], migrations.sort()]);
          expect(both.map((opened) => opened.seeded).sort()).toEqual([false, true]);
          const seededTotal = (await new SqlProductRepository(both[0].db).listProducts(query())).total;
          expect(seededTotal).toBeGreaterThan(0);
          const recorded = await both[1].db.query("select version from supabase_migrations.schema_migrations");
          expect(recorded.rows).toHaveLength(migrations.length);
        } finally {
          await Promise.all(both.map((opened) => opened.close()));
        }
        const again = await openPostgres(options);
        expect(again.appliedMigrations).toEqual([]);
        expect(again.seeded).toBe(false);
        await again.close();
      } finally {
        await database.drop();
      }
    },
    OPEN_TIMEOUT,
  );

  it("a server nobody answers on stops the start with a StartupError that does not repeat the password", async () => {
    const failure = await openPostgres({
      url: "postgres://shop:hunter2-secret@127.0.0.1:9/makervolt",
      poolSize: 1,
      statementTimeoutMs: 1000,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).toBe("StartupError");
    expect((failure as Error).message).toMatch(/PostgreSQL server at postgres:\/\/shop:…@127\.0\.0\.1:9\/makervolt/);
    expect((failure as Error).message).not.toContain("hunter2");
  });
});

describe("failures", () => {
  /** A database whose every transaction fails with `error`: the classification needs no real failure. */
  const failingWith = (error: Error) =>
    new SqlProductRepository({ transaction: () => Promise.reject(error) } as unknown as SqlClient);

  it.each([
    ["PGlite itself (closed, out of memory): no SQLSTATE", new Error("PGlite is closed")],
    ["insufficient resources (53xxx)", Object.assign(new Error("out of memory"), { code: "53200" })],
    ["operator intervention (57xxx)", Object.assign(new Error("canceling statement"), { code: "57014" })],
    [
      "a PostgreSQL server that refuses the connection (a Node error code, not a SQLSTATE)",
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    ],
    ["a pool that timed out waiting for a connection", new Error("timeout exceeded when trying to connect")],
  ])("%s: unavailable", async (_name, error) => {
    const failure = await failingWith(error)
      .getProduct(1)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BackendError);
    expect((failure as BackendError).kind).toBe("unavailable");
  });

  it("a query PostgreSQL refuses is a failure (a bug), its words kept for the log only", async () => {
    const refused = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });
    const failure = await failingWith(refused)
      .listProducts(query())
      .catch((e: unknown) => e);
    expect((failure as BackendError).kind).toBe("failed");
    expect((failure as BackendError).serviceError?.code).toBe("22021");
  });
});
