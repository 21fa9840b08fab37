import { statSync } from "node:fs";
import path from "node:path";

import { CsvError, type Info, parse as parseCsv } from "csv-parse/sync";
import { stringify as stringifyCsv } from "csv-stringify/sync";

import { CATEGORIES, type CategorySlug, isCategorySlug } from "~/models/catalogue/categories";

import { PRODUCT_COLUMNS } from "./product-row.server";

/**
 * The catalogue as a file an owner edits (docs/catalogue.md#import-and-export): the products
 * table's own columns, in JSON or CSV. Every row is checked here against the table's rules (its
 * types and CHECK constraints) and against what the pages need (pictures the shop can serve), so an
 * import is refused with a list of every problem, by row and column, before anything is written;
 * the table's constraints behind it would only name the first bad row, in PostgreSQL's words.
 */

export type CatalogueFormat = "json" | "csv";

/** One product as the file holds it: the products table's own columns, snake_case, as an owner would see them in Supabase's table editor. */
export interface CatalogueRecord {
  /** null: a new product (the database gives it the next id). */
  id: number | null;
  name: string;
  description: string;
  category: CategorySlug;
  price: number;
  original_price: number | null;
  in_stock: boolean;
  stock_count: number;
  rating: number | null;
  reviews: number;
  image: string;
  images: string[];
  features: string[];
  specifications: Record<string, string>;
  /**
   * ISO 8601 text as PostgreSQL writes it (kept as text so microseconds survive); null: now, for a
   * new product. The database's own: an import never changes it for a product that exists.
   */
  created_at: string | null;
  /** No longer sold (docs/catalogue.md#withdrawing-a-product); absent or empty: on sale. */
  withdrawn: boolean;
}

/** The columns in file order (CSV header, JSON key order): those the pages read, when it was added, whether it is sold. */
export const CATALOGUE_COLUMNS: readonly (keyof CatalogueRecord)[] = [
  ...PRODUCT_COLUMNS,
  "created_at",
  "withdrawn",
] satisfies readonly (keyof CatalogueRecord)[];

export interface RowProblem {
  /** CSV: the spreadsheet row (the header is row 1, the first product row 2). JSON: the product's position in the array, from 1. */
  row: number;
  /** The row's id when it has a valid one, to help find it. */
  id?: number;
  /** The column, e.g. "price", or "" for a problem with the whole row/file. */
  field: string;
  message: string;
}

export interface CatalogueRead {
  records: CatalogueRecord[];
  problems: RowProblem[];
}

/** "json" for *.json, "csv" for *.csv (case-insensitive), else null. */
export function formatOfFile(fileName: string): CatalogueFormat | null {
  const extension = path.extname(fileName).toLowerCase();
  return extension === ".json" ? "json" : extension === ".csv" ? "csv" : null;
}

/** One line a problem, e.g. `row 3 (id 17), price: must be a number of at least 0 with at most 2 decimals` */
export function describeProblem(problem: RowProblem): string {
  const where = problem.row === 0 ? "" : `row ${problem.row}${problem.id === undefined ? "" : ` (id ${problem.id})`}`;
  const what = [where, problem.field].filter((part) => part !== "").join(", ");
  return what === "" ? problem.message : `${what}: ${problem.message}`;
}

// ---------------------------------------------------------------------------------------------
// The columns' rules

/** Columns a Supabase table-editor export adds: generated from the others, so never imported. */
const GENERATED_COLUMNS = new Set(["name_sort", "search_text"]);

/** PostgreSQL's integer. */
const INTEGER_MAX = 2_147_483_647;

/** numeric(10, 2) holds 8 digits before the point. */
const PRICE_LIMIT = 100_000_000;

const NAME_MAX = 300;
const DESCRIPTION_MAX = 10_000;
const FEATURE_MAX = 500;
const SPECIFICATION_KEY_MAX = 200;
const SPECIFICATION_VALUE_MAX = 500;

type Checked<T> = { value: T } | { problems: string[] };

const accept = <T>(value: T): Checked<T> => ({ value });
const refuse = (...problems: string[]): Checked<never> => ({ problems });

