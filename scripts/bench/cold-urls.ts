/**
 * URLs for the benchmark's cold workloads (scripts/bench.ts): product pages and searches that
 * never repeat within a run, so the in-process catalogue cache (app/backends/cached-product-repository.server.ts)
 * answers none of them and every request pays for its queries and its rendering.
 *
 * The cache is keyed by the parsed query (search, category, price range, stock, sort, page) for
 * catalogue pages and by the id for products and their related products. A URL asked for a second
 * time is a cache hit, so a benchmark that repeats a few URLs (`/product/1`, one search) measures
 * rendering from memory, not what a shopper who browses the long tail costs. Here each URL is
 * drawn without replacement from a shuffled set; only when a set runs out does the pool start
 * again, and it counts those repeats so the benchmark can say so.
 */
import { PRICE_MAX, SORTS } from "~/models/catalogue/catalogue-query";

/**
 * What shoppers type: words and phrases from the catalogue's names and descriptions, in
 * supabase/seed.sql (the 72 seed products) and scripts/db-scale-words.json (the generated ones:
 * nouns, adjectives and features). tests/tooling/bench-cold-urls.test.ts checks each occurs there.
 */
export const SHOPPER_WORDS = [
  "sensor",
  "temperature",
  "humidity",
  "distance sensor",
  "motion",
  "light sensor",
  "gas sensor",
  "imu",
  "amplifier",
  "speaker",
  "microphone",
  "dac",
  "buzzer",
  "audio shield",
  "resistor",
  "capacitor",
  "transistor",
  "header",
  "breadboard",
  "jumper",
  "microcontroller",
  "dev kit",
  "single-board",
  "fpga",
  "rp2040",
  "nano",
  "esp32",
  "arduino",
  "oled",
  "tft",
  "e-paper",
  "led matrix",
  "lcd",
  "seven-segment",
  "display",
  "screen",
  "wi-fi",
  "lora",
  "bluetooth",
  "zigbee",
  "gps",
  "nfc",
  "antenna",
  "servo",
  "stepper",
  "motor driver",
  "chassis",
  "gear motor",
  "wheel",
  "soldering iron",
  "soldering",
  "multimeter",
  "wire stripper",
  "helping hands",
  "oscilloscope",
  "hot air",
  "tweezers",
  "compact",
  "pro",
  "mini",
  "precision",
  "rugged",
  "essential",
  "advanced",
  "classic",
  "ultra",
  "smart",
  "module",
  "board",
  "breakout",
  "usb-c",
  "i2c",
  "spi",
  "low power",
  "calibrated",
  "stereo",
  "touch",
  "long range",
  "high torque",
  "encoder",
  "esd safe",
  "qwiic",
] as const;

/**
 * What shoppers type when they type badly or loosely: misspelt words, words in another order than
 * the product's, plurals and part numbers with or without their joiners. Each makes the search
 * take its longer ways (docs/catalogue.md#search): every word in any order, the most of the words,
 * a typo corrected from the catalogue's vocabulary, and one that finds nothing at all after all
 * of them. tests/unit/search.test.ts shows what each finds on the seed catalogue.
 */
export const SHOPPER_TYPOS = [
  "temprature sensor",
  "humidity temperature",
  "sensr",
  "osciloscope",
  "bluetoth module",
  "ardiuno",
  "servos",
  "motor stepper",
  "driver motor",
  "resistors kit",
  "hc sr04",
  "hcsr04",
  "esp32s3",
  "oled 128x64",
  "e paper",
  "breadbord",
  "potentiometre",
  "solderng iron",
  "microcontroler board",
  "amplifer",
  "zzqx no such part",
] as const;

/** Shoppers rarely go past the third page of results. */
export const SEARCH_PAGES = 3;

/** mulberry32: small, fast, and the same sequence for the same seed on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates, in place. */
export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** `/product/1` … `/product/<products>`, every id once, shuffled over the catalogue. */
export function coldProductPaths(products: number, seed: number): string[] {
  const paths = Array.from({ length: products }, (_, i) => `/product/${i + 1}`);
  return shuffle(paths, seededRandom(seed));
}

/** How many distinct searches coldSearchPaths can make of `terms`: terms × sorts × pages × price floors. */
export const searchSpace = (terms: readonly string[]) => terms.length * SORTS.length * SEARCH_PAGES * (PRICE_MAX + 1);
export const SEARCH_SPACE = searchSpace(SHOPPER_WORDS);

/**
 * `/products?search=<word>&sort=<sort>&page=<1..3>&min=<0..100>`, every combination once,
 * shuffled: a random sort, page and price floor for each search. A page past the end of a
 * narrow search falls back to the first page (docs/catalogue.md#paging), still answered 200.
 */
export function coldSearchPaths(seed: number, terms: readonly string[] = SHOPPER_WORDS): string[] {
  const order = shuffle(
    Array.from({ length: searchSpace(terms) }, (_, i) => i),
    seededRandom(seed),
  );
  return order.map((index) => {
    let rest = index;
    const take = (n: number) => {
      const value = rest % n;
      rest = Math.floor(rest / n);
      return value;
    };
    const word = terms[take(terms.length)]!;
    const sort = SORTS[take(SORTS.length)]!;
    const page = 1 + take(SEARCH_PAGES);
    const min = take(PRICE_MAX + 1);
    const params = new URLSearchParams({ search: word, sort, page: String(page), min: String(min) });
    return `/products?${params}`;
  });
}

/**
 * Hands out paths in order, once each; after the last it starts again from the first and counts
 * every path handed out again as a repeat.
 */
export class PathPool {
  private next = 0;
  /** Paths handed out, repeats included. */
  used = 0;
  /** Paths handed out that had been handed out before in this pool. */
  repeats = 0;

  constructor(readonly paths: readonly string[]) {
    if (paths.length === 0) throw new Error("a path pool needs at least one path");
  }

  take(): string {
    const path = this.paths[this.next]!;
    if (this.used >= this.paths.length) this.repeats++;
    this.used++;
    this.next = (this.next + 1) % this.paths.length;
    return path;
  }
}
