import { CsvError, type Info, parse as parseCsv } from "csv-parse/sync";

import {
  catalogueColumns,
  type Column,
  COLUMN_LIST,
  type Columns,
  GENERATED_COLUMNS,
  imageProblem,
  isColumn,
  REQUIRED_COLUMNS,
} from "./catalogue-columns.server";
import {
  CATALOGUE_COLUMNS,
  type CatalogueFormat,
  type CatalogueRead,
  type CatalogueRecord,
} from "./catalogue-record.server";
import { ProblemList } from "./problem-list.server";
import { unescapedCell } from "./spreadsheet-cells.server";
import { described } from "./text-problem.server";

/** What every row of one file is checked with. */
interface Reading {
  format: CatalogueFormat;
  columns: Columns;
  problems: ProblemList;
  /** Each id seen so far, and the row it was first on. */
  rowOfId: Map<number, number>;
  /** CSV: the header has reported the missing columns, so the rows do not repeat it. */
  missingReported: boolean;
}

/** Every record of a file, or every problem by row and column (docs/catalogue.md#the-checks); never throws on bad input. */
export function readCatalogueFile(
  text: string,
  format: CatalogueFormat,
  options: { publicDir: string },
): CatalogueRead {
  const reading: Reading = {
    format,
    columns: catalogueColumns(options.publicDir),
    problems: new ProblemList(),
    rowOfId: new Map(),
    missingReported: false,
  };
  // Editors on Windows save UTF-8 with a byte order mark, which JSON.parse refuses.
  const records = format === "json" ? readJson(text.replace(/^\uFEFF/, ""), reading) : readCsv(text, reading);
  return { records, problems: reading.problems.all() };
}

/** One product's raw values by column name (JSON: the object; CSV: the cells by header): its record, or null with its problems reported. */
function readRow(raw: Record<string, unknown>, row: number, reading: Reading): CatalogueRecord | null {
  const { format, columns, problems } = reading;
  const value = (column: string) => (Object.hasOwn(raw, column) ? raw[column] : undefined);
  const isEmpty = (given: unknown) => given === null || (format === "csv" && given === "");

  const idValue = value("id");
  const idChecked = idValue === undefined || isEmpty(idValue) ? undefined : columns.id.check(idValue, format);
  const id = idChecked && "value" in idChecked ? (idChecked.value ?? undefined) : undefined;

  let failed = false;
  const report = (field: string, message: string) => {
    failed = true;
    problems.add(id === undefined ? { row, field, message } : { row, id, field, message });
  };

  for (const key of Object.keys(raw)) {
    if (!isColumn(key) && !GENERATED_COLUMNS.has(key)) {
      report(key, `is not a column of the products table (the columns are ${COLUMN_LIST})`);
    }
  }

  const record: Record<string, unknown> = {};
  for (const name of CATALOGUE_COLUMNS) {
    const column = columns[name] as Column<unknown>;
    const given = value(name);
    if (given === undefined || isEmpty(given)) {
      if (column.empty) record[name] = column.empty();
      else if (given !== undefined) report(name, format === "csv" ? "must not be empty" : "must not be null");
      else if (reading.missingReported) failed = true;
      else report(name, "is missing");
      continue;
    }
    const checked = name === "id" ? idChecked! : column.check(given, format);
    if ("problems" in checked) checked.problems.forEach((message) => report(name, message));
    else record[name] = checked.value;
  }

  const image = imageProblem(record.image, record.images as string[] | undefined);
  if (image) report("image", image);

  if (id !== undefined) {
    const first = reading.rowOfId.get(id);
    if (first === undefined) reading.rowOfId.set(id, row);
    else report("id", `${id} is already on row ${first}: each id may appear once`);
  }

  return failed ? null : (record as unknown as CatalogueRecord);
}

/** Where a JSON.parse error is, as a line and column, when its message gives the position. */
function jsonErrorMessage(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message);
  if (!position || /line \d+/.test(message)) return message;
  const before = text.slice(0, Number(position[1]));
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return `${message} (line ${line}, column ${column})`;
}