/** Checks one cell (CSV: its text) or one JSON value, never null or empty: the column's `empty` handles those. */
type Check<T> = (raw: unknown, format: CatalogueFormat) => Checked<T>;

interface Column<T> {
  check: Check<T>;
  /**
   * What an absent key, a JSON null or an empty CSV cell means; undefined: the column is required.
   * A function, so no two records share one array or object.
   */
  empty?: () => T;
}

/** How a value looks in a message: short (text up to `limit` characters), with control characters visible. */
function shown(raw: unknown, limit = 40): string {
  if (typeof raw === "string") {
    return raw.length > limit ? `${JSON.stringify(raw.slice(0, limit)).slice(0, -1)}…"` : JSON.stringify(raw);
  }
  if (raw === null) return "null";
  if (Array.isArray(raw)) return "a list";
  if (typeof raw === "object") return "an object";
  return String(raw);
}

/** What a JSON value is, for "must be X, not Y". */
function described(raw: unknown): string {
  if (typeof raw === "string") return `the text ${shown(raw)}`;
  if (typeof raw === "number") return `the number ${raw}`;
  return shown(raw);
}

/** Characters as a person counts them (code points), not UTF-16 units. */
function characterCount(text: string): number {
  return [...text].length;
}

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Why text cannot be stored as it is, or null. PostgreSQL refuses NUL in text and jsonb (and
 * `\ud800`-style halves of a character in jsonb, which is how an import carries the rows); other
 * control characters are invisible on the pages and almost always a paste accident. Only a
 * description may keep tabs and line breaks.
 */
