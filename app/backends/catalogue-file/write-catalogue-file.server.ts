import { stringify as stringifyCsv } from "csv-stringify/sync";

import { CATALOGUE_COLUMNS, type CatalogueFormat, type CatalogueRecord } from "./catalogue-record.server";
import { escapedCell } from "./spreadsheet-cells.server";

function inColumnOrder(record: CatalogueRecord): Record<string, unknown> {
  return Object.fromEntries(CATALOGUE_COLUMNS.map((column) => [column, record[column]]));
}

/** A value as its CSV cell: empty for null, JSON text for lists and objects, text escaped from spreadsheets. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "string") return escapedCell(value);
  return String(value);
}

/** The file readCatalogueFile reads back to the same records; writing what was read gives the same text. */
export function writeCatalogueFile(records: readonly CatalogueRecord[], format: CatalogueFormat): string {
  if (format === "json") return `${JSON.stringify(records.map(inColumnOrder), null, 2)}\n`;
  const rows = records.map((record) => CATALOGUE_COLUMNS.map((column) => cellText(record[column])));
  // Giving record_delimiter turns quote_record_delimiter off, and a description's unquoted \r would read back as a new row.
  return stringifyCsv([[...CATALOGUE_COLUMNS], ...rows], { record_delimiter: "\n", quote_record_delimiter: true });
}
