import { readFile } from "node:fs/promises";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CatalogueRecord } from "~/backends/catalogue-file/catalogue-record.server";
import { facetArguments, toCatalogueFacets } from "~/backends/facets.server";
import { importCatalogueFile } from "~/backends/sql/catalogue.server";
import { SqlProductRepository } from "~/backends/sql/products.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";
import type { FacetQuery, ProductListQuery } from "~/backends/types.server";
import type { SearchReading } from "~/models/catalogue/catalogue-facets";
import { DEFAULT_QUERY, parseSearchTerm, PRICE_SHORTCUTS } from "~/models/catalogue/catalogue-query";
import { CATEGORIES } from "~/models/catalogue/categories";
import type { Product } from "~/models/product/product";

import { openTestDatabase, SQL_DRIVERS, stopTestPostgres } from "../support/sql-databases";

/**
 * Search as shoppers type it (docs/catalogue.md#search, ADR 034), on the real seed catalogue
 * (supabase/seed.sql) and both SQL drivers, through the repository the pages use: the listing
 * (`listProducts`, every page) and the filter counts (`countFacets`, which also says how the
 * term was read). The rules live in the database (supabase/migrations/*_search_words.sql); a
 * hosted project runs the same functions, so these answers are its answers too.
 */

const SUPABASE_DIR = path.resolve("supabase");
const PUBLIC_DIR = path.resolve("public");
/** Starting PGlite is CPU-bound (initdb in WebAssembly) and slow on a busy machine. */
const OPEN_TIMEOUT = 120_000;
const SEED_PRODUCTS = 72;
/** "a b c … x": fifty words of one letter each. */
const LETTERS_50 = Array.from({ length: 50 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(" ");

/** The seed's products the table names, by a short handle. */
const P = {
  max98357: "MAX98357A I2S Class-D Amplifier Breakout",
  inmp441: "INMP441 I2S MEMS Microphone Module",
  speaker: "Mini Speaker 40 mm 3 W 4 Ohm (2-Pack)",
  pam8403: "PAM8403 Stereo 3 W Amplifier Module",
  tpa3116: "TPA3116D2 2x50 W Stereo Amplifier Board",
  electret: "Electret Microphone Amplifier Module (MAX4466)",
  vs1053: "VS1053 Audio Codec Breakout with microSD",
  resistorKit: "Metal Film Resistor Kit, 600 pcs, 30 Values",
  ceramic: "Ceramic Capacitor Assortment, 300 pcs",
  electrolytic: "Electrolytic Capacitor Kit, 24 Values, 500 pcs",
  breadboard: "830-Point Solderless Breadboard",
  jumper: "Jumper Wire Set, 120 pcs (M-M, M-F, F-F)",
  megaKit: "Electronics Component Mega Kit, 1,500+ Parts",
  esp32: "ESP32 DevKit V1, WROOM-32, 38-Pin",
  pico: "RP2040 Pico-Style Board with Wi-Fi",
  uno: "Uno R3 Compatible Board, ATmega328P",
  nano: "Nano Compatible Board, USB-C",
  esp32s3: "ESP32-S3 DevKit with 8 MB PSRAM",
  stm32: "STM32F411 Black Pill Style Board",
  oled096: '0.96" OLED Display 128x64, SSD1306, I2C',
  oled13: '1.3" OLED Display 128x64, SH1106',
  hdmi7: '7" HDMI IPS Touch Display, 1024x600',
  hdmi10: '10.1" HDMI IPS Touch Display, 1280x800',
  epaper: '2.9" E-Paper Display Module, Black/White/Red',
  tft28: '2.8" TFT Touch Display 240x320, ILI9341',
  esp32c3: "ESP32-C3 Super Mini Wi-Fi/BLE Board",
  esp01: "ESP-01S ESP8266 Wi-Fi Module",
  nrf24: "nRF24L01+ 2.4 GHz Transceiver with PA/LNA",
  bluetooth: "Bluetooth Serial Module (HC-05)",
  gps: "NEO-6M GPS Module with Ceramic Antenna",
  gateway: "LoRaWAN 8-Channel Indoor Gateway",
  zigbee: "Zigbee 3.0 USB Coordinator Dongle",
  sg90: "SG90 Micro Servo, 9 g",
  mg996r: "MG996R Metal Gear Servo, 13 kg·cm",
  ttMotor: "TT Gear Motor with Wheel, 2-Pack",
  l298n: "L298N Dual H-Bridge Motor Driver",
  nema17: "NEMA 17 Stepper Motor, 1.8°, 45 N·cm",
  a4988: "A4988 Stepper Driver with Heatsink, 5-Pack",
  robotCar: "2WD Smart Robot Car Chassis Kit",
  robotArm: "6-DOF Desktop Robot Arm Kit, Metal",
  pca9685: "PCA9685 16-Channel PWM Servo Driver",
  bme280: "BME280 Temperature, Humidity & Pressure Breakout",
  hcsr04: "HC-SR04 Ultrasonic Distance Sensor",
  dht22: "DHT22 Temperature & Humidity Sensor Module",
  mpu6050: "MPU-6050 6-Axis Accelerometer & Gyroscope",
  vl53: "VL53L0X Time-of-Flight Distance Sensor",
  mlx: "MLX90640 Thermal Camera Breakout, 32x24",
  solderingStation: "Digital Soldering Station, 90 W",
  multimeter: "Auto-Ranging Digital Multimeter",
  oscilloscope: "Digital Oscilloscope, 2-Channel 100 MHz",
  solderWire: "Lead-Free Rosin Core Solder Wire, 0.8 mm, 100 g",
  solderingMat: "Heat-Resistant Silicone Soldering Mat",
  soilMoisture: "Capacitive Soil Moisture Sensor v2.0",
} as const;

const AS_TYPED: SearchReading = { kind: "as-typed" };
const corrected = (term: string, held = 1, counted = 1): SearchReading => ({ kind: "corrected", term, held, counted });
const someWords = (held: number, counted: number): SearchReading => ({ kind: "some-words", held, counted });
const nothing = (suggestion: string | null = null): SearchReading => ({ kind: "nothing", suggestion });

interface Row {
  term: string;
  /** The shopper asked for the term as typed (`exact=1`, the notice's "Search exactly"). */
  exact?: boolean;
  /** How the term is read: countFacets' `search`. */
  reading: SearchReading;
  /** Exactly these products, no others (a precise query). */
  names?: readonly string[];
  /** At least these (a broad query). */
  includes?: readonly string[];
  /** Never these. */
  excludes?: readonly string[];
}

/** What a shopper types, and what they should get. */
const ROWS: Row[] = [
  // Part numbers, with and without their joiners.
  { term: "HC-SR04", reading: AS_TYPED, names: [P.hcsr04] },
  { term: "hc sr04", reading: AS_TYPED, names: [P.hcsr04] },
  { term: "hcsr04", reading: AS_TYPED, names: [P.hcsr04] },
  { term: "HC SR04", exact: true, reading: AS_TYPED, names: [P.hcsr04] },
  { term: "sr04", reading: AS_TYPED, names: [P.hcsr04] },
  { term: "ESP32-S3", reading: AS_TYPED, names: [P.esp32s3] },
  { term: "esp32s3", reading: AS_TYPED, names: [P.esp32s3] },
  { term: "esp32 s3", reading: AS_TYPED, names: [P.esp32s3] },
  { term: "e paper", reading: AS_TYPED, names: [P.epaper] },
  { term: "e-paper", reading: AS_TYPED, names: [P.epaper] },
  { term: "epaper", reading: AS_TYPED, names: [P.epaper] },
  { term: "dht 22", reading: AS_TYPED, names: [P.dht22] },
  { term: "dht-22", reading: AS_TYPED, names: [P.dht22] },
  { term: "bme-280", reading: AS_TYPED, names: [P.bme280] },
  { term: "neo6m", reading: AS_TYPED, names: [P.gps] },
  { term: "neo 6m", reading: AS_TYPED, names: [P.gps] },
  { term: "mg996r", reading: AS_TYPED, names: [P.mg996r] },
  { term: "sg-90", reading: AS_TYPED, names: [P.sg90] },
  { term: "ssd 1306", reading: AS_TYPED, names: [P.oled096] },
  { term: "hc05", reading: AS_TYPED, names: [P.bluetooth] },
  { term: "h bridge", reading: AS_TYPED, names: [P.l298n] },
  { term: "hbridge", reading: AS_TYPED, names: [P.l298n] },
  { term: "nrf24l01+", reading: AS_TYPED, names: [P.nrf24] },
  { term: "atmega 328p", reading: AS_TYPED, names: [P.uno, P.nano] },
  { term: "128x64 oled", reading: AS_TYPED, names: [P.oled096, P.oled13] },
  { term: "oled 128x64", reading: AS_TYPED, names: [P.oled096, P.oled13] },
  { term: "wifi", reading: AS_TYPED, names: [P.esp32, P.pico, P.esp32c3, P.esp01, P.gateway] },
  { term: "wi-fi", reading: AS_TYPED, names: [P.esp32, P.pico, P.esp32c3, P.esp01, P.gateway] },
  // The boards with a USB-C port (a part number typed three ways). "usb c" is also a substring
  // of "USB chip" and "USB Coordinator", which the specification's match keeps.
  { term: "usb-c", reading: AS_TYPED, includes: [P.nano, P.esp32s3, P.stm32, P.esp32c3] },
  { term: "usbc", reading: AS_TYPED, includes: [P.nano, P.esp32s3, P.stm32, P.esp32c3] },
  { term: "usb c", reading: AS_TYPED, names: [P.uno, P.nano, P.esp32s3, P.stm32, P.esp32c3, P.zigbee] },

  // Every word, in any order, in the name or the description.
  { term: "humidity temperature", reading: AS_TYPED, names: [P.bme280, P.dht22] },
  { term: "temperature humidity", reading: AS_TYPED, names: [P.bme280, P.dht22] },
  { term: "temperature humidity pressure", reading: AS_TYPED, names: [P.bme280] },
  { term: "temperature sensor", reading: AS_TYPED, names: [P.bme280, P.dht22] },
  { term: "soldering iron", reading: AS_TYPED, names: [P.solderingStation] },
  { term: "iron soldering", reading: AS_TYPED, names: [P.solderingStation] },
  { term: "motor driver", reading: AS_TYPED, names: [P.l298n, P.a4988, P.robotCar] },
  { term: "touch display", reading: AS_TYPED, names: [P.hdmi7, P.hdmi10, P.tft28] },
  { term: "display with touch", reading: AS_TYPED, names: [P.hdmi7, P.hdmi10, P.tft28] },
  { term: "distance sensor", reading: AS_TYPED, names: [P.hcsr04, P.vl53] },
  { term: "thermal camera", reading: AS_TYPED, names: [P.mlx] },
  { term: "4 ohm speaker", reading: AS_TYPED, names: [P.speaker] },

  // Singular and plural meet.
  { term: "servos", reading: AS_TYPED, names: [P.sg90, P.mg996r, P.robotArm, P.pca9685] },
  { term: "servo", reading: AS_TYPED, names: [P.sg90, P.mg996r, P.robotArm, P.pca9685] },
  { term: "drivers motor", reading: AS_TYPED, names: [P.l298n, P.a4988, P.robotCar] },
  { term: "resistors", reading: AS_TYPED, includes: [P.resistorKit, P.megaKit], excludes: [P.ceramic] },
  { term: "capacitors", reading: AS_TYPED, names: [P.ceramic, P.electrolytic, P.megaKit] },
  { term: "jumper wires", reading: AS_TYPED, names: [P.jumper] },
  { term: "batteries", reading: AS_TYPED, names: [P.epaper, P.gps, P.robotCar] },
  { term: "steppers", reading: AS_TYPED, names: [P.l298n, P.nema17, P.a4988] },
  { term: "stepper", reading: AS_TYPED, names: [P.l298n, P.nema17, P.a4988] },
  { term: "multimeters", reading: AS_TYPED, names: [P.multimeter] },
  { term: "oscilloscopes", reading: AS_TYPED, names: [P.oscilloscope] },
  {
    term: "SENSORS",
    reading: AS_TYPED,
    includes: [P.bme280, P.dht22, P.hcsr04, P.vl53],
    excludes: [P.sg90, P.multimeter],
  },

  // A misspelt word that finds nothing becomes the nearest word of the catalogue.
  {
    term: "temprature",
    reading: corrected("temperature"),
    names: [P.bme280, P.dht22, P.solderingStation, P.multimeter],
  },
  { term: "osciloscope", reading: corrected("oscilloscope"), names: [P.oscilloscope] },
  { term: "bluetoth", reading: corrected("bluetooth"), names: [P.esp32, P.esp32c3, P.bluetooth] },
  // A swap of two neighbouring letters is one edit.
  { term: "ardiuno", reading: corrected("arduino"), names: [P.esp32, P.stm32] },
  { term: "multimetre", reading: corrected("multimeter"), names: [P.multimeter] },
  { term: "solderng", reading: corrected("soldering"), names: [P.solderingStation, P.solderingMat] },
  { term: "breadbord", reading: corrected("breadboard"), includes: [P.breadboard, P.jumper] },
  { term: "potentiometre", reading: corrected("potentiometer"), names: [P.megaKit] },
  { term: "accelerometre", reading: corrected("accelerometer"), names: [P.mpu6050] },
  {
    term: "dispaly",
    reading: corrected("display"),
    includes: [P.oled096, P.oled13, P.hdmi7, P.hdmi10, P.epaper, P.tft28],
  },
  { term: "amplifer", reading: corrected("amplifier"), includes: [P.max98357, P.pam8403, P.tpa3116, P.electret] },
  { term: "moter", reading: corrected("motor"), includes: [P.ttMotor, P.l298n, P.nema17] },
  // One misspelt word of two: the shopper wants products with both, not every one with the other.
  { term: "temprature sensor", reading: corrected("temperature sensor", 2, 2), names: [P.bme280, P.dht22] },
  { term: "solderng iron", reading: corrected("soldering iron", 2, 2), names: [P.solderingStation] },
  { term: "bluetoth module", reading: corrected("bluetooth module", 2, 2), names: [P.bluetooth] },
  // Corrected, and even so only one of the two words is found.
  {
    term: "temprature xyzzyq",
    reading: corrected("temperature xyzzyq", 1, 2),
    names: [P.bme280, P.dht22, P.solderingStation, P.multimeter],
  },
  // Asked for exactly: nothing, and the correction offered instead.
  { term: "temprature", exact: true, reading: nothing("temperature"), names: [] },
  { term: "osciloscope", exact: true, reading: nothing("oscilloscope"), names: [] },

  // No product holds every word: those holding the most, if at least half.
  { term: "uno arduino", reading: someWords(1, 2), includes: [P.uno] },
  { term: "uno arduino", exact: true, reading: someWords(1, 2), includes: [P.uno] },
  { term: "bme280 dht22", reading: someWords(1, 2), names: [P.bme280, P.dht22] },
  // A short word no product holds leaves the others to decide, and the notice counts it.
  { term: "moisture sensor v3", reading: someWords(2, 3), names: [P.soilMoisture] },
  // Ranked by the words that count first: ten letters that happen to be words do not beat "temperature".
  {
    term: "temperature b c d e f g h i j k",
    reading: someWords(1, 10),
    names: [P.bme280, P.dht22, P.solderingStation, P.multimeter],
  },
  // Pasted text: a no-break space and a zero-width space separate words like a space.
  { term: "temperature\u00a0sensor", reading: AS_TYPED, names: [P.bme280, P.dht22] },
  { term: "oled\u200bdisplay", reading: AS_TYPED, names: [P.oled096, P.oled13] },
  { term: "stepper motr", reading: someWords(1, 2), names: [P.l298n, P.nema17, P.a4988] },

  // Nothing at all.
  { term: "zzqx no such part 4711", reading: nothing(), names: [] },
  { term: "the and of", reading: nothing(), names: [] },
  { term: "charger", reading: nothing(), names: [] },

  // Every character literal: `%`, `_` and `\` are never wildcards.
  { term: "%", reading: AS_TYPED, names: [P.resistorKit, P.solderWire] },
  { term: "100%", reading: AS_TYPED, names: [P.solderWire] },
  { term: "1%", reading: AS_TYPED, names: [P.resistorKit] },
  // The DHT22's description reads "DHT_22 / AM2302".
  { term: "_", reading: AS_TYPED, names: [P.dht22] },
  { term: "dht_22", reading: AS_TYPED, names: [P.dht22] },
  { term: "__", reading: nothing(), names: [] },
  { term: "%%", reading: nothing(), names: [] },
  { term: "\\", reading: nothing(), names: [] },
  { term: "'; drop table products; --", reading: nothing(), names: [] },
];

const LIST: ProductListQuery = (({ view: _view, ...rest }) => rest)(DEFAULT_QUERY);
const facetQuery = ({ sort: _sort, page: _page, ...rest }: ProductListQuery): FacetQuery => rest;
const sorted = (names: readonly string[]) => [...names].sort();

function title(row: Row): string {
  const found = row.names ? `${row.names.length} products` : `includes ${row.includes?.length ?? 0}`;
  return `${JSON.stringify(row.term)}${row.exact ? " (exact)" : ""}: ${row.reading.kind}, ${found}`;
}

interface SeedRow {
  id: number;
  name: string;
  description: string;
}

afterAll(stopTestPostgres);

describe("the table's product names", () => {
  it("are all the seed's, so a name that must not be found is not simply misspelt", async () => {
    const seed = await readFile(path.join(SUPABASE_DIR, "seed.sql"), "utf8");
    for (const name of Object.values(P)) expect(seed, name).toContain(`'${name.replace(/'/g, "''")}'`);
  });
});

describe.each(SQL_DRIVERS)("on %s", (driver) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let repository: SqlProductRepository;
  let seedRows: SeedRow[];

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(driver, { supabaseDir: SUPABASE_DIR, seed: true }));
    repository = new SqlProductRepository(db);
    const { rows } = await db.query<SeedRow>(
      "select id::int as id, name, description from public.products order by id",
    );
    seedRows = rows;
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await close?.();
  });

  /** Every product a search lists (all its pages), with the filter counts' reading of the term. */
  async function search(term: string, options: Partial<ProductListQuery> = {}) {
    const listing: ProductListQuery = { ...LIST, ...options, search: term };
    const facets = await repository.countFacets(facetQuery(listing));
    const first = await repository.listProducts(listing);
    const products: Product[] = [...first.products];
    for (let page = 2; products.length < first.total; page++) {
      const next = await repository.listProducts({ ...listing, page });
      if (next.products.length === 0) break;
      products.push(...next.products);
    }
    return {
      names: products.map((p) => p.name),
      ids: products.map((p) => p.id),
      total: first.total,
      reading: facets.search,
      facets,
    };
  }

  describe("the table of shoppers' queries", () => {
    it("has enough rows to mean something", () => {
      expect(ROWS.length).toBeGreaterThanOrEqual(45);
    });

    for (const row of ROWS) {
      it(title(row), async () => {
        const found = await search(row.term, { exact: row.exact ?? false });
        expect(found.reading).toEqual(row.reading);
        if (row.names) expect(sorted(found.names)).toEqual(sorted(row.names));
        if (row.includes) expect(found.names).toEqual(expect.arrayContaining([...row.includes]));
        for (const name of row.excludes ?? []) expect(found.names).not.toContain(name);
        // The listing and the counts beside the filters agree, and no product is listed twice.
        expect(found.total).toBe(found.names.length);
        expect(new Set(found.ids).size).toBe(found.ids.length);
        expect(found.facets.allCategories).toBe(found.total);
      });
    }

    it("finds a plural and its singular alike, and a term's words in either order alike", async () => {
      for (const [a, b] of [
        ["servos", "servo"],
        ["steppers", "stepper"],
        ["multimeters", "multimeter"],
        ["wi-fi", "wifi"],
        ["usbc", "usb-c"],
        ["hc sr04", "HC-SR04"],
        ["oled 128x64", "128x64 oled"],
        ["motor driver", "driver motor"],
      ]) {
        expect((await search(a!)).ids, `${a} / ${b}`).toEqual((await search(b!)).ids);
      }
    });

    it("leaves the catalogue as it was after a term made of SQL", async () => {
      await search("'; drop table products; --");
      await search("x'); delete from public.products where ('1' = '1");
      expect((await repository.listProducts(LIST)).total).toBe(SEED_PRODUCTS);
    });
  });

  describe("the specification's match still holds: the new rules only add", () => {
    const TERMS = [
      "sensor",
      "temp",
      "board",
      "usb c",
      "usb-c",
      "100%",
      "%",
      "_",
      "dht_22",
      "wi-fi",
      "i2c",
      "led",
      "pi",
      "mat",
      "3 w",
      "x",
      "the",
      "e-paper",
      "(hc-05)",
      "128x64",
      "2.4 ghz",
      "r3",
      "-",
      ".",
      '"',
      ", ",
      "Ω",
      "°",
      "kg·cm",
      "temperature & humidity",
      "pull-up resistor",
    ];

    for (const term of TERMS) {
      it(`every product whose name or description contains ${JSON.stringify(term)} is found`, async () => {
        const needle = term.toLowerCase();
        const expected = seedRows
          .filter((p) => p.name.toLowerCase().includes(needle) || p.description.toLowerCase().includes(needle))
          .map((p) => p.id);
        expect(expected.length, "the term is in the seed").toBeGreaterThan(0);
        for (const exact of [false, true]) {
          const found = await search(term, { exact });
          expect(found.ids, `exact: ${exact}`).toEqual(expect.arrayContaining(expected));
          expect(found.reading?.kind).not.toBe("nothing");
        }
      });
    }
  });

  describe("the counts beside the filters", () => {
    it("counts the whole catalogue without a search: 72, 9 a category, 43 under $10", async () => {
      const facets = await repository.countFacets(facetQuery(LIST));
      expect(facets.allCategories).toBe(SEED_PRODUCTS);
      expect(facets.search).toBeNull();
      for (const { slug } of CATEGORIES) expect(facets.categories[slug], slug).toBe(9);
      expect(facets.prices[0]).toBe(43);
      for (const [i, { min, max }] of PRICE_SHORTCUTS.entries()) {
        expect(facets.prices[i], `${min} to ${max}`).toBe((await repository.listProducts({ ...LIST, min, max })).total);
      }
    });

    it("counts a search's matches per category and per price range as the listing finds them", async () => {
      const listing = { ...LIST, search: "sensor" };
      const facets = await repository.countFacets(facetQuery(listing));
      const total = (await repository.listProducts(listing)).total;
      expect(facets.allCategories).toBe(total);
      expect(Object.values(facets.categories).reduce((sum, n) => sum + n, 0)).toBe(total);
      for (const { slug } of CATEGORIES) {
        const inCategory = (await repository.listProducts({ ...listing, category: slug })).total;
        expect(facets.categories[slug], slug).toBe(inCategory);
      }
      expect(facets.categories.sensors).toBeGreaterThan(0);
      for (const [i, { min, max }] of PRICE_SHORTCUTS.entries()) {
        const inRange = (await repository.listProducts({ ...listing, min, max })).total;
        expect(facets.prices[i], `${min} to ${max}`).toBe(inRange);
      }
    });

    it("sets each filter's own value aside: categories with the price and stock filters, prices with the category", async () => {
      const listing: ProductListQuery = {
        ...LIST,
        search: "board",
        category: "development-boards",
        min: 5,
        max: 50,
        inStock: true,
      };
      const facets = await repository.countFacets(facetQuery(listing));
      for (const { slug } of CATEGORIES) {
        const inCategory = (await repository.listProducts({ ...listing, category: slug })).total;
        expect(facets.categories[slug], slug).toBe(inCategory);
      }
      for (const [i, { min, max }] of PRICE_SHORTCUTS.entries()) {
        const inRange = (await repository.listProducts({ ...listing, min, max })).total;
        expect(facets.prices[i], `${min} to ${max}`).toBe(inRange);
      }
      expect(facets.prices.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    });

    it("counts a corrected term's products, and none for the exact term that finds nothing", async () => {
      const correctedCounts = await repository.countFacets(facetQuery({ ...LIST, search: "temprature" }));
      expect(correctedCounts.allCategories).toBe(4);
      expect(correctedCounts.categories).toMatchObject({ sensors: 2, tools: 2 });
      const exactCounts = await repository.countFacets(facetQuery({ ...LIST, search: "temprature", exact: true }));
      expect(exactCounts.allCategories).toBe(0);
      expect(exactCounts.prices).toEqual([0, 0, 0, 0]);
      expect(exactCounts.search).toEqual(nothing("temperature"));
    });
  });

  describe("a product's words", () => {
    it("joins neighbours only across a joiner: three only around a number or a short word", async () => {
      const { rows } = await db.query<{ terms: string }>("select public.search_terms($1, $2) as terms", [
        "Relay Board, 5 V",
        "Heat sink for ESP32-S3-N8.",
      ]);
      const words = rows[0]!.terms.trim().split(" ");
      expect(words).toEqual(expect.arrayContaining(["relayboard", "5v", "heatsink", "esp32s3", "esp32s3n8"]));
      // A comma is not a joiner, even beside a number or a short word.
      expect(words).not.toContain("board5");
      expect(words).not.toContain("board5v");
      // Three long words joined are nothing anyone types.
      expect(words).not.toContain("heatsinkfor");
    });
  });

  /** The same database, with `intercept` seeing each statement a read sends (and answering it instead, if it likes). */
  function intercepted(intercept: (sql: string) => Promise<never> | void): SqlClient {
    return {
      ...db,
      query: (sql: string, params?: unknown[]) => db.query(sql, params),
      transaction: (body) =>
        db.transaction((tx) =>
          body({
            ...tx,
            query: (sql: string, params?: unknown[]) => intercept(sql) ?? tx.query(sql, params),
          } as typeof tx),
        ),
    } as SqlClient;
  }

  describe("reading a term once", () => {
    /** A repository over the same database that counts the times it asks the database to read a term. */
    function counting(options: { keepSearches?: boolean }) {
      const reads = { n: 0 };
      const spy = intercepted((sql) => {
        if (sql.includes("search_resolve")) reads.n++;
      });
      return { repo: new SqlProductRepository(spy, options), reads };
    }

    it("a page's listing and counts share one reading", async () => {
      const { repo, reads } = counting({});
      const query: ProductListQuery = { ...LIST, search: "temprature" };
      const [page, facets] = await Promise.all([repo.listProducts(query), repo.countFacets(facetQuery(query))]);
      expect(reads.n).toBe(1);
      expect(page.total).toBe(facets.allCategories);
      // Nothing kept without keepSearches: a PostgreSQL server may change underneath.
      await repo.listProducts({ ...query, page: 2 });
      expect(reads.n).toBe(2);
    });

    it("keepSearches keeps a reading for the next page until forgetSearches", async () => {
      const { repo, reads } = counting({ keepSearches: true });
      const query: ProductListQuery = { ...LIST, search: "servos" };
      await repo.listProducts(query);
      await repo.listProducts({ ...query, sort: "price-low" });
      await repo.countFacets(facetQuery({ ...query, min: 10 }));
      expect(reads.n).toBe(1);
      repo.forgetSearches();
      await repo.listProducts(query);
      expect(reads.n).toBe(2);
    });
  });

  describe("a kept search (the embedded database's) answers as the database does", () => {
    // keepSearches pages, sorts, filters and counts a term's products in the process (ADR 040).
    const terms = ["sensor", "board", "temprature sensor", "display", "esp32", "servos", "kit", "zzqx no such part"];
    const filters: Partial<ProductListQuery>[] = [
      {},
      { category: "sensors" },
      { min: 10 },
      { max: 25 },
      { inStock: true },
      { category: "development-boards", min: 5, max: 50, inStock: true },
      { min: 25, max: 25 },
    ];
    const sorts = ["name", "price-low", "price-high", "rating"] as const;

    it("the same pages, totals and counts for every sort, page and filter", async () => {
      const kept = new SqlProductRepository(db, { keepSearches: true });
      for (const search of terms)
        for (const filter of filters) {
          const query: ProductListQuery = { ...LIST, ...filter, search };
          expect(await kept.countFacets(facetQuery(query)), `${search} ${JSON.stringify(filter)}`).toEqual(
            await repository.countFacets(facetQuery(query)),
          );
          for (const sort of sorts)
            for (const page of [1, 2, 7]) {
              const listed = { ...query, sort, page };
              expect(await kept.listProducts(listed), `${search} ${JSON.stringify(filter)} ${sort} ${page}`).toEqual(
                await repository.listProducts(listed),
              );
            }
        }
    });

    it("keeps no failed read: the next page reads the facts again", async () => {
      let failOnce = true;
      const flaky = intercepted((sql) => {
        if (!failOnce || !sql.includes("price::float8")) return;
        failOnce = false;
        return Promise.reject(Object.assign(new Error("connection lost"), { code: "08006" }));
      });
      const kept = new SqlProductRepository(flaky, { keepSearches: true });
      const query: ProductListQuery = { ...LIST, search: "sensor" };
      await expect(kept.listProducts(query)).rejects.toThrow(/connection lost/);
      expect(await kept.listProducts(query)).toEqual(await repository.listProducts(query));
    });

    it("asks the database only for the page's rows once a term, its facts and its order are read", async () => {
      const statements: string[] = [];
      const spy = intercepted((sql) => {
        statements.push(sql);
      });
      const kept = new SqlProductRepository(spy, { keepSearches: true });
      const query: ProductListQuery = { ...LIST, search: "sensor", sort: "price-low" };
      await Promise.all([kept.listProducts(query), kept.countFacets(facetQuery(query))]);
      statements.length = 0;
      await kept.listProducts({ ...query, min: 10, inStock: true });
      await kept.countFacets(facetQuery({ ...query, category: "sensors", max: 30 }));
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^select json_agg\(p\) as products from \(\s*select id, name, .* where id = any/);
    });
  });

  describe("what a hosted project's API calls: the same answers", () => {
    // The Supabase backend lists through search_products and counts through catalogue_facets (one
    // call each over HTTP); the SQL backend reads the term once and counts with catalogue_counts.
    const queries: Partial<ProductListQuery>[] = [
      { search: "" },
      { search: "sensor" },
      { search: "sensor", category: "sensors", max: 25, inStock: true },
      { search: "temprature" },
      { search: "temprature", exact: true },
      { search: "uno arduino", min: 10 },
      { search: "zzqx no such part 4711" },
      { category: "robotics", min: 10, max: 50 },
    ];

    it.each(queries.map((q) => [JSON.stringify(q), q] as const))("%s", async (_, changes) => {
      const query: ProductListQuery = { ...LIST, ...changes };
      const args = facetArguments(facetQuery(query));
      const { rows } = await db.query<{ facets: unknown }>(
        "select public.catalogue_facets($1, $2, $3, $4, $5, $6, $7::jsonb) as facets",
        [
          args.term,
          args.exact,
          args.category,
          args.min_price,
          args.max_price,
          args.in_stock,
          JSON.stringify(args.price_ranges),
        ],
      );
      expect(toCatalogueFacets(rows[0]?.facets)).toEqual(await repository.countFacets(facetQuery(query)));
      if (!query.search) return;
      const listed = await search(query.search, changes);
      const found = await db.query<{ id: number }>(
        `select id::int as id from public.search_products($1, $2)
         where ($3::text is null or category = $3) and ($4::numeric is null or price >= $4)
           and ($5::numeric is null or price <= $5) and (not $6 or in_stock) order by id`,
        [args.term, args.exact, args.category, args.min_price, args.max_price, args.in_stock],
      );
      expect(found.rows.map((r) => r.id)).toEqual([...listed.ids].sort((a, b) => a - b));
    });
  });

  describe("hostile terms", () => {
    const HOSTILE: [string, string][] = [
      ["100 × %", "%".repeat(100)],
      ["100 × _", "_".repeat(100)],
      ["100 × \\", "\\".repeat(100)],
      ["quotes", `'"'' ""' \`x\``],
      ["SQL: a quote and a comment", "'; drop table products; --"],
      ["SQL: always true", "1' or '1'='1"],
      ["SQL: dollar quoting", "$$; delete from public.products; $$"],
      ["SQL: parameters and format codes", "$1 %s %L %I ?"],
      ["SQL: a comment", "/* sensor */ -- x"],
      ["regular expression syntax", "(.*)+[^a]{2,}\\1 | $"],
      ["LIKE syntax", "%sensor% _ensor [a-z]"],
      ["emoji", "🔥🔌 sensor 👍🏽"],
      ["right-to-left marks (U+200F)", "\u200fsensor\u200f \u200f"],
      ["zero-width space and no-break space", "oled\u200bdisplay temperature\u00a0sensor"],
      ["50 one-letter words", LETTERS_50],
      ["one 100-letter word", "abcdefghij".repeat(10)],
      ["100 letters of one misspelt word repeated", "temprature ".repeat(10)],
      ["a NUL (the app removes it)", "sen\u0000sor"],
      ["only joiners", "- _ . / -_./"],
      ["long part-number-like words", "a1-b2-c3-d4-e5-f6-g7-h8-i9-j0 ".repeat(3)],
    ];

    for (const [name, raw] of HOSTILE) {
      it(`answers ${name} without an error`, async () => {
        // What the catalogue's loader does with the search parameter (app/models/catalogue/catalogue-query.ts).
        const term = parseSearchTerm(raw);
        expect(term).not.toContain("\u0000");
        expect(term.length).toBeLessThanOrEqual(100);
        const found = await search(term);
        expect(found.total).toBe(found.names.length);
        expect(found.facets.allCategories).toBe(found.total);
        expect(["as-typed", "some-words", "corrected", "nothing"]).toContain(found.reading?.kind);
      });
    }

    it("searches a term with a NUL as the app cleans it: the same as without", async () => {
      expect(parseSearchTerm("sen\u0000sor")).toBe("sensor");
      expect((await search(parseSearchTerm("sen\u0000sor"))).ids).toEqual((await search("sensor")).ids);
    });

    it("leaves the catalogue whole after every hostile term", async () => {
      expect((await repository.listProducts(LIST)).total).toBe(SEED_PRODUCTS);
    });
  });

  describe("bounded work for long terms", () => {
    /** How often each of our functions ran for one search (in one transaction, so no other search counts). */
    async function functionCalls(term: string): Promise<Record<string, number>> {
      return db.transaction(async (tx) => {
        await tx.exec("set local track_functions = 'all'");
        const read = async () =>
          Object.fromEntries(
            (
              await tx.query<{ name: string; calls: number | string }>(
                "select funcname as name, calls from pg_stat_xact_user_functions where schemaname = 'public'",
              )
            ).rows.map((r) => [r.name, Number(r.calls)]),
          );
        const before = await read();
        await tx.query("select public.search_resolve($1, false)", [term]);
        const after = await read();
        return Object.fromEntries(Object.entries(after).map(([name, calls]) => [name, calls - (before[name] ?? 0)]));
      });
    }

    it("uses the first ten words only: an eleventh that matches nothing changes nothing", async () => {
      const ten = "temperature humidity sensor module dht22 calibrated digital board pull resistor";
      expect(await search(ten)).toMatchObject({ names: [P.dht22], reading: AS_TYPED });
      expect(await search(`${ten} zzqqxx`)).toMatchObject({ names: [P.dht22], reading: AS_TYPED });
      // As the tenth word, it counts.
      const nine = ten.split(" ").slice(0, 9).join(" ");
      expect(await search(`${nine} zzqqxx`)).toMatchObject({ names: [P.dht22], reading: someWords(9, 10) });
    });

    it("looks up at most ten misspelt words in the vocabulary, however many are typed", async () => {
      // Fourteen made-up words of six letters, none in the catalogue: each could be corrected.
      const typos = "qwerty asdfgh zxcvbn poiuyt lkjhgf mnbvcx qazwsx edcrfv tgbyhn ujmiko plokmi wsxedc rfvtgb yhnujm";
      const calls = await functionCalls(typos);
      expect(calls.search_resolve).toBe(1);
      expect(calls.search_nearest_word ?? 0).toBeGreaterThan(0);
      expect(calls.search_nearest_word).toBeLessThanOrEqual(10);
    });

    it("does no vocabulary look-up at all for 50 one-letter words (too short to correct)", async () => {
      const calls = await functionCalls(LETTERS_50);
      expect(calls.search_resolve).toBe(1);
      expect(calls.search_nearest_word ?? 0).toBe(0);
      expect(calls.search_distance ?? 0).toBe(0);
    });
  });
});