function unstorableText(text: string, multiline: boolean): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20) continue;
    if (code === 0) return "must not contain a NUL character (\\u0000): PostgreSQL cannot store it";
    if (multiline && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    if (code === 0x09 || code === 0x0a || code === 0x0d) return "must be one line, without tabs or line breaks";
    return `must not contain the control character U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  }
  if (LONE_SURROGATE.test(text)) return "must not contain half of a character (a lone UTF-16 surrogate)";
  return null;
}

/** Text of at most `max` characters that is not only spaces. */
function textProblem(raw: unknown, max: number, multiline = false): string | null {
  if (typeof raw !== "string") return `must be text, not ${described(raw)}`;
  if (raw.trim() === "") return "must not be empty";
  const unstorable = unstorableText(raw, multiline);
  if (unstorable) return unstorable;
  // Counting code points walks the whole string; a string this short in UTF-16 units is within any limit.
  if (raw.length > max && characterCount(raw) > max) {
    return `must be at most ${max.toLocaleString("en-US")} characters (it has ${characterCount(raw).toLocaleString("en-US")})`;
  }
  return null;
}

function text(max: number, multiline = false): Check<string> {
  return (raw) => {
    const problem = textProblem(raw, max, multiline);
    return problem ? refuse(problem) : accept(raw as string);
  };
}

/**
 * A number's decimal text. In JSON it must be a JSON number (a quoted "5.95" is most likely a
 * mistake elsewhere too); in CSV a plain decimal, since "$5.95" or "1,000.00" read differently in
 * every locale and PostgreSQL would refuse them anyway.
 */
function numberText(raw: unknown, format: CatalogueFormat, example: string): Checked<string> {
  if (format === "csv") {
    const cell = (raw as string).trim();
    if (/^-?\d+(\.\d+)?$/.test(cell)) return accept(cell);
    return refuse(
      `must be a plain number like ${example} (no currency sign, no thousands separator), not ${shown(raw)}`,
    );
  }
  if (typeof raw === "number") return accept(String(raw));
  if (typeof raw === "string") {
    return refuse(`must be a JSON number, without quotes (${example}), not ${described(raw)}`);
  }
  return refuse(`must be a number, not ${described(raw)}`);
}

/** Digits after the point that matter: 5.950 has 2. Exponent forms (1e-7) count as too many. */
function decimalsOf(digits: string): number {
  if (/e/i.test(digits)) return Infinity;
  const point = digits.indexOf(".");
  return point === -1 ? 0 : digits.slice(point + 1).replace(/0+$/, "").length;
}

/** 0 rather than -0, which JSON can spell and a deep comparison would tell apart. */
const positiveZero = (value: number): number => value + 0;

function price(): Check<number> {
  const rule = "must be a number of at least 0 with at most 2 decimals";
  return (raw, format) => {
    const checked = numberText(raw, format, "5.95");
    if ("problems" in checked) return checked;
    const value = Number(checked.value);
    if (!(value >= 0) || decimalsOf(checked.value) > 2) return refuse(`${rule}, not ${checked.value}`);
    if (value >= PRICE_LIMIT) {
      return refuse(`must be below ${PRICE_LIMIT.toLocaleString("en-US")}, not ${checked.value}`);
    }
    return accept(positiveZero(value));
  };
}

function rating(): Check<number> {
  return (raw, format) => {
    const checked = numberText(raw, format, "4.5");
    if ("problems" in checked) return checked;
    const value = Number(checked.value);
    if (!(value >= 0 && value <= 5) || decimalsOf(checked.value) > 1) {
      return refuse(`must be a number from 0 to 5 with at most 1 decimal, not ${checked.value}`);
    }
    return accept(positiveZero(value));
  };
}

/** `note`: what else the column may hold, for the message. */
function wholeNumber(min: number, max: number, note = ""): Check<number> {
  const rule = `must be a whole number from ${min} to ${max.toLocaleString("en-US")}${note}`;
  return (raw, format) => {
    const checked = numberText(raw, format, "12");
    if ("problems" in checked) return checked;
    const value = Number(checked.value);
    if (!/^-?\d+$/.test(checked.value) || value < min || value > max) {
      return refuse(`${rule}, not ${checked.value.slice(0, 40)}`);
    }
    return accept(positiveZero(value));
  };
}

/** true or false (in CSV also PostgreSQL's t and f): in_stock, withdrawn. */
function trueOrFalse(): Check<boolean> {
  return (raw, format) => {
    if (format === "json") {
      return typeof raw === "boolean" ? accept(raw) : refuse(`must be true or false, not ${described(raw)}`);
    }
    // PostgreSQL writes booleans as t and f.
    const cell = (raw as string).trim().toLowerCase();
    if (cell === "true" || cell === "t") return accept(true);
    if (cell === "false" || cell === "f") return accept(false);
    return refuse(`must be true or false, not ${shown(raw)}`);
  };
}

function category(): Check<CategorySlug> {
  const slugs = CATEGORIES.map((c) => c.slug).join(", ");
  return (raw) => (isCategorySlug(raw) ? accept(raw) : refuse(`must be one of ${slugs}, not ${described(raw)}`));
}

/**
 * An ISO 8601 timestamp with its time zone, as PostgreSQL writes it (`2025-01-01 00:00:00.123456+00`)
 * or as JSON tools do (`2025-01-01T00:00:00.123Z`). Stricter than Date.parse, which also takes
 * "1" or "2025-02-30" (as 2001 and 2 March), and than PostgreSQL, which reads a time without a
 * zone in the server's own: a spreadsheet that reformatted the dates would move every product.
 */
const TIMESTAMP =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})[T ](?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](?<zoneHour>\d{2})(?::?(?<zoneMinute>\d{2}))?)$/i;

function isTimestamp(text: string): boolean {
  const parts = TIMESTAMP.exec(text)?.groups;
  if (!parts) return false;
  const part = (name: string) => Number(parts[name] ?? 0);
  const [year, month, day] = [part("year"), part("month"), part("day")];
  // Day 0 of the next month is the last day of this one.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    part("hour") <= 23 &&
    part("minute") <= 59 &&
    part("second") <= 59 &&
    part("zoneHour") <= 15 &&
    part("zoneMinute") <= 59 &&
    !Number.isNaN(Date.parse(text))
  );
}

function timestamp(): Check<string> {
  return (raw) =>
    typeof raw === "string" && isTimestamp(raw)
      ? accept(raw)
      : refuse(
          `must be a date and time with its time zone, like 2025-01-01 00:00:00+00 or 2025-01-01T00:00:00Z, not ${described(raw)}`,
        );
}

/** A CSV cell holding JSON (a list or an object), or the JSON value itself. */
function jsonCell(raw: unknown, format: CatalogueFormat, example: string): Checked<unknown> {
  if (format === "json") return accept(raw);
  try {
    return accept(JSON.parse(raw as string));
  } catch {
    // PostgreSQL's own array text ({a,b}) is what psql would show; say why it is not read.
    const hint = example.startsWith("[") && (raw as string).trim().startsWith("{") ? " (not PostgreSQL's {a,b})" : "";
    return refuse(`must be JSON like ${example}${hint}, or empty; ${shown(raw)} is not JSON`);
  }
}

function textList(entryProblem: (entry: unknown) => string | null, example: string): Check<string[]> {
  return (raw, format) => {
    const parsed = jsonCell(raw, format, example);
    if ("problems" in parsed) return parsed;
    if (!Array.isArray(parsed.value)) return refuse(`must be a list like ${example}, not ${described(parsed.value)}`);
    const problems: string[] = [];
    parsed.value.forEach((entry, i) => {
      const problem = entryProblem(entry);
      if (problem) problems.push(`entry ${i + 1} ${problem}`);
    });
    return problems.length > 0 ? refuse(...problems) : accept(parsed.value as string[]);
  };
}

function specifications(): Check<Record<string, string>> {
  const example = `{"Voltage":"5 V"}`;
  return (raw, format) => {
    const parsed = jsonCell(raw, format, example);
    if ("problems" in parsed) return parsed;
    const value = parsed.value;
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return refuse(`must be an object like ${example}, not ${described(value)}`);
    }
    const problems: string[] = [];
    for (const [key, entry] of Object.entries(value)) {
      const keyProblem = textProblem(key, SPECIFICATION_KEY_MAX);
      if (keyProblem) problems.push(`the name ${shown(key)} ${keyProblem}`);
      const entryProblem =
        typeof entry === "string"
          ? entry === ""
            ? null
            : textProblem(entry, SPECIFICATION_VALUE_MAX)
          : `must be text, not ${described(entry)}`;
      if (entryProblem) problems.push(`the value of ${shown(key)} ${entryProblem}`);
    }
    // fromEntries defines every key as the object's own, even one named __proto__.
    return problems.length > 0 ? refuse(...problems) : accept(Object.fromEntries(Object.entries(value)));
  };
}

// ---------------------------------------------------------------------------------------------
// Pictures

/**
 * Whether the shop can show a picture: a file it serves from `publicDir` (express.static: the
 * path percent-decoded, no dot files, nothing outside the folder) or an https:// address (a page
 * served over https may not load http:// pictures). null when it can, else why not. Answers are
 * kept per text for the whole file: 10,000 products reuse a few hundred pictures, and each check
 * asks the disk.
 */
function pictureChecker(publicDir: string): (picture: unknown) => string | null {
  const root = path.resolve(publicDir);
  const answers = new Map<string, string | null>();
  return (picture) => {
    if (typeof picture !== "string") return `must be text, not ${described(picture)}`;
    let answer = answers.get(picture);
    if (answer === undefined) {
      answer = pictureProblem(picture, root);
      answers.set(picture, answer);
    }
    return answer;
  };
}

/** A picture in a message: whole, as the owner will search the file for it (URLs can be long). */
const shownPicture = (picture: string) => shown(picture, 500);

function pictureProblem(picture: string, root: string): string | null {
  if (picture === "") return "must not be empty";
  const unstorable = unstorableText(picture, false);
  if (unstorable) return unstorable;
  if (picture.trim() !== picture) return `must not start or end with spaces: ${shownPicture(picture)}`;
  if (/^[a-z][a-z\d+.-]*:/i.test(picture)) return addressProblem(picture);
  if (picture.startsWith("//")) return `must not start with // (another site's address): ${shownPicture(picture)}`;
  if (!picture.startsWith("/")) {
    return `must be a path under public/ starting with / (like /images/products/name-1.svg) or an https:// address, not ${shownPicture(picture)}`;
  }
  return fileProblem(picture, root);
}

