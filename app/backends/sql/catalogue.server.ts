import type { CatalogueFormat, CatalogueRecord, RowProblem } from "~/backends/catalogue-file/catalogue-record.server";
import { readCatalogueFile } from "~/backends/catalogue-file/read-catalogue-file.server";
import { PRODUCT_COLUMNS } from "~/backends/product-row.server";

import type { SqlClient, SqlQueries } from "./sql-client.server";

/** The catalogue read and written whole, for `npm run catalogue` (docs/catalogue.md#import-and-export). */

/** Rows a statement carries, as one JSON parameter: fewer round trips, and no parameter limit. */
const BATCH_SIZE = 1_000;

const RECORD_COLUMNS = `id bigint, name text, description text, category text, price numeric,
  original_price numeric, in_stock boolean, stock_count integer, rating numeric, reviews integer,
  image text, images text[], features text[], specifications jsonb, created_at timestamptz, withdrawn boolean`;

/** What an import writes and compares; created_at is kept from the file but never a change (docs/catalogue.md). */
const WRITTEN = [...PRODUCT_COLUMNS.filter((column) => column !== "id"), "withdrawn"] as const;

/** A column's value as the export writes it (numeric as a number), for "before" in a change. */
const AS_EXPORTED: Partial<Record<(typeof WRITTEN)[number], string>> = {
  price: "p.price::float8",
  original_price: "p.original_price::float8",
  rating: "p.rating::float8",
};