describe.each(SQL_DRIVERS)("the vocabulary after writes, on %s", (driver) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let repository: SqlProductRepository;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(driver, { supabaseDir: SUPABASE_DIR, seed: false }));
    repository = new SqlProductRepository(db);
    // A little catalogue to write beside.
    await db.query(
      `insert into public.products (name, description, category, price, image)
       values ('Plain Sensor Board', 'A board with a sensor on it.', 'sensors', 5, '/x.svg'),
              ('Plain Display Module', 'A small display module.', 'displays', 7, '/x.svg')`,
    );
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await close?.();
  });

  async function vocabulary(): Promise<Record<string, number>> {
    const { rows } = await db.query<{ word: string; products: number }>(
      "select word, products from public.search_vocabulary order by word",
    );
    return Object.fromEntries(rows.map((r) => [r.word, Number(r.products)]));
  }

  /** The vocabulary as it would be built afresh from the products now in the table. */
  async function rebuiltVocabulary(): Promise<Record<string, number>> {
    const { rows } = await db.query<{ word: string; products: number }>(
      `select word, count(*)::int as products
       from public.products, unnest(public.search_words(name, description)) as word
       group by word order by word`,
    );
    return Object.fromEntries(rows.map((r) => [r.word, Number(r.products)]));
  }

  async function reading(term: string) {
    const listing = { ...LIST, search: term };
    const facets = await repository.countFacets(facetQuery(listing));
    const page = await repository.listProducts(listing);
    return { reading: facets.search, names: page.products.map((p) => p.name) };
  }

  const insert = (name: string, description: string) =>
    db.query<{ id: number }>(
      `insert into public.products (name, description, category, price, image)
       values ($1, $2, 'components', 3, '/x.svg') returning id::int as id`,
      [name, description],
    );

  it("starts as the products' words", async () => {
    expect(await vocabulary()).toEqual(await rebuiltVocabulary());
    expect(await vocabulary()).toMatchObject({ plain: 2, sensor: 1, display: 1, board: 1 });
  });

  it("holds a new product's unusual word, and corrects a typo of it to it", async () => {
    await insert("Quuxotronic Flux Capacitor", "Stores enough charge for a quuxotronic time circuit.");
    expect((await vocabulary()).quuxotronic).toBe(1);
    expect(await reading("quuxotronik")).toEqual({
      reading: corrected("quuxotronic"),
      names: ["Quuxotronic Flux Capacitor"],
    });
    expect(await reading("quuxotronic")).toEqual({ reading: AS_TYPED, names: ["Quuxotronic Flux Capacitor"] });
    expect(await vocabulary()).toEqual(await rebuiltVocabulary());
  });

  it("takes a renamed product's old word away and brings its new one", async () => {
    await db.query(
      `update public.products set name = 'Zorblatic Flux Capacitor',
         description = 'Stores enough charge for a zorblatic time circuit.'
       where name = 'Quuxotronic Flux Capacitor'`,
    );
    const words = await vocabulary();
    expect(words).not.toHaveProperty("quuxotronic");
    expect(words.zorblatic).toBe(1);
    expect(await reading("quuxotronik")).toEqual({ reading: nothing(), names: [] });
    expect(await reading("zorblatik")).toEqual({
      reading: corrected("zorblatic"),
      names: ["Zorblatic Flux Capacitor"],
    });
    expect(await vocabulary()).toEqual(await rebuiltVocabulary());
  });

  it("keeps the counts as they were after an update that changes no word", async () => {
    const before = await vocabulary();
    await db.query("update public.products set price = price + 1");
    expect(await vocabulary()).toEqual(before);
  });

  it("takes a deleted product's words away", async () => {
    await db.query("delete from public.products where name = 'Zorblatic Flux Capacitor'");
    const words = await vocabulary();
    expect(words).not.toHaveProperty("zorblatic");
    expect(words).not.toHaveProperty("capacitor");
    expect(await reading("zorblatik")).toEqual({ reading: nothing(), names: [] });
    expect(await vocabulary()).toEqual(await rebuiltVocabulary());
  });

  it("keeps a word two products hold when one of them is deleted", async () => {
    // Both in one statement: the triggers run once for the statement, with both rows.
    await db.query(
      `insert into public.products (name, description, category, price, image)
       values ('Frobnicator Probe, Red', 'A frobnicator for the red lead.', 'tools', 4, '/x.svg'),
              ('Frobnicator Probe, Black', 'A frobnicator for the black lead.', 'tools', 4, '/x.svg')`,
    );
    expect((await vocabulary()).frobnicator).toBe(2);
    await db.query("delete from public.products where name = 'Frobnicator Probe, Red'");
    expect((await vocabulary()).frobnicator).toBe(1);
    expect(await reading("frobnicater")).toEqual({
      reading: corrected("frobnicator"),
      names: ["Frobnicator Probe, Black"],
    });
    await db.query("delete from public.products where name = 'Frobnicator Probe, Black'");
    expect(await vocabulary()).not.toHaveProperty("frobnicator");
    expect(await vocabulary()).toEqual(await rebuiltVocabulary());
  });

  it("learns the words of a catalogue import (npm run catalogue -- import), and none from a dry run", async () => {
    const image = "/images/products/max98357a-i2s-class-d-amplifier-breakout-1.svg";
    const record: CatalogueRecord = {
      id: null,
      name: "Wibbleflange Logic Probe",
      description: "A wibbleflange probe that reads logic levels from 1.8 V to 5 V.",
      category: "tools",
      price: 12.5,
      original_price: null,
      in_stock: true,
      stock_count: 5,
      rating: 4.5,
      reviews: 3,
      image,
      images: [image],
      features: ["Reads 1.8 V to 5 V logic"],
      specifications: { Range: "1.8 - 5 V" },
      created_at: null,
      withdrawn: false,
    };
    const file = JSON.stringify([record]);

    const dryRun = await importCatalogueFile(db, file, "json", { dryRun: true, publicDir: PUBLIC_DIR });
    expect(dryRun).toMatchObject({ summary: { added: 1 } });
    expect(await vocabulary()).not.toHaveProperty("wibbleflange");

    const imported = await importCatalogueFile(db, file, "json", { dryRun: false, publicDir: PUBLIC_DIR });
    expect(imported).toMatchObject({ summary: { added: 1 } });
    expect((await vocabulary()).wibbleflange).toBe(1);
    // A letter left out in the middle (a prefix would be found as typed).
    expect(await reading("wibblefange")).toEqual({
      reading: corrected("wibbleflange"),
      names: ["Wibbleflange Logic Probe"],
    });

    // Imported again under its id with a new name: the old word goes, the new one comes.
    const { rows } = await db.query<{ id: number }>(
      "select id::int as id from public.products where name = 'Wibbleflange Logic Probe'",
    );
    const renamed = { ...record, id: rows[0]!.id, name: "Snorkelwise Logic Probe", description: "Reads logic levels." };
    const changed = await importCatalogueFile(db, JSON.stringify([renamed]), "json", {
      dryRun: false,
      publicDir: PUBLIC_DIR,
    });
    expect(changed).toMatchObject({ summary: { changed: 1 } });
    const words = await vocabulary();
    expect(words).not.toHaveProperty("wibbleflange");
    expect(words.snorkelwise).toBe(1);
    expect(await reading("snorkelwize")).toEqual({
      reading: corrected("snorkelwise"),
      names: ["Snorkelwise Logic Probe"],
    });
    expect(await vocabulary()).toEqual(await rebuiltVocabulary());
  });
});
