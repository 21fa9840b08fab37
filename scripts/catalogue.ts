/**
 * The catalogue as a file, for the shop's owner (docs/catalogue.md#import-and-export):
 *
 *   npm run catalogue -- export [--format json|csv] [--out FILE]
 *   npm run catalogue -- import FILE [--dry-run]
 *   npm run catalogue -- withdraw ID... | relist ID...
 *
 * On the embedded database (DATA_DIR) while the shop runs, the command asks the running server,
 * the only process that may open DATA_DIR, which then shows the change from its next request
 * (ADR 028); with no server running it opens DATA_DIR itself. On a PostgreSQL server
 * (DATABASE_URL) it writes there directly, and every process shows the change within the cache
 * lifetime of the pages (a minute). Hosted Supabase: the table editor or `supabase db`.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

import {
  type CatalogueFormat,
  type CatalogueRecord,
  describeProblem,
  formatOfFile,
} from "~/backends/catalogue-file/catalogue-record.server";
import { writeCatalogueFile } from "~/backends/catalogue-file/write-catalogue-file.server";
import { configuredDatabase } from "~/backends/index.server";
import {
  type CatalogueImportResult,
  type ChangedProduct,
  exportCatalogue,
  importCatalogueFile,
  setWithdrawn,
  type WithdrawResult,
} from "~/backends/sql/catalogue.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";

import { type CommandLine, fail, parseCommandLine, withSqlDatabase } from "./operator/command-line";

const USAGE = `Usage:
  npm run catalogue -- export [--format json|csv] [--out FILE]
  npm run catalogue -- import FILE [--dry-run]
  npm run catalogue -- withdraw ID...
  npm run catalogue -- relist ID...

The catalogue of the embedded database (DATA_DIR) or of DATABASE_URL (docs/catalogue.md#import-and-export).

  export     every product, withdrawn ones too, as JSON (standard output without --out) or CSV
  import     upserts FILE (.json or .csv) by id, all or nothing, listing each product added or changed
  --dry-run  checks FILE and lists what an import would do; changes nothing
  withdraw   takes products off sale: gone from the catalogue, search and sitemap, their pages 410 Gone
  relist     puts withdrawn products back on sale
  --help     this text`;

/** How much of a value a change's line shows, and of the same text before its first difference. */
const SHOWN = 60;
const CONTEXT = 20;

/**
 * A change's two values as its line shows them, on one line each: whole when short, otherwise cut
 * to where they first differ, so a long description's change is seen, not just its start.
 */
function shortened(before: unknown, after: unknown): [string, string] {
  const [a, b] = [JSON.stringify(before) ?? "null", JSON.stringify(after) ?? "null"];
  if (a.length <= SHOWN && b.length <= SHOWN) return [a, b];
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  const start = Math.max(0, same - CONTEXT);
  const cut = (text: string) =>
    `${start > 0 ? "…" : ""}${text.slice(start, start + SHOWN)}${text.length > start + SHOWN ? "…" : ""}`;
  return [cut(a), cut(b)];
}

function listChanges(summary: { addedProducts: { id: number; name: string }[]; changedProducts: ChangedProduct[] }) {
  for (const { id, name } of summary.addedProducts) console.log(`+ ${id} ${name}: added`);
  for (const { id, name, fields } of summary.changedProducts) {
    console.log(`~ ${id} ${name}:`);
    for (const { field, before, after } of fields)
      console.log(`    ${field}: ${shortened(before, after).join(" -> ")}`);
  }
}

const PUBLIC_DIR = path.resolve("public");

async function exportCommand(line: CommandLine) {
  const out = line.options.get("out");
  const asked = line.options.get("format");
  if (asked !== undefined && asked !== "json" && asked !== "csv") fail(`--format must be json or csv, not "${asked}".`);
  const format: CatalogueFormat = (asked as CatalogueFormat | undefined) ?? (out ? formatOfFile(out) : null) ?? "json";

  const records = await withSqlDatabase(
    { command: "catalogue-export" },
    (reply) => reply.records as CatalogueRecord[],
    (db: SqlClient) => exportCatalogue(db),
  );
  const text = writeCatalogueFile(records, format);
  if (!out) return void process.stdout.write(text);
  await writeFile(out, text);
  console.error(`Exported ${records.length} products to ${out} (${format}).`);
}

async function importCommand(line: CommandLine) {
  const file = line.positional[0];
  if (!file || line.positional.length > 1) fail(USAGE);
  const format = formatOfFile(file);
  if (!format) fail(`${file}: name the file .json or .csv, so its format is clear.`);
  const dryRun = line.flags.has("dry-run");
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    fail(`${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }

  const { result, where } = await withSqlDatabase(
    { command: "catalogue-import", format, text, dryRun },
    (reply) => ({ result: reply as unknown as CatalogueImportResult, where: "the running shop" }),
    async (db: SqlClient) => ({
      result: await importCatalogueFile(db, text, format, { dryRun, publicDir: PUBLIC_DIR }),
      where: "the database",
    }),
  );
  if (result.problems) {
    for (const problem of result.problems) console.error(describeProblem(problem));
    fail(`Nothing was imported: ${file} has ${result.problems.length} problem(s), listed above.`, 1);
  }
  const { products, added, changed, unchanged } = result.summary;
  listChanges(result.summary);
  if (dryRun) {
    console.log(
      `Dry run: ${file} (${products} products) would add ${added}, change ${changed} and leave ${unchanged} as they are. Nothing was changed.`,
    );
  } else {
    console.log(
      `Imported ${file} into ${where}: ${added} added, ${changed} changed, ${unchanged} already as in the file.`,
    );
  }
}

async function withdrawCommand(line: CommandLine, withdrawn: boolean) {
  const ids = line.positional.map(Number);
  if (ids.length === 0 || !ids.every((id) => Number.isSafeInteger(id) && id > 0)) fail(USAGE);
  const result = await withSqlDatabase(
    { command: "catalogue-withdraw", ids, withdrawn },
    (reply) => reply as unknown as WithdrawResult,
    (db: SqlClient) => setWithdrawn(db, ids, withdrawn),
  );
  if (result.unknown.length > 0) fail(`No product has the id ${result.unknown.join(", ")}: nothing was changed.`, 1);
  const [done, already] = withdrawn ? ["Withdrew", "already withdrawn"] : ["Relisted", "already on sale"];
  for (const { id, name } of result.changed) console.log(`${done} ${id} ${name}.`);
  for (const { id, name } of result.already) console.log(`${id} ${name} was ${already}.`);
}

async function main() {
  const line = parseCommandLine(process.argv.slice(2), { valued: ["format", "out"], flags: ["dry-run"], usage: USAGE });
  if (configuredDatabase() === "supabase")
    fail(
      "The catalogue of a hosted Supabase project is edited in its table editor or with `supabase db` " +
        "(docs/catalogue.md#hosted-supabase): there a product is withdrawn by setting its withdrawn column to true. " +
        "This command works on the embedded database and on DATABASE_URL.",
    );
  const [command, ...rest] = line.positional;
  line.positional = rest;
  if (command === "export" && rest.length === 0) return exportCommand(line);
  if (command === "import") return importCommand(line);
  if (command === "withdraw") return withdrawCommand(line, true);
  if (command === "relist") return withdrawCommand(line, false);
  fail(USAGE);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
