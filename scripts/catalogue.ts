/**
 * The catalogue as a file, for the shop's owner (docs/catalogue.md#import-and-export):
 *
 *   npm run catalogue -- export [--format json|csv] [--out FILE]
 *   npm run catalogue -- import FILE [--dry-run]
 *
 * On the embedded database (DATA_DIR) while the shop runs, the command asks the running server,
 * the only process that may open DATA_DIR, which then shows the change from its next request
 * (ADR 028); with no server running it opens DATA_DIR itself. On a PostgreSQL server
 * (DATABASE_URL) it writes there directly, and every process shows the change within the cache
 * lifetime of the pages (a minute). Hosted Supabase: the table editor or `supabase db`.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

import { configuredDatabase } from "~/backends/index.server";
import {
  type CatalogueFormat,
  type CatalogueRecord,
  describeProblem,
  formatOfFile,
  writeCatalogueFile,
} from "~/backends/catalogue-file.server";
import { exportCatalogue, type CatalogueImportResult, importCatalogueFile } from "~/backends/sql/catalogue.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";

import { type CommandLine, fail, parseCommandLine, withSqlDatabase } from "./operator/command-line";

const USAGE = `Usage:
  npm run catalogue -- export [--format json|csv] [--out FILE]
  npm run catalogue -- import FILE [--dry-run]`;

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

async function main() {
  const line = parseCommandLine(process.argv.slice(2), { valued: ["format", "out"], flags: ["dry-run"] });
  if (configuredDatabase() === "supabase")
    fail(
      "The catalogue of a hosted Supabase project is edited in its table editor or with `supabase db` " +
        "(docs/catalogue.md#hosted-supabase); this command works on the embedded database and on DATABASE_URL.",
    );
  const [command, ...rest] = line.positional;
  line.positional = rest;
  if (command === "export" && rest.length === 0) return exportCommand(line);
  if (command === "import") return importCommand(line);
  fail(USAGE);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