function addressProblem(picture: string): string | null {
  let url: URL;
  try {
    url = new URL(picture);
  } catch {
    return `is not a valid address: ${shownPicture(picture)}`;
  }
  return url.protocol === "https:"
    ? null
    : `must be an https:// address or a path under public/, not ${shownPicture(picture)}`;
}

function fileProblem(picture: string, root: string): string | null {
  if (/[?#]/.test(picture)) return `must name a file, without ? or #: ${shownPicture(picture)}`;
  if (picture.includes("\\")) return `must use / between folders, not \\: ${shownPicture(picture)}`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(picture);
  } catch {
    return `has a broken %-escape: ${shownPicture(picture)}`;
  }
  const unstorable = unstorableText(decoded, false);
  if (unstorable) return `${unstorable} (once its %-escapes are decoded)`;
  const segments = decoded.split("/").slice(1);
  if (segments.some((segment) => segment === "." || segment === "..")) {
    return `must not contain . or .. between its slashes: ${shownPicture(picture)}`;
  }
  if (segments.some((segment) => segment.startsWith("."))) {
    return `must not name a file or folder starting with . (the shop does not serve those): ${shownPicture(picture)}`;
  }
  const file = path.join(root, ...segments);
  // Belt and braces after the checks above: nothing outside the folder is ever asked about.
  if (!file.startsWith(root + path.sep)) return `must name a file under ${root}: ${shownPicture(picture)}`;
  let isFile = false;
  try {
    isFile = statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    // Unreadable (a folder we may not enter): the shop could not serve it either.
  }
  return isFile ? null : `is not a file under ${root}: ${shownPicture(picture)}`;
}

// ---------------------------------------------------------------------------------------------
// Rows

type Columns = { [K in keyof CatalogueRecord]: Column<CatalogueRecord[K]> };

function columnsFor(publicDir: string): Columns {
  const picture = pictureChecker(publicDir);
  const feature = (entry: unknown) => textProblem(entry, FEATURE_MAX);
  return {
    id: { check: wholeNumber(1, Number.MAX_SAFE_INTEGER, " (or empty, for a new product)"), empty: () => null },
    name: { check: text(NAME_MAX) },
    description: { check: text(DESCRIPTION_MAX, true) },
    category: { check: category() },
    price: { check: price() },
    original_price: { check: price(), empty: () => null },
    in_stock: { check: trueOrFalse() },
    stock_count: { check: wholeNumber(0, INTEGER_MAX) },
    rating: { check: rating(), empty: () => null },
    reviews: { check: wholeNumber(0, INTEGER_MAX) },
    image: {
      check: (raw) => {
        const problem = picture(raw);
        return problem ? refuse(problem) : accept(raw as string);
      },
    },
    images: { check: textList(picture, `["/images/products/name-1.svg"]`), empty: () => [] },
    features: { check: textList(feature, `["First feature","Second feature"]`), empty: () => [] },
    specifications: { check: specifications(), empty: () => ({}) },
    created_at: { check: timestamp(), empty: () => null },
    withdrawn: { check: trueOrFalse(), empty: () => false },
  };
}

const REQUIRED_COLUMNS = CATALOGUE_COLUMNS.filter(
  (column) =>
    !["id", "original_price", "rating", "created_at", "images", "features", "specifications", "withdrawn"].includes(
      column,
    ),
);

const COLUMN_LIST = CATALOGUE_COLUMNS.join(", ");

function isColumn(name: string): name is keyof CatalogueRecord {
  return (CATALOGUE_COLUMNS as readonly string[]).includes(name);
}

/**
 * At most this many problems are listed. A file with one systematic mistake (a misnamed column,
 * prices with a currency sign) has it on every one of 10,000 rows, and a list that long helps
 * nobody; the rest of the file is still checked, and one last problem counts what was left out.
 */
const PROBLEM_LIMIT = 1_000;

class Problems {
  readonly listed: RowProblem[] = [];
  private unlisted = 0;
  private readonly unlistedRows = new Set<number>();

  add(problem: RowProblem): void {
    if (this.listed.length < PROBLEM_LIMIT) {
      this.listed.push(problem);
    } else {
      this.unlisted++;
      this.unlistedRows.add(problem.row);
    }
  }

  all(): RowProblem[] {
    if (this.unlisted === 0) return this.listed;
    const rows = this.unlistedRows.size;
    return [
      ...this.listed,
      {
        row: 0,
        field: "",
        message: `…and ${this.unlisted.toLocaleString("en-US")} more problem(s) on ${rows.toLocaleString("en-US")} row(s), not listed (only the first ${PROBLEM_LIMIT.toLocaleString("en-US")} are).`,
      },
    ];
  }
}

/** What every row of one file is checked with. */
interface Reading {
  format: CatalogueFormat;
  columns: Columns;
  problems: Problems;
  /** Each id seen so far, and the row it was first on. */
  rowOfId: Map<number, number>;
  /** CSV: the header already reported the missing columns, so the rows do not repeat it. */
  missingReported: boolean;
}

/**
 * Checks one product, given as its raw values by column name (JSON: the object; CSV: the cells by
 * header). Resolves to its record, or null when it has any problem (all of them reported).
 */
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

  const images = record.images as string[] | undefined;
  if (typeof record.image === "string" && images && images.length > 0 && images[0] !== record.image) {
    report(
      "image",
      `must be the first of images (${shownPicture(images[0]!)}): the pages show image as the first picture of images`,
    );
  }

  if (id !== undefined) {
    const first = reading.rowOfId.get(id);
    if (first === undefined) reading.rowOfId.set(id, row);
    else report("id", `${id} is already on row ${first}: each id may appear once`);
  }

  return failed ? null : (record as unknown as CatalogueRecord);
}

