import { CATEGORIES, type CategorySlug, isCategorySlug } from "~/models/catalogue/categories";

import { CATALOGUE_COLUMNS, type CatalogueFormat, type CatalogueRecord } from "./catalogue-record.server";
import { pictureChecker, shownPicture } from "./picture-checker.server";
import { described, shown, textProblem } from "./text-problem.server";

/** Each column's rules: the products table's types and CHECK constraints, and what the pages need (docs/catalogue.md#the-checks). */

/** Columns a Supabase table-editor export adds: generated from the others, so never imported. */
export const GENERATED_COLUMNS = new Set(["name_sort", "search_text"]);

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

export interface Column<T> {
  check: Check<T>;
  /** What an absent key, a JSON null or an empty CSV cell means (a new value each time); undefined: required. */
  empty?: () => T;
}

export type Columns = { [K in keyof CatalogueRecord]: Column<CatalogueRecord[K]> };

function text(max: number, multiline = false): Check<string> {
  return (raw) => {
    const problem = textProblem(raw, max, multiline);
    return problem ? refuse(problem) : accept(raw as string);
  };
}

/** A number's decimal text: a JSON number in JSON, a plain decimal in CSV. */
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

/** true or false; in CSV also t and f, as PostgreSQL writes them. */
function trueOrFalse(): Check<boolean> {
  return (raw, format) => {
    if (format === "json") {
      return typeof raw === "boolean" ? accept(raw) : refuse(`must be true or false, not ${described(raw)}`);
    }
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

/** ISO 8601 with its time zone, as PostgreSQL (`2025-01-01 00:00:00.123456+00`) or JSON tools (`…T00:00:00.123Z`) write it. */
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
    // psql shows PostgreSQL's own array text ({a,b}): say why it is not read.
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

/** The rules of every column, with pictures looked for in `publicDir`. */
export function catalogueColumns(publicDir: string): Columns {
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

/** A problem of `image` against `images`, which the pages show from the first. */
export function imageProblem(image: unknown, images: string[] | undefined): string | null {
  if (typeof image !== "string" || !images || images.length === 0 || images[0] === image) return null;
  return `must be the first of images (${shownPicture(images[0]!)}): the pages show image as the first picture of images`;
}

export const REQUIRED_COLUMNS = CATALOGUE_COLUMNS.filter(
  (column) =>
    !["id", "original_price", "rating", "created_at", "images", "features", "specifications", "withdrawn"].includes(
      column,
    ),
);

export const COLUMN_LIST = CATALOGUE_COLUMNS.join(", ");

export function isColumn(name: string): name is keyof CatalogueRecord {
  return (CATALOGUE_COLUMNS as readonly string[]).includes(name);
}