/** Every product, by id; `created_at` as UTC text with microseconds, so an export imports back to the same instant. */
export async function exportCatalogue(db: SqlQueries): Promise<CatalogueRecord[]> {
  const { rows } = await db.query<CatalogueRecord & { id: number | string }>(
    `select id, name, description, category, price::float8 as price, original_price::float8 as original_price,
       in_stock, stock_count, rating::float8 as rating, reviews, image, images, features, specifications,
       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, withdrawn
     from public.products order by id`,
  );
  // bigint comes back as text from node-postgres; ids are far below 2^53.
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export interface AddedProduct {
  id: number;
  name: string;
}

/** A product an import changes, and how: each column that differs, as it was and as the file has it. */
export interface ChangedProduct {
  id: number;
  name: string;
  fields: { field: string; before: unknown; after: unknown }[];
}

export interface ImportSummary {
  /** Products in the file. */
  products: number;
  added: number;
  changed: number;
  unchanged: number;
  /** By id, so an owner can review what an import does (or did). */
  addedProducts: AddedProduct[];
  changedProducts: ChangedProduct[];
}

/** Thrown to roll a dry run back once it has counted. */
class DryRun extends Error {
  constructor(readonly summary: ImportSummary) {
    super("dry run");
  }
}

/** Upserts `records` by id in one transaction; a dry run runs the same statements and rolls them back. */
export async function importCatalogue(
  db: SqlClient,
  records: readonly CatalogueRecord[],
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<ImportSummary> {
  try {
    return await db.transaction(async (tx) => {
      const addedProducts: AddedProduct[] = [];
      const changedProducts: ChangedProduct[] = [];
      const withId = records.filter((record) => record.id !== null);
      for (let start = 0; start < withId.length; start += BATCH_SIZE) {
        const slice = withId.slice(start, start + BATCH_SIZE);
        const batch = JSON.stringify(slice);
        changedProducts.push(...(await updateChanged(tx, batch, slice)));
        addedProducts.push(...(await insertNew(tx, batch)));
      }
      // Ids written by hand would otherwise be handed out again to products added later.
      await tx.query(
        `select setval(pg_get_serial_sequence('public.products', 'id'), greatest(max(id), 1)) from public.products`,
      );
      const withoutId = records.filter((record) => record.id === null);
      for (let start = 0; start < withoutId.length; start += BATCH_SIZE) {
        addedProducts.push(...(await insertNew(tx, JSON.stringify(withoutId.slice(start, start + BATCH_SIZE)))));
      }
      const [added, changed] = [addedProducts.length, changedProducts.length];
      const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
      const summary: ImportSummary = {
        products: records.length,
        added,
        changed,
        unchanged: records.length - added - changed,
        addedProducts: addedProducts.sort(byId),
        changedProducts: changedProducts.sort(byId),
      };
      if (dryRun) throw new DryRun(summary);
      return summary;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.summary;
    throw error;
  }
}

/** Updates the batch's products that differ; the database compares (5.9 is 5.90), so what is listed is written. */
async function updateChanged(tx: SqlQueries, batch: string, records: CatalogueRecord[]): Promise<ChangedProduct[]> {
  const { rows } = await tx.query<{ id: number | string; fields: string[]; before: Record<string, unknown> }>(
    `with r as (select * from jsonb_to_recordset($1::jsonb) as r(${RECORD_COLUMNS})),
       diff as (
         select p.id,
           array_remove(array[${WRITTEN.map((c) => `case when p.${c} is distinct from r.${c} then '${c}' end`).join(", ")}], null) as fields,
           jsonb_build_object(${WRITTEN.map((c) => `'${c}', ${AS_EXPORTED[c] ?? `p.${c}`}`).join(", ")}) as before
         from public.products p join r on p.id = r.id)
     update public.products p
     set ${WRITTEN.map((column) => `${column} = r.${column}`).join(", ")},
       created_at = coalesce(r.created_at, p.created_at)
     from r join diff on diff.id = r.id
     where p.id = r.id
       and (cardinality(diff.fields) > 0 or p.created_at is distinct from coalesce(r.created_at, p.created_at))
     returning p.id, diff.fields, diff.before`,
    [batch],
  );
  const recordOf = new Map(records.map((record) => [record.id, record]));
  return rows
    .filter((row) => row.fields.length > 0)
    .map((row) => {
      const record = recordOf.get(Number(row.id))!;
      return {
        id: Number(row.id),
        name: record.name,
        fields: row.fields.map((field) => ({
          field,
          before: row.before[field],
          after: record[field as keyof CatalogueRecord],
        })),
      };
    });
}

/** Inserts the batch's products that do not exist yet (with their id, or the next one); resolves to each. */
async function insertNew(tx: SqlQueries, batch: string): Promise<AddedProduct[]> {
  const { rows } = await tx.query<{ id: number | string; name: string }>(
    `insert into public.products (id, ${WRITTEN.join(", ")}, created_at)
     select coalesce(r.id, nextval(pg_get_serial_sequence('public.products', 'id'))),
       ${WRITTEN.map((column) => `r.${column}`).join(", ")}, coalesce(r.created_at, now())
     from jsonb_to_recordset($1::jsonb) as r(${RECORD_COLUMNS})
     where r.id is null or not exists (select 1 from public.products p where p.id = r.id)
     returning id, name`,
    [batch],
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

export type CatalogueImportResult =
  { summary: ImportSummary; problems?: undefined } | { summary?: undefined; problems: RowProblem[] };

/** Imports a catalogue file if every row is right, else resolves to its problems: the one way to import (ADR 028). */
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

/** What withdraw or relist did, by product; nothing when any id is unknown. */
export interface WithdrawResult {
  /** Ids no product has: nothing was changed. */
  unknown: number[];
  /** Now withdrawn (or relisted). */
  changed: AddedProduct[];
  /** Already so. */
  already: AddedProduct[];
}

/** Withdraws `ids` from sale, or relists them: all or none (docs/catalogue.md#withdrawing-a-product). */
export async function setWithdrawn(db: SqlClient, ids: readonly number[], withdrawn: boolean): Promise<WithdrawResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number | string; name: string; withdrawn: boolean }>(
      "select id, name, withdrawn from public.products where id = any($1::bigint[]) order by id for update",
      [ids],
    );
    const found = new Set(rows.map((row) => Number(row.id)));
    const unknown = [...new Set(ids)].filter((id) => !found.has(id)).sort((a, b) => a - b);
    if (unknown.length > 0) return { unknown, changed: [], already: [] };
    await tx.query("update public.products set withdrawn = $2 where id = any($1::bigint[]) and withdrawn <> $2", [
      ids,
      withdrawn,
    ]);
    const product = (row: { id: number | string; name: string }) => ({ id: Number(row.id), name: row.name });
    return {
      unknown,
      changed: rows.filter((row) => row.withdrawn !== withdrawn).map(product),
      already: rows.filter((row) => row.withdrawn === withdrawn).map(product),
    };
  });
}