function readingFor(format: CatalogueFormat, publicDir: string): Reading {
  return {
    format,
    columns: columnsFor(publicDir),
    problems: new Problems(),
    rowOfId: new Map(),
    missingReported: false,
  };
}

// ---------------------------------------------------------------------------------------------
// JSON

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

// ---------------------------------------------------------------------------------------------
// CSV

/**
 * A spreadsheet opening a CSV file runs a cell that starts with = + - @, a tab or a carriage return
 * as a formula (OWASP: CSV injection), and a supplier's feed can carry one into a name. Such a text
 * cell is written with a ' in front, which spreadsheets show as it is; so is one that already starts
 * with ', so that import takes one ' off exactly the cells export escaped and a file reads back to
 * the same text (docs/catalogue.md#formulas-in-a-spreadsheet). Numbers are written as numbers, and
 * lists and objects as JSON, which starts with [ or {: neither is ever escaped.
 */
const ESCAPED_START = /^[=+\-@\t\r']/;

function escapedCell(text: string): string {
  return ESCAPED_START.test(text) ? `'${text}` : text;
}

function unescapedCell(cell: string): string {
  return cell.startsWith("'") && ESCAPED_START.test(cell.charAt(1)) ? cell.slice(1) : cell;
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

/**
 * Each record with its spreadsheet row: the header is row 1. A quoted cell may span lines, so
 * this is the record's count, not the line it starts on.
 */
function parseRows(text: string, problems: Problems): { cells: string[]; row: number }[] | null {
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
  // The header has said which columns are missing; every row would only say it again.
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

// ---------------------------------------------------------------------------------------------
// Reading and writing a file

/** Parses and validates a whole file; never throws on bad input (a broken file is one problem with row 0 or the row where parsing stopped). */
export function readCatalogueFile(
  text: string,
  format: CatalogueFormat,
  options: { publicDir: string },
): CatalogueRead {
  const reading = readingFor(format, options.publicDir);
  // Editors on Windows save UTF-8 with a byte order mark, which JSON.parse refuses.
  const records = format === "json" ? readJson(text.replace(/^\uFEFF/, ""), reading) : readCsv(text, reading);
  return { records, problems: reading.problems.all() };
}

/** The record's values in column order, so a file always lists them the same way. */
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

/**
 * The file readCatalogueFile reads back to the same records: JSON indented by two spaces, or CSV
 * with a header and \n line ends. Writing what was read gives the same text again.
 */
export function writeCatalogueFile(records: readonly CatalogueRecord[], format: CatalogueFormat): string {
  if (format === "json") return `${JSON.stringify(records.map(inColumnOrder), null, 2)}\n`;
  const rows = records.map((record) => CATALOGUE_COLUMNS.map((column) => cellText(record[column])));
  // Giving record_delimiter turns quote_record_delimiter off, and a description's unquoted \r would read back as a new row.
  return stringifyCsv([[...CATALOGUE_COLUMNS], ...rows], { record_delimiter: "\n", quote_record_delimiter: true });
}