function readJson(text: string, reading: Reading): CatalogueRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    reading.problems.add({
      row: 0,
      field: "",
      message: `The file is not valid JSON: ${jsonErrorMessage(error, text)}`,
    });
    return [];
  }
  if (!Array.isArray(parsed)) {
    reading.problems.add({
      row: 0,
      field: "",
      message: `The file must be a JSON list of products ([{"id": 1, "name": …}, …]), not ${described(parsed)}.`,
    });
    return [];
  }
  const records: CatalogueRecord[] = [];
  parsed.forEach((product: unknown, i) => {
    const row = i + 1;
    if (typeof product !== "object" || product === null || Array.isArray(product)) {
      reading.problems.add({
        row,
        field: "",
        message: `must be an object with the product's columns, not ${described(product)}`,
      });
      return;
    }
    const record = readRow(product as Record<string, unknown>, row, reading);
    if (record) records.push(record);
  });
  return records;
}

/** csv-parse's errors, said for someone with a spreadsheet. */
function csvErrorMessage(error: CsvError): string {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `a cell opens a quote (") that is never closed`;
    case "INVALID_OPENING_QUOTE":
      return `a cell has a quote (") inside it but does not start with one: quote the whole cell and double the " inside it`;
    case "CSV_INVALID_CLOSING_QUOTE":
      return `a quoted cell has more text after its closing quote ("): double a " inside a quoted cell`;
    default:
      return `cannot be read as CSV: ${error.message}`;
  }
}

/** Each record with its spreadsheet row (the header is row 1): a quoted cell may span lines, so not the line it starts on. */
function parseRows(text: string, problems: ProblemList): { cells: string[]; row: number }[] | null {
  try {
    // `info` changes what each record is, which the sync API's types do not follow.
    const parsed = parseCsv(text, { bom: true, relax_column_count: true, info: true }) as unknown as {
      record: string[];
      info: Info & { records: number };
    }[];
    return parsed.map(({ record, info }) => ({ cells: record, row: info.records }));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // error.records: the records read whole before the one that broke.
    problems.add({ row: Number(error.records ?? 0) + 1, field: "", message: csvErrorMessage(error) });
    return null;
  }
}

/** The header's columns by cell position (null: a cell not read: generated, unknown or repeated); problems go on row 1. */
function readHeader(header: string[], reading: Reading): (keyof CatalogueRecord | null)[] {
  const report = (field: string, message: string) => reading.problems.add({ row: 1, field, message });
  if (header.length === 1 && header[0]!.includes(";")) {
    report("", "has one column only, with ; in it: save the file with commas (,) between cells");
  }
  const seen = new Set<string>();
  const names = header.map((name, i) => {
    if (GENERATED_COLUMNS.has(name)) return null;
    if (name === "") report("", `column ${i + 1} has no name`);
    else if (!isColumn(name)) report(name, `is not a column of the products table (the columns are ${COLUMN_LIST})`);
    else if (seen.has(name)) report(name, "appears twice in the header");
    else {
      seen.add(name);
      return name;
    }
    return null;
  });
  for (const column of REQUIRED_COLUMNS) {
    if (!seen.has(column)) report(column, "is missing from the header (every product needs it)");
  }
  return names;
}

function readCsv(text: string, reading: Reading): CatalogueRecord[] {
  const rows = parseRows(text, reading.problems);
  if (!rows) return [];
  const [header, ...products] = rows;
  if (!header) {
    reading.problems.add({ row: 0, field: "", message: `The file is empty: it needs a header row (${COLUMN_LIST}).` });
    return [];
  }
  const names = readHeader(header.cells, reading);
  reading.missingReported = true;
  const records: CatalogueRecord[] = [];
  for (const { cells, row } of products) {
    // A spreadsheet's blank rows (at the end, usually) hold nothing to import.
    if (cells.every((cell) => cell === "")) continue;
    if (cells.length !== names.length) {
      reading.problems.add({
        row,
        field: "",
        message: `has ${cells.length} cell(s), the header ${names.length}: is a comma missing, or a cell with a comma not quoted?`,
      });
      continue;
    }
    const raw: Record<string, unknown> = {};
    names.forEach((name, i) => {
      if (name) raw[name] = unescapedCell(cells[i]!);
    });
    const record = readRow(raw, row, reading);
    if (record) records.push(record);
  }
  return records;
}
