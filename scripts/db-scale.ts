/**
 * Fills the database with generated products until the catalogue holds N, for benchmarks and
 * EXPLAIN (docs/budgets.md): the embedded one in DATA_DIR, or the PostgreSQL server at
 * DATABASE_URL when that is set. Migrates and seeds it first if needed.
 *
 * Usage: DATA_DIR=/tmp/mv-scale npm run db:scale -- 10000
 *        DATABASE_URL=postgres://... npm run db:scale -- 10000
 *
 * The products are plausible rather than real: every category in turn, prices from $1 to
 * $250 (some above $100), some on sale, some out of stock, ratings and review counts, and
 * images reused from the seed. A fixed random seed makes every run generate the same rows.
 */
import { configuredDataDir, MEMORY_DATA_DIR, openDatabase } from "~/backends/embedded/database.server";
import { openPostgres, redactedUrl } from "~/backends/postgres/database.server";
import { rowCounts } from "~/backends/sql/row-counts.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";
import { getConfig } from "~/config.server";
import { createOwnerOnlyFiles } from "~/lib/owner-only-files.server";
import { CATEGORIES, type CategorySlug } from "~/models/catalogue/categories";

import { seededRandom } from "./bench/cold-urls";
import WORDS from "./db-scale-words.json";
import { answerHelp } from "./operator/command-line";

const BATCH_SIZE = 500;

/** What a generated product is made of, by category; the same words every run, as the benchmarks' searches expect. */
const PARTS: Record<CategorySlug, { nouns: string[]; features: string[]; specs: Record<string, string[]> }> =
  WORDS.parts;
const ADJECTIVES: readonly string[] = WORDS.adjectives;

const USAGE = `Usage: npm run db:scale -- N

Adds generated products until the catalogue holds N, for benchmarks: in the embedded database at
DATA_DIR, or at DATABASE_URL when that is set (docs/budgets.md). Stop the shop on DATA_DIR first.`;

function parseTarget(argv: string[]): number {
  answerHelp(argv, USAGE);
  const raw = argv.find((a) => a !== "--");
  const n = Number(raw);
  if (!raw || !Number.isSafeInteger(n) || n < 1) {
    console.error(USAGE);
    process.exit(2);
  }
  return n;
}

async function imagesByCategory(db: SqlClient): Promise<Map<string, string[][]>> {
  const { rows } = await db.query<{ category: string; images: string[] }>(
    "select category, images from public.products where cardinality(images) > 0 order by id",
  );
  const map = new Map<string, string[][]>();
  for (const { category, images } of rows) map.set(category, [...(map.get(category) ?? []), images]);
  return map;
}

async function main() {
  // Before DATA_DIR is created (docs/deploy.md#the-shops-files).
  createOwnerOnlyFiles();
  const target = parseTarget(process.argv.slice(2));
  const { postgres } = getConfig();
  const dataDir = configuredDataDir();
  if (!postgres && dataDir.startsWith(MEMORY_DATA_DIR)) {
    console.error(
      "db:scale fills a persisted database; DATA_DIR=memory:// would vanish on exit. Set DATA_DIR to a folder.",
    );
    process.exit(2);
  }

  const started = performance.now();
  // No statement time-out worth the name: vacuuming 100,000 rows takes longer than a page may.
  const opened = postgres
    ? await openPostgres({ ...postgres, poolSize: 1, statementTimeoutMs: 600_000 })
    : await openDatabase({ dataDir });
  const { db, close, appliedMigrations, seeded } = opened;
  if ("madePrivate" in opened && opened.madePrivate) console.error(opened.madePrivate);
  try {
    console.log(`Database at ${postgres ? redactedUrl(postgres.url) : dataDir}`);
    if (appliedMigrations.length) console.log(`  applied migrations: ${appliedMigrations.join(", ")}`);
    if (seeded) console.log("  seeded from supabase/seed.sql");

    const count = async () => (await rowCounts(db)).products;
    const before = await count();
    if (before >= target) {
      console.log(`The catalogue already holds ${before} products (asked for ${target}); nothing to do.`);
      return;
    }

    const images = await imagesByCategory(db);
    const anyImages = [...images.values()].flat();
    if (anyImages.length === 0) console.warn("  no seeded images to reuse; generated products show /favicon.svg");
    const next = seededRandom(20250101 + before);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

    let inserted = 0;
    let batches = 0;
    while (before + inserted < target) {
      const size = Math.min(BATCH_SIZE, target - before - inserted);
      const rows = Array.from({ length: size }, (_, i) => {
        const n = before + inserted + i + 1;
        const category = CATEGORIES[n % CATEGORIES.length]!.slug;
        const part = PARTS[category];
        const noun = pick(part.nouns);
        // About three in four under $100, with a long tail up to $250.
        const price = Math.round((1 + 249 * next() ** 3) * 100) / 100;
        const onSale = next() < 0.15;
        const inStock = next() >= 0.1;
        const features = [...part.features].sort(() => next() - 0.5).slice(0, 3 + Math.floor(next() * 4));
        const specifications = Object.fromEntries(Object.entries(part.specs).map(([k, values]) => [k, pick(values)]));
        const productImages = pick(images.get(category) ?? (anyImages.length ? anyImages : [["/favicon.svg"]]));
        return {
          name: `${pick(ADJECTIVES)} ${noun} ${String.fromCharCode(65 + (n % 26))}${100 + (n % 900)}`,
          description: `A ${noun.toLowerCase()} for makers: ${features.slice(0, 2).join(", ").toLowerCase()}. Generated product #${n} for load testing.`,
          category,
          price,
          original_price: onSale ? Math.round(price * (1.1 + next() * 0.4) * 100) / 100 : null,
          in_stock: inStock,
          stock_count: inStock ? 1 + Math.floor(next() * 250) : 0,
          rating: Math.round((2.5 + next() * 2.5) * 10) / 10,
          reviews: Math.floor(next() ** 2 * 2000),
          image: productImages[0]!,
          images: productImages,
          features,
          specifications,
        };
      });
      // One parameter per batch: the rows as JSON, expanded by Postgres.
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into public.products (name, description, category, price, original_price, in_stock,
             stock_count, rating, reviews, image, images, features, specifications)
           select name, description, category, price, original_price, in_stock,
             stock_count, rating, reviews, image, images, features, specifications
           from jsonb_to_recordset($1::jsonb) as r(name text, description text, category text,
             price numeric, original_price numeric, in_stock boolean, stock_count int, rating numeric,
             reviews int, image text, images text[], features text[], specifications jsonb)`,
          [JSON.stringify(rows)],
        );
      });
      inserted += size;
      batches++;
    }
    // PGlite runs no autovacuum, and a server's would come later: vacuum (visibility map, for
    // index-only counts) and analyze (statistics, for the planner) now, as a settled database would be.
    await db.exec("vacuum analyze public.products");
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Inserted ${inserted} generated products in ${batches} batches (${seconds} s).`);
    console.log(`The catalogue now holds ${await count()} products.`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
