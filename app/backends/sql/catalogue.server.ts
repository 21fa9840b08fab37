import {
  type CatalogueFormat,
  type CatalogueRecord,
  readCatalogueFile,
  type RowProblem,
} from "../catalogue-file.server";
import { PRODUCT_COLUMNS } from "../product-row.server";
import type { SqlClient, SqlQueries } from "./sql-client.server";

/**
 * The catalogue as a whole, read and written for `npm run catalogue` (docs/catalogue.md#import-and-export)
 * on the embedded database and on a PostgreSQL server alike. Rows are checked before they get here
 * (catalogue-file.server.ts, the same rules as the table's); the table's own constraints still
 * stand behind that, and any failure rolls the whole import back.
 */

/** Rows a statement carries, as one JSON parameter: fewer round trips, and no parameter limit. */
const BATCH_SIZE = 1_000;

/** The columns as jsonb_to_recordset reads them from a CatalogueRecord. */
const RECORD_COLUMNS = `id bigint, name text, description text, category text, price numeric,
  original_price numeric, in_stock boolean, stock_count integer, rating numeric, reviews integer,
  image text, images text[], features text[], specifications jsonb, created_at timestamptz`;

/** The columns an import writes, besides id and created_at. */
const WRITTEN = PRODUCT_COLUMNS.filter((column) => column !== "id");

/**
 * Every product, by id. Numbers come back as numbers; `created_at` as UTC text with microseconds,
 * the same on every backend and every time zone, so an export imports back to the same instant.
 */
export async function exportCatalogue(db: SqlQueries): Promise<CatalogueRecord[]> {
  const { rows } = await db.query<CatalogueRecord & { id: number | string }>(
    `select id, name, description, category, price::float8 as price, original_price::float8 as original_price,
       in_stock, stock_count, rating::float8 as rating, reviews, image, images, features, specifications,
       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
     from public.products order by id`,
  );
  // bigint comes back as text from node-postgres; ids are far below 2^53.
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export interface ImportSummary {
  /** Products in the file. */
  products: number;
  added: number;
  changed: number;
  /** Already exactly as the file says. */
  unchanged: number;
}

/** Thrown to roll a dry run back once it has counted. */
class DryRun extends Error {
  constructor(readonly summary: ImportSummary) {
    super("dry run");
  }
}

/**
 * Writes `records` into the catalogue in one transaction: a product whose id exists is updated
 * (upsert by id), one whose id does not is added with it, one without an id is added with the
 * next. Products the file leaves out are left as they are. With `dryRun` the same statements run
 * and are rolled back, so the summary and any refusal are exactly what the import would give.
 */
export async function importCatalogue(
  db: SqlClient,
  records: readonly CatalogueRecord[],
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<ImportSummary> {
  try {
    return await db.transaction(async (tx) => {
      let added = 0;
      let changed = 0;
      const withId = records.filter((record) => record.id !== null);
      for (let start = 0; start < withId.length; start += BATCH_SIZE) {
        const batch = JSON.stringify(withId.slice(start, start + BATCH_SIZE));
        changed += await updateChanged(tx, batch);
        added += await insertNew(tx, batch);
      }
      // Ids written by hand would otherwise be handed out again to products added later.
      await tx.query(
        `select setval(pg_get_serial_sequence('public.products', 'id'), greatest(max(id), 1)) from public.products`,
      );
      const withoutId = records.filter((record) => record.id === null);
      for (let start = 0; start < withoutId.length; start += BATCH_SIZE) {
        added += await insertNew(tx, JSON.stringify(withoutId.slice(start, start + BATCH_SIZE)));
      }
      const summary = { products: records.length, added, changed, unchanged: records.length - added - changed };
      if (dryRun) throw new DryRun(summary);
      return summary;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.summary;
    throw error;
  }
}

/** Updates the batch's products that exist and differ; resolves to how many. */
async function updateChanged(tx: SqlQueries, batch: string): Promise<number> {
  const { rows } = await tx.query<{ id: unknown }>(
    `update public.products p
     set ${WRITTEN.map((column) => `${column} = r.${column}`).join(", ")},
       created_at = coalesce(r.created_at, p.created_at)
     from jsonb_to_recordset($1::jsonb) as r(${RECORD_COLUMNS})
     where p.id = r.id
       and (${WRITTEN.map((column) => `p.${column}`).join(", ")}, p.created_at)
         is distinct from
         (${WRITTEN.map((column) => `r.${column}`).join(", ")}, coalesce(r.created_at, p.created_at))
     returning p.id`,
    [batch],
  );
  return rows.length;
}

/** Inserts the batch's products that do not exist yet (with their id, or the next one); resolves to how many. */
async function insertNew(tx: SqlQueries, batch: string): Promise<number> {
  const { rows } = await tx.query<{ id: unknown }>(
    `insert into public.products (id, ${WRITTEN.join(", ")}, created_at)
     select coalesce(r.id, nextval(pg_get_serial_sequence('public.products', 'id'))),
       ${WRITTEN.map((column) => `r.${column}`).join(", ")}, coalesce(r.created_at, now())
     from jsonb_to_recordset($1::jsonb) as r(${RECORD_COLUMNS})
     where r.id is null or not exists (select 1 from public.products p where p.id = r.id)
     returning id`,
    [batch],
  );
  return rows.length;
}

export type CatalogueImportResult =
  { summary: ImportSummary; problems?: undefined } | { summary?: undefined; problems: RowProblem[] };

/**
 * Reads a catalogue file and, if every row is right, imports it; otherwise changes nothing and
 * resolves to every row's problems. The one way an import runs, from the command or inside the
 * running server (ADR 028).
 */
export async function importCatalogueFile(
  db: SqlClient,
  text: string,
  format: CatalogueFormat,
  options: { dryRun: boolean; publicDir: string },
): Promise<CatalogueImportResult> {
  const { records, problems } = readCatalogueFile(text, format, { publicDir: options.publicDir });
  if (problems.length > 0) return { problems };
  return { summary: await importCatalogue(db, records, { dryRun: options.dryRun }) };
}
