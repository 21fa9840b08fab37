/**
 * Draws the catalogue's product illustrations: public/images/products/<slug>-<n>.svg.
 *
 *   npx tsx scripts/draw-product-images.ts
 *
 * Each product below is a small description (what kind of thing it is, its colours, its label
 * and which views to draw). The drawing code turns that into flat 800x800 SVGs in one style:
 * a soft background tint per category, the object centred, and 2-4 different views per product
 * (front, back or pinout, angled, close-up). supabase/seed.sql lists the same files; the seed
 * test checks that every image it names exists here.
 *
 * The SVGs are self-contained: no scripts, no external references, generic font families.
 */
import { mkdir, readdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import type { CategorySlug } from "../app/models/categories";
import { PRODUCT_IMAGE_SIZE } from "../app/models/product";

// ---------------------------------------------------------------------------------------------
// Descriptions

export type View = "front" | "back" | "angle" | "detail";

/** Where a part sits on a board: fractions of the board's width and height (0..1), centre of the part. */
interface At {
  x: number;
  y: number;
}

type Part =
  | (At & { type: "chip"; w: number; h: number; label?: string; style?: "qfp" | "qfn" | "dip" | "soic" | "can" })
  | (At & { type: "antenna-pcb"; w: number; h: number })
  | (At & { type: "heatsink"; w: number; h: number; color?: string })
  | (At & { type: "terminal"; n: number; color?: string; vertical?: boolean })
  | (At & { type: "sd" | "mems" | "button" | "trimmer" | "crystal" | "sim" | "cap" | "ceramic-antenna" })
  | (At & { type: "electret" | "transducer" | "dome" | "lens" | "knob" | "coin"; r: number })
  | (At & { type: "patch"; s: number })
  | (At & { type: "jack"; side?: "left" | "right" | "bottom" })
  | (At & { type: "usb"; kind: "micro" | "c" | "b" | "a"; side: "left" | "right" | "top" })
  | (At & { type: "sma"; side: "right" | "top"; stick?: number })
  | (At & { type: "coil" })
  | (At & { type: "led"; color: string })
  | (At & { type: "led-row" | "switch-row"; n: number; color?: string })
  | (At & { type: "smd"; n: number; vertical?: boolean })
  | (At & { type: "header"; n: number; rows?: 1 | 2; vertical?: boolean })
  | (At & { type: "servo-headers"; n: number })
  | (At & { type: "ports"; kind: "usb-stack" | "ethernet" | "hdmi"; side: "right" | "bottom" | "left" })
  | (At & { type: "screen"; w: number; h: number; content: ScreenContent })
  | (At & { type: "matrix"; s: number })
  | (At & { type: "dht"; w: number; h: number })
  | (At & { type: "module"; w: number; h: number; color: string; label?: string })
  | (At & { type: "text"; label: string; size?: number });

type ScreenContent = "oled" | "oled-white" | "tft" | "tft-ui" | "lcd" | "epaper" | "desktop" | "scope";

interface BoardDrawing {
  kind: "board";
  w: number;
  h: number;
  pcb: string;
  /** Silkscreen text on the front; printed large on the back. */
  label: string;
  shape?: "rect" | "round" | "probe";
  headers?: { side: "top" | "bottom" | "left" | "right"; n: number; names?: string[] }[];
  parts: Part[];
}

type ObjectKind =
  | "speaker"
  | "assortment"
  | "breadboard"
  | "jumpers"
  | "case"
  | "monitor"
  | "gateway"
  | "dongle"
  | "servo"
  | "gearmotor"
  | "stepper"
  | "car"
  | "arm"
  | "lidar"
  | "station"
  | "multimeter"
  | "analyzer"
  | "scope"
  | "spool"
  | "cutters"
  | "hands"
  | "psu"
  | "mat";

type Item = "resistor" | "ceramic" | "electrolytic" | "led" | "transistor" | "button";

interface ObjectDrawing {
  kind: ObjectKind;
  /** Main body colour. */
  color: string;
  /** Second colour (trim, grips, caps ...). */
  accent?: string;
  label?: string;
  /** Assortments: what lies in the compartments. */
  item?: Item;
  /** Monitors: screen diagonal class. */
  size?: "small" | "large";
}

type Drawing = BoardDrawing | ObjectDrawing;

export interface ProductDrawing {
  /** Exactly the product's name in supabase/seed.sql; the file names are its slug. */
  name: string;
  category: CategorySlug;
  views: readonly View[];
  drawing: Drawing;
}

const PIN_I2C = ["VIN", "GND", "SCL", "SDA"];

export const PRODUCT_DRAWINGS: ProductDrawing[] = [
  // ----------------------------------------------------------------------------- audio
  {
    name: "MAX98357A I2S Class-D Amplifier Breakout",
    category: "audio",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 330,
      h: 300,
      pcb: "#5b2a86",
      label: "MAX98357A",
      headers: [{ side: "bottom", n: 7, names: ["LRC", "BCLK", "DIN", "GAIN", "SD", "GND", "VIN"] }],
      parts: [
        { type: "terminal", x: 0.5, y: 0.18, n: 2 },
        { type: "chip", x: 0.5, y: 0.52, w: 46, h: 46, label: "98357", style: "qfn" },
        { type: "smd", x: 0.22, y: 0.52, n: 3, vertical: true },
        { type: "smd", x: 0.78, y: 0.52, n: 3, vertical: true },
      ],
    },
  },
  {
    name: "INMP441 I2S MEMS Microphone Module",
    category: "audio",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 280,
      h: 280,
      pcb: "#1f4fa3",
      label: "INMP441",
      shape: "round",
      headers: [{ side: "bottom", n: 6, names: ["SCK", "WS", "L/R", "SD", "VDD", "GND"] }],
      parts: [
        { type: "mems", x: 0.5, y: 0.42 },
        { type: "smd", x: 0.5, y: 0.62, n: 3 },
      ],
    },
  },
  {
    name: "Mini Speaker 40 mm 3 W 4 Ohm (2-Pack)",
    category: "audio",
    views: ["front", "angle", "detail"],
    drawing: { kind: "speaker", color: "#2b2d33", accent: "#c9ced6" },
  },
  {
    name: "PAM8403 Stereo 3 W Amplifier Module",
    category: "audio",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 320,
      h: 260,
      pcb: "#1d6b3a",
      label: "PAM8403",
      headers: [
        { side: "top", n: 5, names: ["L+", "L-", "R-", "R+", "5V"] },
        { side: "bottom", n: 5, names: ["L", "G", "R", "GND", "5V"] },
      ],
      parts: [
        { type: "chip", x: 0.5, y: 0.5, w: 70, h: 40, label: "PAM8403", style: "soic" },
        { type: "cap", x: 0.22, y: 0.5 },
        { type: "smd", x: 0.8, y: 0.5, n: 3, vertical: true },
      ],
    },
  },
  {
    name: "Mini MP3 Player Module with microSD Slot",
    category: "audio",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 300,
      h: 300,
      pcb: "#1b1d22",
      label: "MP3-TF",
      headers: [
        { side: "left", n: 8, names: ["VCC", "RX", "TX", "DAC_R", "DAC_L", "SPK1", "GND", "SPK2"] },
        { side: "right", n: 8, names: ["BUSY", "USB-", "USB+", "ADK2", "ADK1", "IO2", "GND", "IO1"] },
      ],
      parts: [
        { type: "sd", x: 0.5, y: 0.3 },
        { type: "chip", x: 0.5, y: 0.7, w: 60, h: 34, label: "MP3", style: "soic" },
      ],
    },
  },
  {
    name: "TPA3116D2 2x50 W Stereo Amplifier Board",
    category: "audio",
    views: ["front", "angle", "detail", "back"],
    drawing: {
      kind: "board",
      w: 470,
      h: 360,
      pcb: "#1d6b3a",
      label: "TPA3116D2 2x50W",
      parts: [
        { type: "heatsink", x: 0.5, y: 0.36, w: 220, h: 150 },
        { type: "terminal", x: 0.16, y: 0.86, n: 2, color: "#2f6fd6" },
        { type: "terminal", x: 0.5, y: 0.86, n: 4, color: "#2f6fd6" },
        { type: "knob", x: 0.85, y: 0.78, r: 34 },
        { type: "jack", x: 0.88, y: 0.3, side: "right" },
        { type: "cap", x: 0.14, y: 0.3 },
        { type: "cap", x: 0.14, y: 0.55 },
        { type: "smd", x: 0.5, y: 0.7, n: 5 },
      ],
    },
  },
  {
    name: "Electret Microphone Amplifier Module (MAX4466)",
    category: "audio",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 280,
      h: 230,
      pcb: "#1f4fa3",
      label: "MAX4466",
      headers: [{ side: "bottom", n: 3, names: ["OUT", "GND", "VCC"] }],
      parts: [
        { type: "electret", x: 0.34, y: 0.42, r: 46 },
        { type: "trimmer", x: 0.76, y: 0.3 },
        { type: "chip", x: 0.76, y: 0.6, w: 34, h: 26, style: "soic" },
      ],
    },
  },
  {
    name: "VS1053 Audio Codec Breakout with microSD",
    category: "audio",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 440,
      h: 300,
      pcb: "#b3262e",
      label: "VS1053 CODEC",
      headers: [
        {
          side: "top",
          n: 12,
          names: ["VCC", "GND", "SCK", "MISO", "MOSI", "CS", "XDCS", "DREQ", "RST", "SDCS", "MIC", "LINE"],
        },
      ],
      parts: [
        { type: "chip", x: 0.38, y: 0.55, w: 90, h: 90, label: "VS1053B", style: "qfp" },
        { type: "sd", x: 0.78, y: 0.55 },
        { type: "jack", x: 0.12, y: 0.62, side: "left" },
        { type: "crystal", x: 0.6, y: 0.82 },
      ],
    },
  },
  {
    name: "PCM5102A I2S Stereo DAC Board",
    category: "audio",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 400,
      h: 240,
      pcb: "#5b2a86",
      label: "PCM5102A DAC",
      headers: [{ side: "bottom", n: 6, names: ["VIN", "GND", "LCK", "DIN", "BCK", "SCK"] }],
      parts: [
        { type: "chip", x: 0.42, y: 0.45, w: 70, h: 36, label: "PCM5102A", style: "soic" },
        { type: "jack", x: 0.86, y: 0.4, side: "right" },
        { type: "smd", x: 0.18, y: 0.4, n: 3, vertical: true },
      ],
    },
  },

  // ----------------------------------------------------------------------------- components
  {
    name: "Metal Film Resistor Kit, 600 pcs, 30 Values",
    category: "components",
    views: ["front", "detail", "angle"],
    drawing: { kind: "assortment", color: "#dfe7ee", item: "resistor", label: "1% METAL FILM" },
  },
  {
    name: "Ceramic Capacitor Assortment, 300 pcs",
    category: "components",
    views: ["front", "detail"],
    drawing: { kind: "assortment", color: "#dfe7ee", item: "ceramic", label: "CERAMIC" },
  },
  {
    name: "Electrolytic Capacitor Kit, 24 Values, 500 pcs",
    category: "components",
    views: ["front", "detail", "angle"],
    drawing: { kind: "assortment", color: "#dfe7ee", item: "electrolytic", label: "ELECTROLYTIC" },
  },
  {
    name: "5 mm LED Assortment, 5 Colours, 500 pcs",
    category: "components",
    views: ["front", "detail"],
    drawing: { kind: "assortment", color: "#dfe7ee", item: "led", label: "5 MM LED" },
  },
  {
    name: "830-Point Solderless Breadboard",
    category: "components",
    views: ["front", "angle", "detail"],
    drawing: { kind: "breadboard", color: "#f7f7f4" },
  },
  {
    name: "Jumper Wire Set, 120 pcs (M-M, M-F, F-F)",
    category: "components",
    views: ["front", "detail"],
    drawing: { kind: "jumpers", color: "#1b1d22" },
  },
  {
    name: "Tactile Push Button Kit, 6x6 mm, 180 pcs",
    category: "components",
    views: ["front", "detail"],
    drawing: { kind: "assortment", color: "#dfe7ee", item: "button", label: "6x6 TACT" },
  },
  {
    name: "NPN/PNP Transistor Assortment, 200 pcs",
    category: "components",
    views: ["front", "detail"],
    drawing: { kind: "assortment", color: "#dfe7ee", item: "transistor", label: "TO-92" },
  },
  {
    name: "Electronics Component Mega Kit, 1,500+ Parts",
    category: "components",
    views: ["front", "angle", "detail"],
    drawing: { kind: "case", color: "#2563eb", accent: "#dbe7f5", label: "MEGA KIT" },
  },

  // ----------------------------------------------------------------------------- development-boards
  {
    name: "ESP32 DevKit V1, WROOM-32, 38-Pin",
    category: "development-boards",
    views: ["front", "back", "angle", "detail"],
    drawing: {
      kind: "board",
      w: 580,
      h: 250,
      pcb: "#1b1d22",
      label: "ESP32 DEVKIT V1",
      headers: [
        {
          side: "top",
          n: 19,
          names: [
            "3V3",
            "EN",
            "VP",
            "VN",
            "34",
            "35",
            "32",
            "33",
            "25",
            "26",
            "27",
            "14",
            "12",
            "GND",
            "13",
            "D2",
            "D3",
            "CMD",
            "5V",
          ],
        },
        {
          side: "bottom",
          n: 19,
          names: [
            "GND",
            "23",
            "22",
            "TX",
            "RX",
            "21",
            "GND",
            "19",
            "18",
            "5",
            "17",
            "16",
            "4",
            "0",
            "2",
            "15",
            "D1",
            "D0",
            "CLK",
          ],
        },
      ],
      parts: [
        { type: "chip", x: 0.66, y: 0.5, w: 150, h: 120, label: "ESP32-WROOM-32", style: "can" },
        { type: "antenna-pcb", x: 0.9, y: 0.5, w: 56, h: 120 },
        { type: "usb", x: 0, y: 0.5, kind: "micro", side: "left" },
        { type: "button", x: 0.13, y: 0.3 },
        { type: "button", x: 0.13, y: 0.7 },
        { type: "chip", x: 0.3, y: 0.5, w: 40, h: 40, label: "CP2102", style: "qfn" },
        { type: "led", x: 0.43, y: 0.34, color: "#ef4444" },
        { type: "led", x: 0.43, y: 0.66, color: "#3b82f6" },
      ],
    },
  },
  {
    name: "RP2040 Pico-Style Board with Wi-Fi",
    category: "development-boards",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 560,
      h: 220,
      pcb: "#1d6b3a",
      label: "RP2040 PICO W",
      headers: [
        {
          side: "top",
          n: 20,
          names: [
            "GP0",
            "GP1",
            "GND",
            "GP2",
            "GP3",
            "GP4",
            "GP5",
            "GND",
            "GP6",
            "GP7",
            "GP8",
            "GP9",
            "GND",
            "GP10",
            "GP11",
            "GP12",
            "GP13",
            "GND",
            "GP14",
            "GP15",
          ],
        },
        {
          side: "bottom",
          n: 20,
          names: [
            "VBUS",
            "VSYS",
            "GND",
            "3V3E",
            "3V3",
            "VREF",
            "GP28",
            "GND",
            "GP27",
            "GP26",
            "RUN",
            "GP22",
            "GND",
            "GP21",
            "GP20",
            "GP19",
            "GP18",
            "GND",
            "GP17",
            "GP16",
          ],
        },
      ],
      parts: [
        { type: "usb", x: 0, y: 0.5, kind: "micro", side: "left" },
        { type: "chip", x: 0.38, y: 0.5, w: 70, h: 70, label: "RP2040", style: "qfn" },
        { type: "chip", x: 0.68, y: 0.5, w: 90, h: 80, label: "Wi-Fi", style: "can" },
        { type: "ceramic-antenna", x: 0.9, y: 0.5 },
        { type: "button", x: 0.17, y: 0.32 },
        { type: "led", x: 0.17, y: 0.68, color: "#22c55e" },
      ],
    },
  },
  {
    name: "Uno R3 Compatible Board, ATmega328P",
    category: "development-boards",
    views: ["front", "back", "angle", "detail"],
    drawing: {
      kind: "board",
      w: 540,
      h: 400,
      pcb: "#0f7e8a",
      label: "UNO R3",
      headers: [
        {
          side: "top",
          n: 18,
          names: [
            "SCL",
            "SDA",
            "AREF",
            "GND",
            "13",
            "12",
            "~11",
            "~10",
            "~9",
            "8",
            "7",
            "~6",
            "~5",
            "4",
            "~3",
            "2",
            "TX1",
            "RX0",
          ],
        },
        {
          side: "bottom",
          n: 14,
          names: ["-", "IOREF", "RST", "3V3", "5V", "GND", "GND", "VIN", "A0", "A1", "A2", "A3", "A4", "A5"],
        },
      ],
      parts: [
        { type: "usb", x: 0, y: 0.3, kind: "b", side: "left" },
        { type: "jack", x: 0.04, y: 0.78, side: "left" },
        { type: "chip", x: 0.64, y: 0.66, w: 210, h: 52, label: "ATMEGA328P", style: "dip" },
        { type: "chip", x: 0.36, y: 0.34, w: 40, h: 40, label: "16U2", style: "qfn" },
        { type: "crystal", x: 0.5, y: 0.44 },
        { type: "button", x: 0.14, y: 0.12 },
        { type: "cap", x: 0.24, y: 0.78 },
        { type: "cap", x: 0.32, y: 0.78 },
        { type: "led", x: 0.6, y: 0.36, color: "#f59e0b" },
        { type: "led", x: 0.65, y: 0.36, color: "#22c55e" },
        { type: "header", x: 0.94, y: 0.62, n: 3, rows: 2, vertical: true },
      ],
    },
  },
  {
    name: "Nano Compatible Board, USB-C",
    category: "development-boards",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 540,
      h: 210,
      pcb: "#1f4fa3",
      label: "NANO V3",
      headers: [
        {
          side: "top",
          n: 15,
          names: ["D12", "D11", "D10", "D9", "D8", "D7", "D6", "D5", "D4", "D3", "D2", "GND", "RST", "RX0", "TX1"],
        },
        {
          side: "bottom",
          n: 15,
          names: ["D13", "3V3", "REF", "A0", "A1", "A2", "A3", "A4", "A5", "A6", "A7", "5V", "RST", "GND", "VIN"],
        },
      ],
      parts: [
        { type: "usb", x: 0, y: 0.5, kind: "c", side: "left" },
        { type: "chip", x: 0.56, y: 0.5, w: 74, h: 74, label: "328P", style: "qfp" },
        { type: "chip", x: 0.27, y: 0.5, w: 50, h: 30, label: "CH340", style: "soic" },
        { type: "button", x: 0.8, y: 0.5 },
        { type: "led", x: 0.4, y: 0.3, color: "#22c55e" },
      ],
    },
  },
  {
    name: "Mega 2560 R3 Compatible Board",
    category: "development-boards",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 620,
      h: 300,
      pcb: "#0f7e8a",
      label: "MEGA 2560",
      headers: [
        {
          side: "top",
          n: 22,
          names: [
            "SCL",
            "SDA",
            "AREF",
            "GND",
            "13",
            "12",
            "11",
            "10",
            "9",
            "8",
            "7",
            "6",
            "5",
            "4",
            "3",
            "2",
            "TX0",
            "RX0",
            "TX3",
            "RX3",
            "TX2",
            "RX2",
          ],
        },
        {
          side: "bottom",
          n: 22,
          names: [
            "IOREF",
            "RST",
            "3V3",
            "5V",
            "GND",
            "GND",
            "VIN",
            "A0",
            "A1",
            "A2",
            "A3",
            "A4",
            "A5",
            "A6",
            "A7",
            "A8",
            "A9",
            "A10",
            "A11",
            "A12",
            "A13",
            "A14",
          ],
        },
      ],
      parts: [
        { type: "usb", x: 0, y: 0.3, kind: "b", side: "left" },
        { type: "jack", x: 0.04, y: 0.76, side: "left" },
        { type: "chip", x: 0.5, y: 0.52, w: 100, h: 100, label: "ATMEGA2560", style: "qfp" },
        { type: "header", x: 0.93, y: 0.52, n: 8, rows: 2, vertical: true },
        { type: "crystal", x: 0.32, y: 0.52 },
        { type: "led", x: 0.68, y: 0.36, color: "#f59e0b" },
      ],
    },
  },
  {
    name: "ESP32-S3 DevKit with 8 MB PSRAM",
    category: "development-boards",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 580,
      h: 240,
      pcb: "#1b1d22",
      label: "ESP32-S3 DEVKITC",
      headers: [
        {
          side: "top",
          n: 22,
          names: [
            "3V3",
            "3V3",
            "RST",
            "4",
            "5",
            "6",
            "7",
            "15",
            "16",
            "17",
            "18",
            "8",
            "3",
            "46",
            "9",
            "10",
            "11",
            "12",
            "13",
            "14",
            "5V",
            "GND",
          ],
        },
        {
          side: "bottom",
          n: 22,
          names: [
            "GND",
            "TX",
            "RX",
            "1",
            "2",
            "42",
            "41",
            "40",
            "39",
            "38",
            "37",
            "36",
            "35",
            "0",
            "45",
            "48",
            "47",
            "21",
            "20",
            "19",
            "GND",
            "GND",
          ],
        },
      ],
      parts: [
        { type: "usb", x: 0, y: 0.3, kind: "c", side: "left" },
        { type: "usb", x: 0, y: 0.7, kind: "c", side: "left" },
        { type: "chip", x: 0.62, y: 0.5, w: 150, h: 120, label: "ESP32-S3-WROOM-1", style: "can" },
        { type: "antenna-pcb", x: 0.88, y: 0.5, w: 56, h: 120 },
        { type: "led", x: 0.3, y: 0.5, color: "#a855f7" },
        { type: "button", x: 0.17, y: 0.5 },
      ],
    },
  },
  {
    name: "STM32F411 Black Pill Style Board",
    category: "development-boards",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 540,
      h: 210,
      pcb: "#232529",
      label: "STM32F411 BLACKPILL",
      headers: [
        {
          side: "top",
          n: 20,
          names: [
            "B12",
            "B13",
            "B14",
            "B15",
            "A8",
            "A9",
            "A10",
            "A11",
            "A12",
            "A15",
            "B3",
            "B4",
            "B5",
            "B6",
            "B7",
            "B8",
            "B9",
            "5V",
            "GND",
            "3V3",
          ],
        },
        {
          side: "bottom",
          n: 20,
          names: [
            "VB",
            "C13",
            "C14",
            "C15",
            "R",
            "A0",
            "A1",
            "A2",
            "A3",
            "A4",
            "A5",
            "A6",
            "A7",
            "B0",
            "B1",
            "B2",
            "B10",
            "3V3",
            "GND",
            "5V",
          ],
        },
      ],
      parts: [
        { type: "usb", x: 0, y: 0.5, kind: "c", side: "left" },
        { type: "chip", x: 0.52, y: 0.5, w: 78, h: 78, label: "STM32F411", style: "qfn" },
        { type: "button", x: 0.22, y: 0.3 },
        { type: "button", x: 0.22, y: 0.7 },
        { type: "crystal", x: 0.75, y: 0.5 },
        { type: "led", x: 0.88, y: 0.5, color: "#3b82f6" },
      ],
    },
  },
  {
    name: "Quad-Core Single-Board Computer, 4 GB",
    category: "development-boards",
    views: ["front", "back", "angle", "detail"],
    drawing: {
      kind: "board",
      w: 560,
      h: 370,
      pcb: "#1d6b3a",
      label: "QUAD-CORE SBC 4GB",
      parts: [
        { type: "header", x: 0.46, y: 0.08, n: 20, rows: 2 },
        { type: "heatsink", x: 0.38, y: 0.48, w: 120, h: 120, color: "#b9c0c8" },
        { type: "chip", x: 0.6, y: 0.48, w: 70, h: 60, label: "4GB", style: "qfn" },
        { type: "ports", x: 1, y: 0.3, kind: "usb-stack", side: "right" },
        { type: "ports", x: 1, y: 0.58, kind: "usb-stack", side: "right" },
        { type: "ports", x: 1, y: 0.85, kind: "ethernet", side: "right" },
        { type: "ports", x: 0.3, y: 1, kind: "hdmi", side: "bottom" },
        { type: "ports", x: 0.45, y: 1, kind: "hdmi", side: "bottom" },
        { type: "usb", x: 0.14, y: 1, kind: "c", side: "top" },
        { type: "ceramic-antenna", x: 0.12, y: 0.3 },
      ],
    },
  },
  {
    name: "Artix-7 FPGA Development Board",
    category: "development-boards",
    views: ["front", "angle", "detail"],
    drawing: {
      kind: "board",
      w: 600,
      h: 400,
      pcb: "#b3262e",
      label: "ARTIX-7 FPGA",
      parts: [
        { type: "chip", x: 0.46, y: 0.4, w: 130, h: 130, label: "XC7A35T", style: "qfn" },
        { type: "chip", x: 0.7, y: 0.36, w: 70, h: 40, label: "DDR3", style: "soic" },
        { type: "switch-row", x: 0.48, y: 0.9, n: 16 },
        { type: "led-row", x: 0.48, y: 0.78, n: 16, color: "#22c55e" },
        { type: "header", x: 0.94, y: 0.3, n: 6, rows: 2, vertical: true },
        { type: "header", x: 0.94, y: 0.62, n: 6, rows: 2, vertical: true },
        { type: "usb", x: 0, y: 0.25, kind: "micro", side: "left" },
        { type: "button", x: 0.16, y: 0.55 },
        { type: "button", x: 0.22, y: 0.55 },
        { type: "button", x: 0.19, y: 0.48 },
        { type: "button", x: 0.19, y: 0.62 },
        { type: "ports", x: 0, y: 0.62, kind: "hdmi", side: "left" },
      ],
    },
  },

  // ----------------------------------------------------------------------------- displays
  {
    name: '0.96" OLED Display 128x64, SSD1306, I2C',
    category: "displays",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 320,
      h: 300,
      pcb: "#1f4fa3",
      label: "SSD1306 I2C",
      headers: [{ side: "top", n: 4, names: ["GND", "VCC", "SCL", "SDA"] }],
      parts: [{ type: "screen", x: 0.5, y: 0.58, w: 280, h: 160, content: "oled" }],
    },
  },
  {
    name: '1.3" OLED Display 128x64, SH1106',
    category: "displays",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 380,
      h: 350,
      pcb: "#1f4fa3",
      label: 'SH1106 1.3"',
      headers: [{ side: "top", n: 4, names: ["VDD", "GND", "SCK", "SDA"] }],
      parts: [{ type: "screen", x: 0.5, y: 0.58, w: 340, h: 200, content: "oled-white" }],
    },
  },
  {
    name: '7" HDMI IPS Touch Display, 1024x600',
    category: "displays",
    views: ["front", "back", "angle", "detail"],
    drawing: { kind: "monitor", color: "#1b1d22", size: "small", label: '7" IPS' },
  },
  {
    name: '10.1" HDMI IPS Touch Display, 1280x800',
    category: "displays",
    views: ["front", "back", "angle"],
    drawing: { kind: "monitor", color: "#2b2d33", size: "large", label: '10.1" IPS' },
  },
  {
    name: '2.9" E-Paper Display Module, Black/White/Red',
    category: "displays",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 560,
      h: 290,
      pcb: "#1b1d22",
      label: '2.9" E-PAPER',
      headers: [{ side: "left", n: 8, names: ["BUSY", "RST", "DC", "CS", "CLK", "DIN", "GND", "VCC"] }],
      parts: [{ type: "screen", x: 0.53, y: 0.5, w: 460, h: 230, content: "epaper" }],
    },
  },
  {
    name: '1.8" TFT LCD Module 128x160, ST7735',
    category: "displays",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 300,
      h: 430,
      pcb: "#b3262e",
      label: '1.8" TFT SPI',
      headers: [{ side: "top", n: 8, names: ["LED", "SCK", "SDA", "A0", "RST", "CS", "GND", "VCC"] }],
      parts: [{ type: "screen", x: 0.5, y: 0.55, w: 250, h: 310, content: "tft" }],
    },
  },
  {
    name: '2.8" TFT Touch Display 240x320, ILI9341',
    category: "displays",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 380,
      h: 480,
      pcb: "#b3262e",
      label: '2.8" TFT ILI9341',
      headers: [
        {
          side: "left",
          n: 14,
          names: [
            "VCC",
            "GND",
            "CS",
            "RST",
            "DC",
            "MOSI",
            "SCK",
            "LED",
            "MISO",
            "T_CLK",
            "T_CS",
            "T_DIN",
            "T_DO",
            "T_IRQ",
          ],
        },
      ],
      parts: [{ type: "screen", x: 0.56, y: 0.5, w: 300, h: 400, content: "tft-ui" }],
    },
  },
  {
    name: "8x8 LED Matrix Module, MAX7219, 4-in-1",
    category: "displays",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 620,
      h: 180,
      pcb: "#1f4fa3",
      label: "MAX7219 4-IN-1",
      headers: [{ side: "left", n: 5, names: ["VCC", "GND", "DIN", "CS", "CLK"] }],
      parts: [
        { type: "matrix", x: 0.17, y: 0.5, s: 140 },
        { type: "matrix", x: 0.405, y: 0.5, s: 140 },
        { type: "matrix", x: 0.64, y: 0.5, s: 140 },
        { type: "matrix", x: 0.875, y: 0.5, s: 140 },
      ],
    },
  },
  {
    name: "16x2 Character LCD with I2C Backpack",
    category: "displays",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 580,
      h: 260,
      pcb: "#1d6b3a",
      label: "LCD1602 I2C",
      headers: [{ side: "left", n: 4, names: ["GND", "VCC", "SDA", "SCL"] }],
      parts: [{ type: "screen", x: 0.52, y: 0.5, w: 480, h: 150, content: "lcd" }],
    },
  },

  // ----------------------------------------------------------------------------- iot-wireless
  {
    name: "LoRa SX1276 Module, 868/915 MHz",
    category: "iot-wireless",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 300,
      h: 300,
      pcb: "#1d6b3a",
      label: "LORA SX1276",
      headers: [
        { side: "left", n: 8, names: ["GND", "MISO", "MOSI", "SCK", "NSS", "RST", "DIO5", "GND"] },
        { side: "right", n: 8, names: ["ANT", "GND", "DIO3", "DIO4", "3V3", "DIO0", "DIO1", "DIO2"] },
      ],
      parts: [
        { type: "chip", x: 0.5, y: 0.55, w: 150, h: 150, label: "SX1276", style: "can" },
        { type: "coil", x: 0.5, y: 0.08 },
      ],
    },
  },
  {
    name: "ESP32-C3 Super Mini Wi-Fi/BLE Board",
    category: "iot-wireless",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 280,
      h: 230,
      pcb: "#1f4fa3",
      label: "ESP32-C3",
      headers: [
        { side: "top", n: 8, names: ["5V", "GND", "3V3", "4", "3", "2", "1", "0"] },
        { side: "bottom", n: 8, names: ["5", "6", "7", "8", "9", "10", "20", "21"] },
      ],
      parts: [
        { type: "usb", x: 0, y: 0.5, kind: "c", side: "left" },
        { type: "chip", x: 0.52, y: 0.5, w: 56, h: 56, label: "C3", style: "qfn" },
        { type: "ceramic-antenna", x: 0.86, y: 0.5 },
        { type: "button", x: 0.3, y: 0.5 },
      ],
    },
  },
  {
    name: "ESP-01S ESP8266 Wi-Fi Module",
    category: "iot-wireless",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 380,
      h: 220,
      pcb: "#1b1d22",
      label: "ESP-01S",
      parts: [
        { type: "header", x: 0.1, y: 0.5, n: 4, rows: 2, vertical: true },
        { type: "chip", x: 0.38, y: 0.5, w: 66, h: 66, label: "ESP8266", style: "qfn" },
        { type: "chip", x: 0.56, y: 0.32, w: 40, h: 30, style: "soic" },
        { type: "antenna-pcb", x: 0.85, y: 0.5, w: 80, h: 170 },
        { type: "led", x: 0.58, y: 0.72, color: "#3b82f6" },
      ],
    },
  },
  {
    name: "nRF24L01+ 2.4 GHz Transceiver with PA/LNA",
    category: "iot-wireless",
    views: ["front", "angle", "back"],
    drawing: {
      kind: "board",
      w: 330,
      h: 190,
      pcb: "#1b1d22",
      label: "NRF24L01+PA+LNA",
      parts: [
        { type: "header", x: 0.1, y: 0.5, n: 4, rows: 2, vertical: true },
        { type: "chip", x: 0.48, y: 0.5, w: 110, h: 110, label: "PA+LNA", style: "can" },
        { type: "sma", x: 1, y: 0.5, side: "right", stick: 190 },
      ],
    },
  },
  {
    name: "Bluetooth Serial Module (HC-05)",
    category: "iot-wireless",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 400,
      h: 220,
      pcb: "#1f4fa3",
      label: "HC-05 BT",
      headers: [{ side: "left", n: 6, names: ["STATE", "RXD", "TXD", "GND", "VCC", "EN"] }],
      parts: [
        { type: "module", x: 0.58, y: 0.5, w: 260, h: 150, color: "#1d6b3a", label: "BT 2.0" },
        { type: "led", x: 0.16, y: 0.2, color: "#ef4444" },
      ],
    },
  },
  {
    name: "4G LTE Cat-1 Modem Module with GNSS",
    category: "iot-wireless",
    views: ["front", "back", "angle", "detail"],
    drawing: {
      kind: "board",
      w: 470,
      h: 330,
      pcb: "#1b1d22",
      label: "LTE CAT-1 + GNSS",
      headers: [
        { side: "bottom", n: 10, names: ["VIN", "GND", "TXD", "RXD", "PWR", "RST", "RI", "DTR", "NET", "GND"] },
      ],
      parts: [
        { type: "chip", x: 0.4, y: 0.44, w: 170, h: 150, label: "LTE CAT-1", style: "can" },
        { type: "sim", x: 0.82, y: 0.42 },
        { type: "sma", x: 1, y: 0.15, side: "right", stick: 0 },
        { type: "usb", x: 0, y: 0.4, kind: "c", side: "left" },
        { type: "led", x: 0.72, y: 0.72, color: "#22c55e" },
      ],
    },
  },
  {
    name: "NEO-6M GPS Module with Ceramic Antenna",
    category: "iot-wireless",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 340,
      h: 320,
      pcb: "#1f4fa3",
      label: "GPS NEO-6M",
      headers: [{ side: "bottom", n: 4, names: ["VCC", "RX", "TX", "GND"] }],
      parts: [
        { type: "patch", x: 0.5, y: 0.42, s: 170 },
        { type: "coin", x: 0.14, y: 0.14, r: 26 },
      ],
    },
  },
  {
    name: "LoRaWAN 8-Channel Indoor Gateway",
    category: "iot-wireless",
    views: ["front", "angle", "back", "detail"],
    drawing: { kind: "gateway", color: "#f4f6f8", accent: "#0284c7", label: "LoRaWAN" },
  },
  {
    name: "Zigbee 3.0 USB Coordinator Dongle",
    category: "iot-wireless",
    views: ["front", "angle"],
    drawing: { kind: "dongle", color: "#1b1d22", accent: "#0284c7", label: "ZIGBEE 3.0" },
  },

  // ----------------------------------------------------------------------------- robotics
  {
    name: "SG90 Micro Servo, 9 g",
    category: "robotics",
    views: ["front", "angle", "detail"],
    drawing: { kind: "servo", color: "#2f6fd6", accent: "#f4f6f8", label: "SG90" },
  },
  {
    name: "MG996R Metal Gear Servo, 13 kg·cm",
    category: "robotics",
    views: ["front", "angle", "detail"],
    drawing: { kind: "servo", color: "#1b1d22", accent: "#d7dce2", label: "MG996R" },
  },
  {
    name: "TT Gear Motor with Wheel, 2-Pack",
    category: "robotics",
    views: ["front", "angle"],
    drawing: { kind: "gearmotor", color: "#f5c518", accent: "#1b1d22" },
  },
  {
    name: "L298N Dual H-Bridge Motor Driver",
    category: "robotics",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 380,
      h: 380,
      pcb: "#b3262e",
      label: "L298N",
      headers: [{ side: "bottom", n: 6, names: ["ENA", "IN1", "IN2", "IN3", "IN4", "ENB"] }],
      parts: [
        { type: "heatsink", x: 0.5, y: 0.3, w: 170, h: 110, color: "#1b1d22" },
        { type: "terminal", x: 0.07, y: 0.5, n: 2, color: "#2f6fd6", vertical: true },
        { type: "terminal", x: 0.93, y: 0.5, n: 2, color: "#2f6fd6", vertical: true },
        { type: "terminal", x: 0.3, y: 0.86, n: 3, color: "#2f6fd6" },
        { type: "cap", x: 0.3, y: 0.62 },
        { type: "cap", x: 0.7, y: 0.62 },
        { type: "led", x: 0.5, y: 0.62, color: "#ef4444" },
      ],
    },
  },
  {
    name: "NEMA 17 Stepper Motor, 1.8°, 45 N·cm",
    category: "robotics",
    views: ["front", "back", "angle"],
    drawing: { kind: "stepper", color: "#1b1d22", accent: "#c9ced6" },
  },
  {
    name: "A4988 Stepper Driver with Heatsink, 5-Pack",
    category: "robotics",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 250,
      h: 320,
      pcb: "#1d6b3a",
      label: "A4988",
      headers: [
        { side: "left", n: 8, names: ["EN", "MS1", "MS2", "MS3", "RST", "SLP", "STEP", "DIR"] },
        { side: "right", n: 8, names: ["VMOT", "GND", "2B", "2A", "1A", "1B", "VDD", "GND"] },
      ],
      parts: [
        { type: "heatsink", x: 0.5, y: 0.45, w: 90, h: 90, color: "#c9ced6" },
        { type: "trimmer", x: 0.5, y: 0.8 },
      ],
    },
  },
  {
    name: "2WD Smart Robot Car Chassis Kit",
    category: "robotics",
    views: ["front", "angle", "detail"],
    drawing: { kind: "car", color: "#a7d8f0", accent: "#f5c518" },
  },
  {
    name: "6-DOF Desktop Robot Arm Kit, Metal",
    category: "robotics",
    views: ["front", "angle", "detail"],
    drawing: { kind: "arm", color: "#c9ced6", accent: "#1b1d22" },
  },
  {
    name: "PCA9685 16-Channel PWM Servo Driver",
    category: "robotics",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 580,
      h: 250,
      pcb: "#1f4fa3",
      label: "PCA9685 16CH PWM",
      headers: [
        { side: "left", n: 6, names: ["GND", "OE", "SCL", "SDA", "VCC", "V+"] },
        { side: "right", n: 6, names: ["GND", "OE", "SCL", "SDA", "VCC", "V+"] },
      ],
      parts: [
        { type: "servo-headers", x: 0.5, y: 0.78, n: 16 },
        { type: "chip", x: 0.55, y: 0.33, w: 80, h: 40, label: "PCA9685", style: "soic" },
        { type: "terminal", x: 0.3, y: 0.28, n: 2, color: "#2f6fd6" },
        { type: "cap", x: 0.8, y: 0.3 },
      ],
    },
  },

  // ----------------------------------------------------------------------------- sensors
  {
    name: "BME280 Temperature, Humidity & Pressure Breakout",
    category: "sensors",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 280,
      h: 280,
      pcb: "#5b2a86",
      label: "BME280",
      headers: [{ side: "bottom", n: 6, names: ["VIN", "GND", "SCK", "SDO", "SDI", "CS"] }],
      parts: [
        { type: "mems", x: 0.5, y: 0.42 },
        { type: "chip", x: 0.24, y: 0.36, w: 30, h: 24, style: "soic" },
        { type: "smd", x: 0.78, y: 0.4, n: 3, vertical: true },
      ],
    },
  },
  {
    name: "HC-SR04 Ultrasonic Distance Sensor",
    category: "sensors",
    views: ["front", "back", "angle", "detail"],
    drawing: {
      kind: "board",
      w: 500,
      h: 230,
      pcb: "#1f4fa3",
      label: "HC-SR04",
      headers: [{ side: "bottom", n: 4, names: ["VCC", "TRIG", "ECHO", "GND"] }],
      parts: [
        { type: "transducer", x: 0.24, y: 0.46, r: 88 },
        { type: "transducer", x: 0.76, y: 0.46, r: 88 },
        { type: "crystal", x: 0.5, y: 0.22 },
      ],
    },
  },
  {
    name: "DHT22 Temperature & Humidity Sensor Module",
    category: "sensors",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 250,
      h: 380,
      pcb: "#1f4fa3",
      label: "DHT22",
      headers: [{ side: "bottom", n: 3, names: ["+", "OUT", "-"] }],
      parts: [{ type: "dht", x: 0.5, y: 0.42, w: 170, h: 230 }],
    },
  },
  {
    name: "MPU-6050 6-Axis Accelerometer & Gyroscope",
    category: "sensors",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 300,
      h: 230,
      pcb: "#1f4fa3",
      label: "GY-521 MPU-6050",
      headers: [{ side: "bottom", n: 8, names: ["VCC", "GND", "SCL", "SDA", "XDA", "XCL", "AD0", "INT"] }],
      parts: [
        { type: "chip", x: 0.5, y: 0.42, w: 56, h: 56, label: "MPU6050", style: "qfn" },
        { type: "text", x: 0.2, y: 0.26, label: "X→  Y↑", size: 13 },
        { type: "led", x: 0.84, y: 0.3, color: "#22c55e" },
        { type: "smd", x: 0.82, y: 0.55, n: 3, vertical: true },
      ],
    },
  },
  {
    name: "PIR Motion Sensor Module (HC-SR501)",
    category: "sensors",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 340,
      h: 340,
      pcb: "#1d6b3a",
      label: "HC-SR501",
      shape: "round",
      parts: [{ type: "dome", x: 0.5, y: 0.5, r: 130 }],
      headers: [{ side: "bottom", n: 3, names: ["VCC", "OUT", "GND"] }],
    },
  },
  {
    name: "VL53L0X Time-of-Flight Distance Sensor",
    category: "sensors",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 280,
      h: 230,
      pcb: "#5b2a86",
      label: "VL53L0X",
      headers: [{ side: "bottom", n: 6, names: ["VIN", "GND", "SCL", "SDA", "GPIO1", "XSHUT"] }],
      parts: [
        { type: "chip", x: 0.5, y: 0.4, w: 70, h: 36, label: "ToF", style: "qfn" },
        { type: "smd", x: 0.2, y: 0.4, n: 2, vertical: true },
        { type: "smd", x: 0.8, y: 0.4, n: 2, vertical: true },
      ],
    },
  },
  {
    name: "MLX90640 Thermal Camera Breakout, 32x24",
    category: "sensors",
    views: ["front", "back", "angle"],
    drawing: {
      kind: "board",
      w: 300,
      h: 300,
      pcb: "#1b1d22",
      label: "MLX90640",
      headers: [{ side: "bottom", n: 4, names: PIN_I2C }],
      parts: [
        { type: "lens", x: 0.5, y: 0.44, r: 70 },
        { type: "smd", x: 0.16, y: 0.44, n: 3, vertical: true },
      ],
    },
  },
  {
    name: "360° LiDAR Scanner, 12 m Range",
    category: "sensors",
    views: ["front", "angle", "detail"],
    drawing: { kind: "lidar", color: "#2b2d33", accent: "#16a34a" },
  },
  {
    name: "Capacitive Soil Moisture Sensor v2.0",
    category: "sensors",
    views: ["front", "back"],
    drawing: {
      kind: "board",
      w: 170,
      h: 560,
      pcb: "#1b1d22",
      label: "v2.0",
      shape: "probe",
      parts: [
        { type: "header", x: 0.5, y: 0.05, n: 3 },
        { type: "chip", x: 0.5, y: 0.16, w: 50, h: 34, label: "555", style: "soic" },
        { type: "smd", x: 0.5, y: 0.26, n: 3 },
        { type: "text", x: 0.5, y: 0.55, label: "CAPACITIVE", size: 18 },
        { type: "text", x: 0.5, y: 0.75, label: "▲ WATER LEVEL", size: 12 },
      ],
    },
  },

  // ----------------------------------------------------------------------------- tools
  {
    name: "Digital Soldering Station, 90 W",
    category: "tools",
    views: ["front", "angle", "detail"],
    drawing: { kind: "station", color: "#2b2d33", accent: "#ef4444", label: "350°C" },
  },
  {
    name: "Auto-Ranging Digital Multimeter",
    category: "tools",
    views: ["front", "angle", "detail"],
    drawing: { kind: "multimeter", color: "#f59e0b", accent: "#2b2d33" },
  },
  {
    name: "USB Logic Analyzer, 24 MHz 8-Channel",
    category: "tools",
    views: ["front", "detail"],
    drawing: { kind: "analyzer", color: "#9aa3ad", label: "LOGIC 8CH" },
  },
  {
    name: "Digital Oscilloscope, 2-Channel 100 MHz",
    category: "tools",
    views: ["front", "back", "angle", "detail"],
    drawing: { kind: "scope", color: "#e6e9ed", accent: "#2b2d33", label: "DSO 100MHz" },
  },
  {
    name: "Lead-Free Rosin Core Solder Wire, 0.8 mm, 100 g",
    category: "tools",
    views: ["front", "angle"],
    drawing: { kind: "spool", color: "#ef4444", accent: "#cfd5dc", label: "Sn99.3 0.8mm" },
  },
  {
    name: "Precision Flush Cutters",
    category: "tools",
    views: ["front", "detail"],
    drawing: { kind: "cutters", color: "#2563eb", accent: "#9aa3ad" },
  },
  {
    name: "Helping Hands with Magnifier & LED Light",
    category: "tools",
    views: ["front", "angle"],
    drawing: { kind: "hands", color: "#2b2d33", accent: "#c9ced6" },
  },
  {
    name: "Adjustable Bench Power Supply, 30 V 5 A",
    category: "tools",
    views: ["front", "back", "angle"],
    drawing: { kind: "psu", color: "#e6e9ed", accent: "#2b2d33", label: "30V 5A" },
  },
  {
    name: "Heat-Resistant Silicone Soldering Mat",
    category: "tools",
    views: ["front", "angle"],
    drawing: { kind: "mat", color: "#3b6ea8", accent: "#f5f7fa" },
  },
];

// ---------------------------------------------------------------------------------------------
// Small SVG helpers

const S = PRODUCT_IMAGE_SIZE;
const CX = S / 2;
const CY = 390;
const FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif";

const CATEGORY_TINT: Record<CategorySlug, { bg: string; glow: string }> = {
  audio: { bg: "#efe9fb", glow: "#f8f5fe" },
  components: { bg: "#fcf1dc", glow: "#fef9ef" },
  "development-boards": { bg: "#e3edfb", glow: "#f3f7fe" },
  displays: { bg: "#e0f3f0", glow: "#f1faf8" },
  "iot-wireless": { bg: "#e1f1fa", glow: "#f2f9fd" },
  robotics: { bg: "#fce8df", glow: "#fef5f0" },
  sensors: { bg: "#e6f4e2", glow: "#f4faf2" },
  tools: { bg: "#e9edf2", glow: "#f6f8fa" },
};

/** Rounds to one decimal so the files stay small. */
function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ""): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = ""): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(width)}"${extra ? " " + extra : ""}/>`;
}

function pathEl(d: string, fill: string, extra = ""): string {
  return `<path d="${d}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

function text(x: number, y: number, label: string, size: number, fill: string, extra = "", anchor = "middle"): string {
  return `<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}" fill="${fill}" text-anchor="${anchor}"${extra ? " " + extra : ""}>${escapeXml(label)}</text>`;
}

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
function shade(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const target = amount < 0 ? 0 : 255;
  const mixed = channels.map((c) => Math.round(c + (target - c) * Math.abs(amount)));
  return "#" + mixed.map((c) => c.toString(16).padStart(2, "0")).join("");
}

/** The soft shadow a standing product casts on the floor (left out of the angled view's extrusion). */
function floorShadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.1): string {
  return ellipse(cx, cy, rx, ry, "#000000", `class="shadow" opacity="${opacity}"`);
}

const SHADOW_PATTERN = /<ellipse [^>]*class="shadow"[^>]*\/>/g;

const GOLD = "#d9b45a";
const STEEL = "#c9ced6";
const STEEL_DARK = "#8f98a3";
const BLACK = "#1f2328";
const WIRE_COLOURS = [
  "#ef4444",
  "#f97316",
  "#facc15",
  "#22c55e",
  "#3b82f6",
  "#8b5cf6",
  "#6b7280",
  "#f4f4f5",
  "#1f2328",
  "#92400e",
];

// ---------------------------------------------------------------------------------------------
// Boards

interface Box {
  x0: number;
  y0: number;
  w: number;
  h: number;
}

function boardBox(b: BoardDrawing): Box {
  return { x0: CX - b.w / 2, y0: CY - b.h / 2, w: b.w, h: b.h };
}

function boardOutline(b: BoardDrawing, box: Box, fill: string, extra = ""): string {
  const { x0, y0, w, h } = box;
  if (b.shape === "round") return circle(CX, CY, Math.max(w, h) / 2, fill, extra);
  if (b.shape === "probe") {
    const tip = 90;
    return pathEl(
      `M${n(x0 + 12)} ${n(y0)}H${n(x0 + w - 12)}Q${n(x0 + w)} ${n(y0)} ${n(x0 + w)} ${n(y0 + 12)}V${n(y0 + h - tip)}L${n(CX)} ${n(y0 + h)}L${n(x0)} ${n(y0 + h - tip)}V${n(y0 + 12)}Q${n(x0)} ${n(y0)} ${n(x0 + 12)} ${n(y0)}Z`,
      fill,
      extra,
    );
  }
  return rect(x0, y0, w, h, fill, `rx="12" ${extra}`);
}

/** Positions of a header's pins along one side of the board. */
function headerPins(box: Box, side: "top" | "bottom" | "left" | "right", count: number): [number, number][] {
  const along = side === "top" || side === "bottom" ? box.w : box.h;
  const pitch = Math.min(26, (along - 40) / count);
  const start = (along - pitch * (count - 1)) / 2;
  const inset = 18;
  return Array.from({ length: count }, (_, i) => {
    const t = start + pitch * i;
    switch (side) {
      case "top":
        return [box.x0 + t, box.y0 + inset];
      case "bottom":
        return [box.x0 + t, box.y0 + box.h - inset];
      case "left":
        return [box.x0 + inset, box.y0 + t];
      case "right":
        return [box.x0 + box.w - inset, box.y0 + t];
    }
  });
}

function pitchOf(pins: [number, number][]): number {
  if (pins.length < 2) return 24;
  const [a, b] = [pins[0]!, pins[1]!];
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

function headerFront(pins: [number, number][], vertical: boolean): string {
  if (pins.length === 0) return "";
  const p = pitchOf(pins);
  const first = pins[0]!;
  const last = pins[pins.length - 1]!;
  const strip = vertical
    ? rect(first[0] - p / 2, first[1] - p / 2, p, last[1] - first[1] + p, BLACK, 'rx="3"')
    : rect(first[0] - p / 2, first[1] - p / 2, last[0] - first[0] + p, p, BLACK, 'rx="3"');
  const pin = Math.max(5, p * 0.34);
  return strip + pins.map(([x, y]) => rect(x - pin / 2, y - pin / 2, pin, pin, GOLD)).join("");
}

function drawPart(part: Part, box: Box, pcb: string): string {
  const x = box.x0 + part.x * box.w;
  const y = box.y0 + part.y * box.h;
  switch (part.type) {
    case "chip": {
      const { w, h } = part;
      const style = part.style ?? "qfn";
      let out = "";
      if (style === "can") {
        out += rect(x - w / 2, y - h / 2, w, h, STEEL, `rx="4" stroke="${STEEL_DARK}" stroke-width="2"`);
        out += rect(x - w / 2 + 8, y - h / 2 + 8, w - 16, h - 16, "none", `rx="2" stroke="#b3bac3" stroke-width="1.5"`);
        if (part.label)
          out += text(
            x,
            y + 5,
            part.label,
            Math.min(16, (w - 16) / (part.label.length * 0.62)),
            "#4b5563",
            `font-family="${FONT}" font-weight="600"`,
          );
        return out;
      }
      if (style === "qfp" || style === "qfn") {
        const leg = style === "qfp" ? 7 : 3;
        const count = Math.max(4, Math.round(Math.min(w, h) / 9));
        for (let i = 0; i < count; i++) {
          const tx = x - w / 2 + ((i + 0.5) * w) / count;
          const ty = y - h / 2 + ((i + 0.5) * h) / count;
          out += rect(tx - 1.5, y - h / 2 - leg, 3, leg, "#aeb6bf") + rect(tx - 1.5, y + h / 2, 3, leg, "#aeb6bf");
          out += rect(x - w / 2 - leg, ty - 1.5, leg, 3, "#aeb6bf") + rect(x + w / 2, ty - 1.5, leg, 3, "#aeb6bf");
        }
      } else {
        const count = style === "dip" ? 14 : Math.max(3, Math.round(w / 12));
        for (let i = 0; i < count; i++) {
          const tx = x - w / 2 + ((i + 0.5) * w) / count;
          out += rect(tx - 2, y - h / 2 - 8, 4, 8, "#aeb6bf") + rect(tx - 2, y + h / 2, 4, 8, "#aeb6bf");
        }
      }
      out += rect(x - w / 2, y - h / 2, w, h, BLACK, 'rx="3"');
      if (style === "dip") out += circle(x - w / 2 + 10, y, 5, "#374151");
      else out += circle(x - w / 2 + 7, y - h / 2 + 7, 2.5, "#4b5563");
      if (part.label) {
        const size = Math.min(14, (w - 8) / (part.label.length * 0.62));
        out += text(x, y + size * 0.35, part.label, size, "#c7ccd3", `font-family="${FONT}"`);
      }
      return out;
    }
    case "antenna-pcb": {
      const { w, h } = part;
      const left = x - w / 2;
      const top = y - h / 2;
      const step = h / 6;
      let d = `M${n(left)} ${n(top + step / 2)}`;
      for (let i = 0; i < 6; i++) {
        const yy = top + step / 2 + i * step;
        d += `H${n(i % 2 === 0 ? left + w : left)}` + (i < 5 ? `V${n(yy + step)}` : "");
      }
      return pathEl(d, "none", `stroke="${GOLD}" stroke-width="5" stroke-linejoin="round"`);
    }
    case "heatsink": {
      const { w, h } = part;
      const color = part.color ?? "#9aa3ad";
      let out = rect(x - w / 2, y - h / 2, w, h, shade(color, -0.2), 'rx="4"');
      const fins = Math.round(w / 18);
      for (let i = 0; i < fins; i++) {
        out += rect(x - w / 2 + 4 + (i * (w - 8)) / fins, y - h / 2 + 4, (w - 8) / fins - 5, h - 8, color, 'rx="2"');
      }
      return out;
    }
    case "terminal": {
      const color = part.color ?? "#1d8a4a";
      const pitch = 40;
      const len = pitch * part.n;
      const [w, h] = part.vertical ? [44, len] : [len, 44];
      let out = rect(x - w / 2, y - h / 2, w, h, color, `rx="4" stroke="${shade(color, -0.3)}" stroke-width="2"`);
      for (let i = 0; i < part.n; i++) {
        const cx = part.vertical ? x : x - len / 2 + pitch * (i + 0.5);
        const cy = part.vertical ? y - len / 2 + pitch * (i + 0.5) : y;
        out +=
          circle(cx, cy, 12, STEEL, `stroke="${STEEL_DARK}" stroke-width="2"`) +
          line(cx - 8, cy, cx + 8, cy, "#6b7280", 3);
      }
      return out;
    }
    case "sd":
      return (
        rect(x - 70, y - 56, 140, 112, STEEL, `rx="6" stroke="${STEEL_DARK}" stroke-width="2"`) +
        rect(x - 56, y - 40, 112, 16, "#aeb6bf", 'rx="3"') +
        text(x, y + 26, "microSD", 16, "#4b5563", `font-family="${FONT}" font-weight="600"`)
      );
    case "mems":
      return (
        rect(x - 34, y - 34, 68, 68, STEEL, `rx="6" stroke="${STEEL_DARK}" stroke-width="2"`) +
        circle(x + 12, y - 12, 6, "#4b5563")
      );
    case "button":
      return (
        rect(x - 20, y - 20, 40, 40, "#e5e7eb", `rx="4" stroke="#9ca3af" stroke-width="2"`) +
        circle(x, y, 11, "#374151")
      );
    case "trimmer":
      return (
        rect(x - 26, y - 26, 52, 52, "#2f6fd6", 'rx="5"') +
        circle(x, y, 16, "#f4f6f8") +
        line(x - 10, y + 10, x + 10, y - 10, "#6b7280", 4, 'stroke-linecap="round"')
      );
    case "crystal":
      return rect(x - 28, y - 12, 56, 24, STEEL, `rx="12" stroke="${STEEL_DARK}" stroke-width="2"`);
    case "sim":
      return (
        rect(x - 56, y - 70, 112, 140, STEEL, `rx="6" stroke="${STEEL_DARK}" stroke-width="2"`) +
        text(x, y + 6, "SIM", 20, "#4b5563", `font-family="${FONT}" font-weight="700"`)
      );
    case "cap":
      return (
        circle(x, y, 22, "#2f6fd6", `stroke="${shade("#2f6fd6", -0.35)}" stroke-width="2"`) +
        pathEl(
          `M${n(x - 22)} ${n(y)}A22 22 0 0 1 ${n(x - 8)} ${n(y - 20.5)}V${n(y + 20.5)}A22 22 0 0 1 ${n(x - 22)} ${n(y)}Z`,
          "#c7d2fe",
        ) +
        circle(x, y, 12, "#b3bac3")
      );
    case "ceramic-antenna":
      return (
        rect(x - 14, y - 34, 28, 68, "#e5e7eb", `rx="3" stroke="#9ca3af" stroke-width="2"`) +
        rect(x - 14, y - 34, 28, 10, GOLD)
      );
    case "electret":
      return (
        circle(x, y, part.r, "#2b2d33", `stroke="${STEEL_DARK}" stroke-width="4"`) +
        circle(x, y, part.r * 0.55, "url(#mesh)")
      );
    case "transducer":
      return (
        circle(x, y, part.r, STEEL, `stroke="${STEEL_DARK}" stroke-width="4"`) +
        circle(x, y, part.r * 0.82, "#2b2d33") +
        circle(x, y, part.r * 0.82, "url(#mesh)")
      );
    case "dome":
      return (
        circle(x, y, part.r, "#f4f4f0", `stroke="#d6d3c8" stroke-width="3"`) +
        [0.8, 0.6, 0.4, 0.2]
          .map((f) => circle(x, y, part.r * f, "none", `stroke="#dedbd0" stroke-width="3"`))
          .join("") +
        ellipse(x - part.r * 0.35, y - part.r * 0.4, part.r * 0.22, part.r * 0.12, "#ffffff", 'opacity=".8"')
      );
    case "lens":
      return (
        circle(x, y, part.r, STEEL, `stroke="${STEEL_DARK}" stroke-width="4"`) +
        circle(x, y, part.r * 0.7, "#d7dce2") +
        circle(x, y, part.r * 0.4, "#1f2937") +
        circle(x - part.r * 0.12, y - part.r * 0.12, part.r * 0.1, "#6b7280")
      );
    case "knob":
      return (
        circle(x, y, part.r, "#2b2d33", `stroke="#111827" stroke-width="3"`) +
        line(x, y, x, y - part.r * 0.75, "#f4f6f8", 4, 'stroke-linecap="round"')
      );
    case "coin":
      return (
        circle(x, y, part.r, STEEL, `stroke="${STEEL_DARK}" stroke-width="3"`) +
        text(x, y + 5, "+", 16, "#4b5563", `font-family="${FONT}"`)
      );
    case "patch": {
      const s = part.s;
      return (
        rect(x - s / 2, y - s / 2, s, s, "#e9dcc2", `rx="8" stroke="#cbb994" stroke-width="3"`) +
        rect(x - s * 0.32, y - s * 0.32, s * 0.64, s * 0.64, "#dfe3e8", 'rx="4"') +
        circle(x + s * 0.12, y + s * 0.1, s * 0.06, "#b3bac3")
      );
    }
    case "jack": {
      const right = part.side === "right";
      const dx = right ? 1 : -1;
      return (
        rect(x - 34, y - 28, 68, 56, "#2b2d33", 'rx="6"') +
        rect(right ? x + 30 : x - 46, y - 18, 16, 36, "#2b2d33", 'rx="4"') +
        circle(x + dx * 40, y, 8, "#6b7280")
      );
    }
    case "usb": {
      const sizes = { micro: [34, 54], c: [36, 62], b: [80, 80], a: [90, 60] } as const;
      const [depth, width] = sizes[part.kind];
      const horizontal = part.side === "top";
      const w = horizontal ? width : depth;
      const h = horizontal ? depth : width;
      const px = part.side === "left" ? x - 10 : part.side === "right" ? x - w + 10 : x - w / 2;
      const py = part.side === "top" ? box.y0 + box.h - h + 10 : y - h / 2;
      const inner = part.kind === "c" ? 'rx="8"' : 'rx="3"';
      return (
        rect(px, py, w, h, STEEL, `${inner} stroke="${STEEL_DARK}" stroke-width="2"`) +
        rect(px + w * 0.25, py + h * 0.25, w * 0.5, h * 0.5, "#4b5563", inner)
      );
    }
    case "sma": {
      const stick = part.stick ?? 0;
      let out = rect(x - 10, y - 22, 50, 44, GOLD, `rx="4" stroke="#a8883d" stroke-width="2"`);
      out += rect(x + 34, y - 16, 26, 32, "#c9a44d", 'rx="3"');
      if (stick > 0)
        out +=
          rect(x + 58, y - 14, stick, 28, "#2b2d33", 'rx="14"') + rect(x + 58, y - 14, 30, 28, "#3f4249", 'rx="6"');
      return out;
    }
    case "coil": {
      let out = line(x, y, x, y - 30, GOLD, 4);
      for (let i = 0; i < 9; i++) out += ellipse(x, y - 36 - i * 9, 14, 5, "none", `stroke="${GOLD}" stroke-width="3"`);
      return out;
    }
    case "led":
      return (
        rect(x - 10, y - 7, 20, 14, part.color, 'rx="2"') +
        rect(x - 10, y - 7, 4, 14, "#e5e7eb") +
        rect(x + 6, y - 7, 4, 14, "#e5e7eb")
      );
    case "led-row":
    case "switch-row": {
      const pitch = 28;
      let out = "";
      for (let i = 0; i < part.n; i++) {
        const cx = x + (i - (part.n - 1) / 2) * pitch;
        out +=
          part.type === "led-row"
            ? rect(cx - 6, y - 5, 12, 10, part.color ?? "#22c55e", 'rx="2"')
            : rect(cx - 9, y - 16, 18, 32, "#2b2d33", 'rx="3"') +
              rect(cx - 6, y - (i % 3 === 0 ? 13 : 1), 12, 12, "#f4f6f8", 'rx="2"');
      }
      return out;
    }
    case "smd": {
      let out = "";
      for (let i = 0; i < part.n; i++) {
        const off = (i - (part.n - 1) / 2) * 22;
        const [cx, cy] = part.vertical ? [x, y + off] : [x + off, y];
        out +=
          rect(cx - 9, cy - 5, 18, 10, i % 2 ? "#8b6b4a" : "#1f2328") +
          rect(cx - 9, cy - 5, 4, 10, "#d1d5db") +
          rect(cx + 5, cy - 5, 4, 10, "#d1d5db");
      }
      return out;
    }
    case "header": {
      const rows = part.rows ?? 1;
      const pitch = 24;
      let out = "";
      for (let r = 0; r < rows; r++) {
        const pins: [number, number][] = Array.from({ length: part.n }, (_, i) => {
          const along = (i - (part.n - 1) / 2) * pitch;
          const across = (r - (rows - 1) / 2) * pitch;
          return part.vertical ? [x + across, y + along] : [x + along, y + across];
        });
        out += headerFront(pins, part.vertical ?? false);
      }
      return out;
    }
    case "servo-headers": {
      const pitch = 28;
      const colours = ["#1f2328", "#dc2626", "#facc15"];
      let out = rect(x - (part.n * pitch) / 2 - 6, y - 48, part.n * pitch + 12, 96, BLACK, 'rx="4"');
      for (let i = 0; i < part.n; i++) {
        const cx = x + (i - (part.n - 1) / 2) * pitch;
        colours.forEach((c, row) => {
          out += rect(cx - 9, y - 38 + row * 28, 18, 20, c, 'rx="2"') + rect(cx - 3, y - 31 + row * 28, 6, 6, GOLD);
        });
      }
      return out;
    }
    case "ports": {
      const fills = {
        "usb-stack": ["#2b61c8", 110, 90],
        ethernet: ["#cfd5dc", 110, 100],
        hdmi: ["#cfd5dc", 60, 30],
      } as const;
      const [fill, depth, width] = fills[part.kind];
      if (part.side === "bottom") {
        return (
          rect(
            x - width,
            box.y0 + box.h - depth / 2,
            width * 2,
            depth / 2 + 10,
            STEEL,
            `rx="4" stroke="${STEEL_DARK}" stroke-width="2"`,
          ) + rect(x - width + 10, box.y0 + box.h - depth / 2 + 8, width * 2 - 20, depth / 2 - 10, "#4b5563", 'rx="3"')
        );
      }
      const px = part.side === "right" ? box.x0 + box.w - depth + 14 : box.x0 - 14;
      let out = rect(px, y - width / 2, depth, width, STEEL, `rx="4" stroke="${STEEL_DARK}" stroke-width="2"`);
      if (part.kind === "usb-stack") {
        out += rect(px + 12, y - width / 2 + 12, depth - 24, width / 2 - 18, fill, 'rx="2"');
        out += rect(px + 12, y + 6, depth - 24, width / 2 - 18, fill, 'rx="2"');
      } else {
        out += rect(px + 14, y - width / 2 + 14, depth - 28, width - 28, "#4b5563", 'rx="3"');
      }
      return out;
    }
    case "screen":
      return drawScreen(x, y, part.w, part.h, part.content);
    case "matrix": {
      const s = part.s;
      return (
        rect(x - s / 2, y - s / 2, s, s, "#24262b", 'rx="4"') +
        rect(x - s / 2 + 6, y - s / 2 + 6, s - 12, s - 12, "url(#ledgrid)")
      );
    }
    case "dht": {
      const { w, h } = part;
      let out = rect(x - w / 2, y - h / 2, w, h, "#f4f4f0", `rx="10" stroke="#d6d3c8" stroke-width="3"`);
      for (let r = 0; r < 5; r++) {
        for (let c = 0; c < 3; c++) {
          out += rect(
            x - w / 2 + 26 + c * ((w - 52) / 3) + 6,
            y - h / 2 + 24 + r * 30,
            (w - 52) / 3 - 12,
            16,
            "#cfcbbf",
            'rx="3"',
          );
        }
      }
      out += text(x, y + h / 2 - 22, "DHT22", 18, "#8a857a", `font-family="${FONT}" font-weight="700"`);
      return out;
    }
    case "module": {
      const { w, h, color } = part;
      let out = rect(x - w / 2, y - h / 2, w, h, color, `rx="6" stroke="${shade(color, -0.3)}" stroke-width="2"`);
      out += drawPart(
        { type: "antenna-pcb", x: 0, y: 0, w: 50, h: h - 40 },
        { x0: x + w / 2 - 40, y0: y, w: 0, h: 0 },
        color,
      );
      out += drawPart(
        { type: "chip", x: 0, y: 0, w: 60, h: 60, label: part.label, style: "qfn" },
        { x0: x - 40, y0: y, w: 0, h: 0 },
        color,
      );
      return out;
    }
    case "text":
      return text(x, y, part.label, part.size ?? 14, "#f4f6f8", `font-family="${FONT}" opacity=".85"`);
  }
  // Exhaustive: every part type returns above.
  void pcb;
  return "";
}

function drawScreen(x: number, y: number, w: number, h: number, content: ScreenContent): string {
  const x0 = x - w / 2;
  const y0 = y - h / 2;
  const glass = content === "epaper" ? "#e9e7df" : content === "lcd" ? "#1d4ed8" : "#0b0d10";
  let out = rect(x0, y0, w, h, content === "lcd" ? "#1f2937" : "#111317", 'rx="6"');
  const m = content === "lcd" ? 12 : 10;
  out += rect(x0 + m, y0 + m, w - 2 * m, h - 2 * m, glass, 'rx="3"');
  const ix = x0 + m + 10;
  const iw = w - 2 * m - 20;
  const iy = y0 + m + 10;
  const ih = h - 2 * m - 20;
  const mono = `font-family="ui-monospace, 'DejaVu Sans Mono', monospace"`;
  switch (content) {
    case "oled":
    case "oled-white": {
      const ink = content === "oled" ? "#7dd3fc" : "#f8fafc";
      if (content === "oled") out += rect(ix, iy, iw, ih * 0.22, "#facc15", 'opacity=".9"');
      out += text(ix + iw / 2, iy + ih * 0.52, "21.4°C  48%", ih * 0.2, ink, mono);
      out += pathEl(
        `M${n(ix)} ${n(iy + ih * 0.92)}` +
          Array.from(
            { length: 12 },
            (_, i) => `L${n(ix + ((i + 1) * iw) / 12)} ${n(iy + ih * (0.72 + 0.18 * Math.sin(i * 1.3)))}`,
          ).join(""),
        "none",
        `stroke="${ink}" stroke-width="3"`,
      );
      return out;
    }
    case "tft":
    case "tft-ui": {
      out += rect(ix, iy, iw, ih * 0.45, "#0ea5e9");
      out += rect(ix, iy + ih * 0.45, iw, ih * 0.55, "#16a34a");
      out += circle(ix + iw * 0.75, iy + ih * 0.18, Math.min(iw, ih) * 0.1, "#fde047");
      out += pathEl(
        `M${n(ix)} ${n(iy + ih * 0.6)}L${n(ix + iw * 0.35)} ${n(iy + ih * 0.3)}L${n(ix + iw * 0.6)} ${n(iy + ih * 0.55)}L${n(ix + iw)} ${n(iy + ih * 0.35)}V${n(iy + ih * 0.62)}H${n(ix)}Z`,
        "#15803d",
      );
      if (content === "tft-ui") {
        const bw = (iw - 30) / 2;
        ["#f97316", "#8b5cf6", "#ef4444", "#0ea5e9"].forEach((c, i) => {
          out += rect(
            ix + 10 + (i % 2) * (bw + 10),
            iy + ih * 0.66 + Math.floor(i / 2) * (ih * 0.16),
            bw,
            ih * 0.13,
            c,
            'rx="8"',
          );
        });
      }
      return out;
    }
    case "lcd": {
      const size = ih * 0.34;
      out += text(ix + iw / 2, iy + ih * 0.42, "Hello, maker!", size, "#e0f2fe", mono);
      out += text(ix + iw / 2, iy + ih * 0.9, "Temp: 21.4 C", size, "#e0f2fe", mono);
      return out;
    }
    case "epaper": {
      out += text(
        ix + iw * 0.3,
        iy + ih * 0.45,
        "18°",
        ih * 0.42,
        "#111827",
        `font-family="${FONT}" font-weight="700"`,
      );
      out += text(ix + iw * 0.3, iy + ih * 0.8, "Partly cloudy", ih * 0.12, "#111827", `font-family="${FONT}"`);
      out += circle(ix + iw * 0.72, iy + ih * 0.4, ih * 0.2, "#dc2626");
      out += ellipse(ix + iw * 0.8, iy + ih * 0.55, ih * 0.28, ih * 0.13, "#111827");
      return out;
    }
    case "desktop": {
      out += rect(ix - 10, iy - 10, iw + 20, ih + 20, "#1e3a8a");
      out += circle(ix + iw * 0.8, iy + ih * 0.25, ih * 0.35, "#3b82f6", 'opacity=".5"');
      out += rect(ix + iw * 0.08, iy + ih * 0.12, iw * 0.5, ih * 0.55, "#f8fafc", 'rx="6"');
      out += rect(ix + iw * 0.08, iy + ih * 0.12, iw * 0.5, ih * 0.08, "#cbd5e1", 'rx="6"');
      out += pathEl(
        `M${n(ix + iw * 0.12)} ${n(iy + ih * 0.58)}L${n(ix + iw * 0.25)} ${n(iy + ih * 0.38)}L${n(ix + iw * 0.36)} ${n(iy + ih * 0.5)}L${n(ix + iw * 0.53)} ${n(iy + ih * 0.28)}`,
        "none",
        `stroke="#0d9488" stroke-width="5"`,
      );
      out += rect(ix + iw * 0.64, iy + ih * 0.2, iw * 0.28, ih * 0.18, "#f97316", 'rx="8"');
      out += rect(ix + iw * 0.64, iy + ih * 0.45, iw * 0.28, ih * 0.18, "#22c55e", 'rx="8"');
      out += rect(ix - 10, iy + ih - 8, iw + 20, 18, "#0f172a", 'opacity=".8"');
      return out;
    }
    case "scope": {
      out += rect(ix, iy, iw, ih, "url(#scopegrid)");
      const wave = (phase: number, amp: number, colour: string, mid: number) =>
        pathEl(
          `M${n(ix)} ${n(mid)}` +
            Array.from(
              { length: 40 },
              (_, i) => `L${n(ix + ((i + 1) * iw) / 40)} ${n(mid - amp * Math.sin((i + 1) / 3.2 + phase))}`,
            ).join(""),
          "none",
          `stroke="${colour}" stroke-width="3"`,
        );
      const square =
        `M${n(ix)} ${n(iy + ih * 0.8)}` +
        Array.from({ length: 6 }, (_, i) => {
          const xa = ix + ((i + 0.5) * iw) / 6;
          const xb = ix + ((i + 1) * iw) / 6;
          return `H${n(xa)}V${n(iy + ih * 0.62)}H${n(xb)}V${n(iy + ih * 0.8)}`;
        }).join("");
      out += wave(0, ih * 0.18, "#facc15", iy + ih * 0.3) + pathEl(square, "none", `stroke="#22d3ee" stroke-width="3"`);
      return out;
    }
  }
}

function drawBoardFront(b: BoardDrawing): string {
  const box = boardBox(b);
  let out = boardOutline(b, box, "#000000", 'opacity=".12" transform="translate(10 14)"');
  out += boardOutline(b, box, b.pcb, `stroke="${shade(b.pcb, -0.35)}" stroke-width="3"`);
  if (b.shape !== "round" && b.w >= 220 && b.h >= 200) {
    for (const [hx, hy] of [
      [box.x0 + 16, box.y0 + 16],
      [box.x0 + box.w - 16, box.y0 + 16],
      [box.x0 + 16, box.y0 + box.h - 16],
      [box.x0 + box.w - 16, box.y0 + box.h - 16],
    ] as const) {
      if (b.headers?.some((h) => h.side === "top") && hy < CY) continue;
      if (b.headers?.some((h) => h.side === "bottom") && hy > CY) continue;
      if (b.headers?.some((h) => h.side === "left") && hx < CX) continue;
      if (b.headers?.some((h) => h.side === "right") && hx > CX) continue;
      out += circle(hx, hy, 9, GOLD) + circle(hx, hy, 5, shade(b.pcb, -0.5));
    }
  }
  for (const h of b.headers ?? []) {
    out += headerFront(headerPins(box, h.side, h.n), h.side === "left" || h.side === "right");
  }
  for (const part of b.parts) out += drawPart(part, box, b.pcb);
  return out;
}

/** The board turned over: bare solder side, the silkscreen label and every pin named. */
function drawBoardBack(b: BoardDrawing): string {
  const box = boardBox(b);
  const back = shade(b.pcb, -0.18);
  let out = boardOutline(b, box, "#000000", 'opacity=".12" transform="translate(10 14)"');
  out += boardOutline(b, box, back, `stroke="${shade(b.pcb, -0.45)}" stroke-width="3"`);
  out += boardOutline(b, box, "url(#vias)", 'opacity=".5"');
  // The label sits between the pin names: side headers take about 80 px each from the width.
  const sideHeaders = (b.headers ?? []).filter((h) => h.side === "left" || h.side === "right").length;
  const endHeaders = (b.headers ?? []).filter((h) => h.side === "top" || h.side === "bottom").length;
  const labelWidth = (b.shape === "round" ? box.w * 0.75 : box.w - 40) - sideHeaders * 80;
  const labelSize = Math.min(40, labelWidth / (b.label.length * 0.64), (box.h - endHeaders * 90) / 2.2);
  out += text(
    CX,
    CY + labelSize * 0.35,
    b.label,
    labelSize,
    "#f4f6f8",
    `font-family="${FONT}" font-weight="700" opacity=".9"`,
  );
  for (const h of b.headers ?? []) {
    // Seen from the back, left and right swap.
    const side = h.side === "left" ? "right" : h.side === "right" ? "left" : h.side;
    const pins = headerPins(box, side, h.n);
    const pitch = pitchOf(pins);
    const ordered = h.side === "top" || h.side === "bottom" ? [...pins].reverse() : pins;
    ordered.forEach(([x, y], i) => {
      out += circle(x, y, Math.min(9, pitch * 0.36), GOLD) + circle(x, y, Math.min(4.5, pitch * 0.18), "#3f3f46");
      const name = h.names?.[i] ?? `P${i + 1}`;
      const size = Math.min(13, pitch * 0.55);
      const font = `font-family="${FONT}" font-weight="600"`;
      const white = "#f4f6f8";
      if (side === "top")
        out += text(
          x,
          y + 16,
          name,
          size,
          white,
          `${font} transform="rotate(-90 ${n(x)} ${n(y + 16)})" dy="${n(size * 0.35)}"`,
          "end",
        );
      else if (side === "bottom")
        out += text(
          x,
          y - 16,
          name,
          size,
          white,
          `${font} transform="rotate(-90 ${n(x)} ${n(y - 16)})" dy="${n(size * 0.35)}"`,
          "start",
        );
      else if (side === "left") out += text(x + 16, y + size * 0.35, name, size, white, font, "start");
      else out += text(x - 16, y + size * 0.35, name, size, white, font, "end");
    });
  }
  // Extra headers drawn as parts (2-row GPIO, ISP ...) show their through-holes too.
  for (const part of b.parts) {
    if (part.type !== "header") continue;
    const mirrored = { ...part, x: 1 - part.x };
    out += drawPart(mirrored, box, b.pcb).replace(/fill="#1f2328"/g, `fill="${back}"`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Loose components (assortments, kits)

function drawItem(item: Item, x: number, y: number, variant: number, scale = 1): string {
  const t = `transform="translate(${n(x)} ${n(y)}) scale(${n(scale)})"`;
  const bandSets = [
    ["#a16207", "#1f2328", "#dc2626", "#d4af37"],
    ["#dc2626", "#dc2626", "#a16207", "#d4af37"],
    ["#eab308", "#7c3aed", "#dc2626", "#d4af37"],
    ["#a16207", "#1f2328", "#f97316", "#d4af37"],
    ["#22c55e", "#2563eb", "#a16207", "#d4af37"],
  ];
  const pick = <T>(list: readonly T[]): T => list[variant % list.length]!;
  let body = "";
  switch (item) {
    case "resistor": {
      body += line(-62, 0, 62, 0, "#aeb6bf", 3);
      body += rect(-30, -10, 60, 20, "#8db8e6", 'rx="9"');
      pick(bandSets).forEach((c, i) => {
        body += rect(-20 + i * 11 + (i === 3 ? 8 : 0), -10, 6, 20, c);
      });
      break;
    }
    case "ceramic": {
      const colour = pick(["#d9a13b", "#2f6fd6", "#c2733a"]);
      body += line(-8, 12, -8, 52, "#aeb6bf", 3) + line(8, 12, 8, 52, "#aeb6bf", 3);
      body +=
        ellipse(0, 0, 24, 20, colour) +
        text(0, 5, pick(["104", "220", "473", "102"]), 12, "#1f2328", `font-family="${FONT}"`);
      break;
    }
    case "electrolytic": {
      const h = pick([56, 44, 66]);
      body += line(-8, h / 2, -8, h / 2 + 30, "#aeb6bf", 3) + line(8, h / 2, 8, h / 2 + 36, "#aeb6bf", 3);
      body += rect(-20, -h / 2, 40, h, pick(["#1f3b8a", "#1f2328", "#1f3b8a"]), 'rx="6"');
      body += rect(8, -h / 2, 10, h, "#cbd5e1", 'opacity=".85"') + rect(-20, -h / 2, 40, 8, "#9aa3ad", 'rx="4"');
      break;
    }
    case "led": {
      const colour = pick(["#ef4444", "#22c55e", "#3b82f6", "#facc15", "#f1f5f9"]);
      body += line(-7, 20, -7, 62, "#aeb6bf", 3) + line(7, 20, 7, 54, "#aeb6bf", 3);
      body += pathEl(
        "M-16 20V-6A16 16 0 0 1 16 -6V20Z",
        colour,
        `stroke="${shade(colour === "#f1f5f9" ? "#94a3b8" : colour, -0.2)}" stroke-width="2" opacity=".92"`,
      );
      body += rect(
        -19,
        16,
        38,
        7,
        colour,
        `rx="2" stroke="${shade(colour === "#f1f5f9" ? "#94a3b8" : colour, -0.2)}" stroke-width="1.5"`,
      );
      break;
    }
    case "transistor": {
      body +=
        line(-10, 14, -10, 54, "#aeb6bf", 3) + line(0, 14, 0, 54, "#aeb6bf", 3) + line(10, 14, 10, 54, "#aeb6bf", 3);
      body += pathEl("M-18 16V-4A18 18 0 0 1 18 -4V16Z", "#1f2328");
      body += text(0, 6, pick(["2222", "3904", "3906", "547", "557"]), 9, "#c7ccd3", `font-family="${FONT}"`);
      break;
    }
    case "button": {
      const cap = pick(["#ef4444", "#1f2328", "#facc15", "#3b82f6", "#22c55e", "#f1f5f9"]);
      body += rect(-22, -24, 6, 48, "#aeb6bf") + rect(16, -24, 6, 48, "#aeb6bf");
      body += rect(-20, -20, 40, 40, "#2b2d33", 'rx="3"') + circle(0, 0, 12, cap);
      break;
    }
  }
  return `<g ${t}>${body}</g>`;
}

function drawAssortment(d: ObjectDrawing): Shape {
  const item = d.item ?? "resistor";
  const [w, h] = [620, 470];
  const x0 = CX - w / 2;
  const y0 = CY - h / 2 + 20;
  let out = rect(x0 + 10, y0 + 14, w, h, "#000000", 'rx="18" opacity=".1"');
  out += rect(x0, y0, w, h, d.color, `rx="18" stroke="#aab6c2" stroke-width="4"`);
  out += rect(CX - 120, y0 - 34, 240, 44, "#ffffff", `rx="10" stroke="#aab6c2" stroke-width="3"`);
  out += text(CX, y0 - 4, d.label ?? "", 20, "#374151", `font-family="${FONT}" font-weight="700"`);
  const cols = 3;
  const rows = 3;
  const cw = (w - 24) / cols;
  const ch = (h - 24) / rows;
  const values: Record<Item, string[]> = {
    resistor: ["10Ω", "220Ω", "330Ω", "1kΩ", "4.7kΩ", "10kΩ", "47kΩ", "100kΩ", "1MΩ"],
    ceramic: ["10pF", "22pF", "100pF", "1nF", "4.7nF", "10nF", "22nF", "47nF", "100nF"],
    electrolytic: ["1µF", "2.2µF", "4.7µF", "10µF", "22µF", "47µF", "100µF", "470µF", "1000µF"],
    led: ["RED", "GREEN", "BLUE", "YELLOW", "WHITE", "RED", "GREEN", "BLUE", "YELLOW"],
    transistor: ["2N2222", "2N3904", "2N3906", "BC547", "BC557", "S8050", "S8550", "C1815", "A1015"],
    button: ["4.3", "5", "6", "7", "8", "9", "10", "12", "13"],
  };
  for (let i = 0; i < cols * rows; i++) {
    const cx = x0 + 12 + (i % cols) * cw;
    const cy = y0 + 12 + Math.floor(i / cols) * ch;
    out += rect(cx + 4, cy + 4, cw - 8, ch - 8, shade(d.color, 0.45), `rx="10" stroke="#b8c3ce" stroke-width="2"`);
    out += text(
      cx + cw / 2,
      cy + ch - 14,
      values[item][i] ?? "",
      14,
      "#6b7280",
      `font-family="${FONT}" font-weight="600"`,
    );
    const mx = cx + cw / 2;
    const my = cy + ch / 2 - 16;
    if (item === "resistor") {
      for (let k = 0; k < 3; k++) out += drawItem(item, mx, my - 22 + k * 20, i, 1);
    } else {
      for (let k = 0; k < 3; k++)
        out += drawItem(item, mx - 44 + k * 44, my - 12 + (k % 2) * 8, i + (item === "led" ? 0 : k), 0.8);
    }
  }
  return { svg: out, focus: [x0 + 12 + cw * 1.5, y0 + 12 + ch * 0.5] };
}

function drawCase(d: ObjectDrawing): Shape {
  const [w, h] = [640, 480];
  const x0 = CX - w / 2;
  const y0 = CY - h / 2 + 20;
  let out = rect(x0 + 10, y0 + 14, w, h, "#000000", 'rx="22" opacity=".12"');
  out += rect(x0, y0, w, h, d.color, 'rx="22"');
  out += rect(CX - 70, y0 - 30, 140, 40, shade(d.color, -0.3), 'rx="14"');
  out += rect(x0 + 18, y0 + 18, w - 36, h - 36, d.accent ?? "#dbe7f5", 'rx="12"');
  const cols = 6;
  const rows = 4;
  const cw = (w - 48) / cols;
  const ch = (h - 48) / rows;
  const items: Item[] = ["resistor", "led", "ceramic", "electrolytic", "transistor", "button"];
  for (let i = 0; i < cols * rows; i++) {
    const cx = x0 + 24 + (i % cols) * cw;
    const cy = y0 + 24 + Math.floor(i / cols) * ch;
    out += rect(cx + 3, cy + 3, cw - 6, ch - 6, "#f4f8fc", `rx="8" stroke="#b8c3ce" stroke-width="2"`);
    const item = items[(i * 5 + Math.floor(i / cols)) % items.length]!;
    // One part per compartment keeps the file small; the size varies so the kit looks mixed.
    out += drawItem(
      item,
      cx + cw / 2,
      cy + ch / 2 - (item === "resistor" ? 0 : 12),
      i,
      item === "resistor" ? 0.62 : 0.7,
    );
  }
  out += rect(CX - 80, y0 + h - 10, 160, 26, shade(d.color, -0.3), 'rx="8"');
  out += text(CX, y0 + h + 9, d.label ?? "", 16, "#ffffff", `font-family="${FONT}" font-weight="700"`);
  return { svg: out, focus: [x0 + 24 + cw * 2, y0 + 24 + ch * 1.5] };
}

function drawBreadboard(d: ObjectDrawing): Shape {
  const [w, h] = [660, 250];
  const x0 = CX - w / 2;
  const y0 = CY - h / 2;
  let out = rect(x0 + 10, y0 + 14, w, h, "#000000", 'rx="10" opacity=".12"');
  out += rect(x0, y0, w, h, d.color, `rx="10" stroke="#d6d6cf" stroke-width="3"`);
  // Power rails: two rows at the top and bottom, with their red and blue lines.
  for (const ry of [y0 + 14, y0 + h - 46]) {
    out +=
      line(x0 + 24, ry, x0 + w - 24, ry, "#ef4444", 3) + line(x0 + 24, ry + 32, x0 + w - 24, ry + 32, "#3b82f6", 3);
    out += rect(x0 + 30, ry + 6, w - 60, 22, "url(#holes)");
  }
  out += rect(x0 + 30, y0 + 64, w - 60, 52, "url(#holes)");
  out += rect(x0 + 16, CY - 7, w - 32, 14, "#e7e7e1", 'rx="4"');
  out += rect(x0 + 30, CY + 13, w - 60, 52, "url(#holes)");
  // A first circuit: a resistor, an LED and a jumper, so the board reads as a breadboard.
  const lx = x0 + 420;
  out += pathEl(
    `M${n(lx - 200)} ${n(y0 + 22)}C${n(lx - 200)} ${n(y0 + 60)} ${n(lx - 150)} ${n(y0 + 50)} ${n(lx - 150)} ${n(y0 + 90)}`,
    "none",
    'stroke="#ef4444" stroke-width="6" stroke-linecap="round"',
  );
  out += line(lx - 150, y0 + 90, lx - 54, y0 + 90, "#aeb6bf", 3) + rect(lx - 130, y0 + 80, 56, 20, "#8db8e6", 'rx="9"');
  out +=
    rect(lx - 120, y0 + 80, 5, 20, "#a16207") +
    rect(lx - 110, y0 + 80, 5, 20, "#1f2328") +
    rect(lx - 100, y0 + 80, 5, 20, "#a16207");
  out +=
    line(lx - 54, y0 + 90, lx - 54, CY + 30, "#aeb6bf", 3) + line(lx - 30, CY + 30, lx - 30, y0 + h - 14, "#aeb6bf", 3);
  out += pathEl(
    `M${n(lx - 60)} ${n(CY + 40)}V${n(CY + 6)}A18 18 0 0 1 ${n(lx - 24)} ${n(CY + 6)}V${n(CY + 40)}Z`,
    "#ef4444",
    'opacity=".92"',
  );
  out += rect(lx - 64, CY + 36, 44, 8, "#dc2626", 'rx="2"');
  for (let i = 0; i < 6; i++)
    out += text(x0 + 44 + i * 110, CY + 4, String(1 + i * 10), 9, "#9ca3af", `font-family="${FONT}"`);
  return { svg: out, focus: [lx - 80, CY - 10] };
}

function drawJumpers(): Shape {
  let out = "";
  const count = 10;
  for (let i = 0; i < count; i++) {
    const colour = WIRE_COLOURS[i]!;
    const ya = 250 + i * 14;
    const yb = 380 + i * 14;
    out += pathEl(
      `M170 ${ya}C330 ${ya - 40} 430 ${yb + 150} 620 ${yb}`,
      "none",
      `stroke="${colour}" stroke-width="11" stroke-linecap="round"`,
    );
    out += rect(118, ya - 6, 56, 12, BLACK, 'rx="2"') + rect(96, ya - 2, 24, 4, GOLD);
    out += rect(616, yb - 6, 68, 12, BLACK, 'rx="2"') + rect(676, yb - 2.5, 5, 5, "#6b7280");
  }
  out += floorShadow(400, 640, 250, 18, 0.08);
  return { svg: out, focus: [640, 440] };
}

// ---------------------------------------------------------------------------------------------
// Audio, displays, wireless

interface Shape {
  svg: string;
  /** The point the close-up view zooms in on. */
  focus: [number, number];
}

function speaker(cx: number, cy: number, r: number, d: ObjectDrawing): string {
  const frame = d.color;
  let out = "";
  for (const a of [45, 135, 225, 315]) {
    const rad = (a * Math.PI) / 180;
    const ex = cx + Math.cos(rad) * r * 0.98;
    const ey = cy + Math.sin(rad) * r * 0.98;
    out += circle(ex, ey, r * 0.2, frame) + circle(ex, ey, r * 0.07, "#9aa3ad");
  }
  out += circle(cx, cy, r, frame);
  out += circle(cx, cy, r * 0.86, "#3a3d45");
  out += circle(cx, cy, r * 0.78, "#2b2d33", 'stroke="#4b5058" stroke-width="3"');
  for (const f of [0.62, 0.46]) out += circle(cx, cy, r * f, "none", 'stroke="#3f434b" stroke-width="2"');
  out += circle(cx, cy, r * 0.26, "#1f2328");
  out += ellipse(cx - r * 0.08, cy - r * 0.1, r * 0.1, r * 0.05, "#ffffff", 'opacity=".18"');
  return out;
}

function drawSpeaker(d: ObjectDrawing): Shape {
  let out = floorShadow(410, 640, 270, 20, 0.08);
  out += speaker(520, 310, 140, d);
  out += pathEl("M330 560C360 640 470 640 560 600", "none", 'stroke="#dc2626" stroke-width="6"');
  out += pathEl("M350 565C380 660 500 660 580 620", "none", 'stroke="#1f2328" stroke-width="6"');
  out += speaker(330, 420, 170, d);
  return { svg: out, focus: [330, 420] };
}

function drawMonitor(d: ObjectDrawing): Shape {
  const large = d.size === "large";
  const [w, h] = large ? [660, 430] : [580, 370];
  const x0 = CX - w / 2;
  const y0 = CY - h / 2 - 20;
  let out = floorShadow(CX, y0 + h + 70, w * 0.42, 18, 0.1);
  if (large) {
    out += rect(CX - 30, y0 + h - 10, 60, 70, "#4b5058") + rect(CX - 130, y0 + h + 54, 260, 18, "#3a3d45", 'rx="9"');
  } else {
    out += pathEl(
      `M${n(x0 + 90)} ${n(y0 + h)}L${n(x0 + 60)} ${n(y0 + h + 68)}H${n(x0 + 110)}L${n(x0 + 130)} ${n(y0 + h)}Z`,
      "#3a3d45",
    );
    out += pathEl(
      `M${n(x0 + w - 90)} ${n(y0 + h)}L${n(x0 + w - 60)} ${n(y0 + h + 68)}H${n(x0 + w - 110)}L${n(x0 + w - 130)} ${n(y0 + h)}Z`,
      "#3a3d45",
    );
  }
  out += rect(x0, y0, w, h, d.color, 'rx="16"');
  out += drawScreen(CX, y0 + h / 2 - 6, w - 40, h - 58, "desktop");
  out += text(CX, y0 + h - 10, d.label ?? "", 14, "#9ca3af", `font-family="${FONT}" font-weight="600"`);
  return { svg: out, focus: [x0 + w * 0.3, y0 + h * 0.35] };
}

function drawMonitorBack(d: ObjectDrawing): string {
  const large = d.size === "large";
  const [w, h] = large ? [660, 430] : [580, 370];
  const x0 = CX - w / 2;
  const y0 = CY - h / 2 - 20;
  let out = floorShadow(CX, y0 + h + 50, w * 0.42, 18, 0.1);
  out += rect(x0, y0, w, h, shade(d.color, 0.12), 'rx="16"');
  out += rect(x0 + 24, y0 + 24, w - 48, h - 48, shade(d.color, 0.06), 'rx="10"');
  const bx = CX - 140;
  const by = y0 + 70;
  out += rect(bx, by, 280, 170, "#1d6b3a", `rx="8" stroke="${shade("#1d6b3a", -0.3)}" stroke-width="2"`);
  out += drawPart(
    { type: "chip", x: 0.45, y: 0.45, w: 60, h: 60, label: "HDMI", style: "qfp" },
    { x0: bx, y0: by, w: 280, h: 170 },
    "#1d6b3a",
  );
  out += drawPart(
    { type: "ports", x: 0.3, y: 1, kind: "hdmi", side: "bottom" },
    { x0: bx, y0: by, w: 280, h: 170 },
    "#1d6b3a",
  );
  out += drawPart(
    { type: "usb", x: 0.75, y: 1, kind: "micro", side: "top" },
    { x0: bx, y0: by, w: 280, h: 170 },
    "#1d6b3a",
  );
  out += drawPart({ type: "button", x: 0.85, y: 0.3 }, { x0: bx, y0: by, w: 280, h: 170 }, "#1d6b3a");
  if (large) {
    for (const [hx, hy] of [
      [CX - 80, y0 + h - 110],
      [CX + 80, y0 + h - 110],
      [CX - 80, y0 + h - 40],
      [CX + 80, y0 + h - 40],
    ] as const) {
      out += circle(hx, hy, 9, "#1f2328");
    }
    out += rect(x0 + 60, y0 + h - 80, 80, 40, "url(#grille)") + rect(x0 + w - 140, y0 + h - 80, 80, 40, "url(#grille)");
  } else {
    out += rect(x0 + 50, y0 + h - 120, 120, 80, "url(#grille)");
  }
  return out;
}

function drawGateway(d: ObjectDrawing): Shape {
  const accent = d.accent ?? "#0284c7";
  let out = floorShadow(CX, 640, 230, 18, 0.1);
  out += `<g transform="rotate(-14 540 250)">${rect(528, 60, 24, 210, "#2b2d33", 'rx="12"')}${rect(522, 230, 36, 40, "#3f4249", 'rx="6"')}</g>`;
  out += rect(210, 230, 380, 400, d.color, `rx="36" stroke="#cfd5dc" stroke-width="4"`);
  out += rect(240, 260, 320, 10, accent, 'rx="5"');
  out += text(CX, 420, d.label ?? "", 44, "#1f2937", `font-family="${FONT}" font-weight="800"`);
  out += text(CX, 456, "8-CHANNEL GATEWAY", 16, "#6b7280", `font-family="${FONT}" font-weight="600"`);
  ["#22c55e", "#22c55e", accent, "#f59e0b"].forEach((c, i) => {
    out += circle(330 + i * 46, 540, 10, c) + circle(330 + i * 46, 540, 16, c, 'opacity=".25"');
  });
  return { svg: out, focus: [400, 540] };
}

function drawGatewayBack(d: ObjectDrawing): string {
  let out = floorShadow(CX, 640, 230, 18, 0.1);
  out += rect(210, 230, 380, 400, shade(d.color, -0.04), `rx="36" stroke="#cfd5dc" stroke-width="4"`);
  out += rect(260, 280, 280, 130, "url(#grille)");
  out +=
    rect(250, 470, 110, 90, STEEL, `rx="6" stroke="${STEEL_DARK}" stroke-width="2"`) +
    rect(270, 490, 70, 54, "#4b5563", 'rx="4"');
  out +=
    rect(390, 500, 64, 30, STEEL, `rx="12" stroke="${STEEL_DARK}" stroke-width="2"`) +
    rect(402, 508, 40, 14, "#4b5563", 'rx="7"');
  out += circle(510, 515, 26, GOLD, `stroke="#a8883d" stroke-width="3"`) + circle(510, 515, 10, "#a8883d");
  out += rect(300, 580, 200, 30, "#ffffff", `rx="4" stroke="#e5e7eb" stroke-width="2"`);
  out += text(400, 601, "ETH   USB-C   ANT", 14, "#6b7280", `font-family="${FONT}" font-weight="600"`);
  return out;
}

function drawDongle(d: ObjectDrawing): Shape {
  const accent = d.accent ?? "#0284c7";
  let out = floorShadow(CX, 560, 280, 18, 0.1);
  out += rect(110, 400, 120, 90, STEEL, `rx="4" stroke="${STEEL_DARK}" stroke-width="3"`);
  out += rect(130, 425, 22, 14, "#4b5563") + rect(130, 451, 22, 14, "#4b5563");
  out += rect(220, 380, 330, 130, d.color, 'rx="22"');
  out += rect(240, 398, 290, 94, "#1d6b3a", 'rx="8" opacity=".55"');
  out += drawPart(
    { type: "chip", x: 0.45, y: 0.5, w: 60, h: 60, label: "CC2652", style: "qfn" },
    { x0: 240, y0: 398, w: 290, h: 94 },
    "#1d6b3a",
  );
  out += rect(236, 498, 180, 6, accent, 'rx="3"');
  out += text(330, 535, d.label ?? "", 18, "#374151", `font-family="${FONT}" font-weight="700"`);
  out += rect(545, 425, 40, 40, GOLD, `rx="4" stroke="#a8883d" stroke-width="2"`);
  out += `<g transform="rotate(-62 585 445)">${rect(580, 428, 250, 34, "#2b2d33", 'rx="17"')}${rect(580, 428, 46, 34, "#3f4249", 'rx="8"')}</g>`;
  return { svg: out, focus: [380, 445] };
}

// ---------------------------------------------------------------------------------------------
// Robotics

function drawServo(d: ObjectDrawing): Shape {
  const body = d.color;
  const horn = d.accent ?? "#f4f6f8";
  let out = floorShadow(CX, 640, 250, 18, 0.1);
  out += pathEl("M560 520C640 540 660 600 700 610", "none", 'stroke="#92400e" stroke-width="8"');
  out += pathEl("M560 532C630 556 650 612 696 626", "none", 'stroke="#dc2626" stroke-width="8"');
  out += pathEl("M560 544C620 572 640 626 690 642", "none", 'stroke="#f97316" stroke-width="8"');
  out += rect(240, 330, 320, 270, body, 'rx="10" opacity=".96"');
  out += rect(180, 380, 440, 40, body, 'rx="8"');
  out += circle(205, 400, 9, "#e5e7eb") + circle(595, 400, 9, "#e5e7eb");
  out += rect(250, 270, 300, 66, shade(body, 0.1), 'rx="8"');
  out += circle(330, 270, 60, shade(body, 0.15));
  out += rect(300, 220, 60, 50, "#e5e7eb", 'rx="6"');
  out += rect(170, 198, 320, 40, horn, `rx="20" stroke="${shade(horn, -0.25)}" stroke-width="3"`);
  for (let i = 0; i < 6; i++) out += circle(200 + i * 24, 218, 4, shade(horn, -0.35));
  out += circle(330, 218, 14, "#9aa3ad");
  out += text(400, 500, d.label ?? "", 40, "#f4f6f8", `font-family="${FONT}" font-weight="800" opacity=".9"`);
  return { svg: out, focus: [330, 230] };
}

function wheel(cx: number, cy: number, r: number, rim: string): string {
  let out = circle(cx, cy, r, "#1f2328");
  for (let i = 0; i < 24; i++) {
    const a = (i * Math.PI * 2) / 24;
    out += line(
      cx + Math.cos(a) * r * 0.86,
      cy + Math.sin(a) * r * 0.86,
      cx + Math.cos(a) * r,
      cy + Math.sin(a) * r,
      "#3f434b",
      6,
    );
  }
  out += circle(cx, cy, r * 0.66, rim);
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3;
    out += ellipse(cx + Math.cos(a) * r * 0.4, cy + Math.sin(a) * r * 0.4, r * 0.1, r * 0.1, shade(rim, -0.35));
  }
  out += circle(cx, cy, r * 0.16, shade(rim, -0.2)) + rect(cx - 6, cy - 10, 12, 20, "#1f2328", 'rx="2"');
  return out;
}

function drawGearmotor(d: ObjectDrawing): Shape {
  let out = floorShadow(CX, 640, 280, 18, 0.1);
  out += rect(90, 330, 170, 110, STEEL, `rx="40" stroke="${STEEL_DARK}" stroke-width="3"`);
  out += rect(120, 350, 14, 70, "#e5e7eb");
  out += line(70, 370, 90, 370, "#dc2626", 6) + line(70, 400, 90, 400, "#1f2328", 6);
  out += rect(240, 300, 230, 170, d.color, `rx="16" stroke="${shade(d.color, -0.25)}" stroke-width="3"`);
  out +=
    circle(300, 385, 16, shade(d.color, -0.2)) +
    circle(420, 340, 10, shade(d.color, -0.2)) +
    circle(420, 430, 10, shade(d.color, -0.2));
  out += rect(350, 375, 60, 20, "#f4f6f8");
  out += wheel(560, 400, 160, d.color);
  return { svg: out, focus: [560, 400] };
}

function drawStepper(d: ObjectDrawing): Shape {
  const face = d.accent ?? STEEL;
  let out = floorShadow(CX, 640, 230, 18, 0.1);
  out += pathEl("M610 560C660 590 680 620 720 630", "none", 'stroke="#2b2d33" stroke-width="14"');
  out += pathEl("M240 200H560L600 240V560L560 600H240L200 560V240Z", face, `stroke="${STEEL_DARK}" stroke-width="4"`);
  out += pathEl("M262 222H538L578 262V538L538 578H262L222 538V262Z", d.color);
  for (const [x, y] of [
    [250, 250],
    [550, 250],
    [250, 550],
    [550, 550],
  ] as const) {
    out += circle(x, y, 18, face) + circle(x, y, 9, "#2b2d33");
  }
  out += circle(400, 400, 110, face, `stroke="${STEEL_DARK}" stroke-width="4"`);
  out += circle(400, 400, 72, shade(face, -0.12));
  out += pathEl("M378 388A24 24 0 1 1 422 388Z", "#e5e7eb", `stroke="${STEEL_DARK}" stroke-width="3"`);
  out += pathEl("M376 392H424A24 24 0 0 1 376 392Z", "#e5e7eb", `stroke="${STEEL_DARK}" stroke-width="3"`);
  return { svg: out, focus: [400, 400] };
}

function drawStepperSide(d: ObjectDrawing): string {
  const face = d.accent ?? STEEL;
  let out = floorShadow(CX, 640, 230, 18, 0.1);
  out += rect(388, 160, 24, 120, "#e5e7eb", `stroke="${STEEL_DARK}" stroke-width="3"`);
  out += rect(340, 270, 120, 20, face);
  out += rect(230, 290, 340, 40, face, 'rx="6"');
  out += rect(230, 330, 340, 200, d.color);
  for (let i = 0; i < 9; i++) out += line(230, 350 + i * 20, 570, 350 + i * 20, "#2f3238", 3);
  out += rect(230, 530, 340, 40, face, 'rx="6"');
  out += rect(570, 420, 50, 60, "#f4f4f0", 'rx="4"');
  out += pathEl("M620 450C680 460 690 560 720 600", "none", 'stroke="#2b2d33" stroke-width="14"');
  out += rect(300, 380, 200, 90, "#f8fafc", 'rx="4"');
  out += text(400, 420, "NEMA 17", 24, "#1f2937", `font-family="${FONT}" font-weight="800"`);
  out += text(400, 450, "1.8° 1.5A", 18, "#6b7280", `font-family="${FONT}"`);
  return out;
}

function drawCar(d: ObjectDrawing): Shape {
  let out = floorShadow(CX, 650, 260, 16, 0.08);
  for (const x of [170, 630]) {
    out += rect(x - 36, 420, 72, 190, "#1f2328", 'rx="14"');
    for (let i = 0; i < 9; i++) out += line(x - 36, 436 + i * 20, x + 36, 436 + i * 20, "#3f434b", 5);
  }
  out += pathEl(
    "M260 160H540Q600 160 600 220V600Q600 640 560 640H240Q200 640 200 600V220Q200 160 260 160Z",
    d.color,
    `opacity=".75" stroke="${shade(d.color, -0.3)}" stroke-width="4"`,
  );
  out +=
    rect(214, 460, 140, 70, d.accent ?? "#f5c518", 'rx="10"') +
    rect(446, 460, 140, 70, d.accent ?? "#f5c518", 'rx="10"');
  out += circle(400, 210, 30, "#2b2d33") + circle(400, 210, 14, STEEL);
  out += rect(290, 260, 220, 120, "#1f2328", 'rx="8"');
  ["#dc2626", "#dc2626", "#dc2626", "#dc2626"].forEach((c, i) => {
    out += rect(302, 272 + i * 26, 196, 20, c, 'rx="10"') + rect(478, 272 + i * 26, 20, 20, STEEL, 'rx="6"');
  });
  const board = { x0: 300, y0: 420, w: 200, h: 150 };
  out += rect(board.x0, board.y0, board.w, board.h, "#b3262e", 'rx="8"');
  out += drawPart({ type: "heatsink", x: 0.5, y: 0.4, w: 100, h: 70, color: "#1f2328" }, board, "#b3262e");
  out += drawPart({ type: "terminal", x: 0.5, y: 0.84, n: 3, color: "#2f6fd6" }, board, "#b3262e");
  return { svg: out, focus: [400, 480] };
}

function drawArm(d: ObjectDrawing): Shape {
  const metal = d.color;
  const servo = d.accent ?? "#1f2328";
  const seg = (x1: number, y1: number, x2: number, y2: number) =>
    line(x1, y1, x2, y2, metal, 36, 'stroke-linecap="round"') +
    line(x1, y1, x2, y2, shade(metal, 0.3), 10, 'stroke-linecap="round"');
  const joint = (x: number, y: number) => rect(x - 34, y - 26, 68, 52, servo, 'rx="8"') + circle(x, y, 12, metal);
  let out = floorShadow(CX, 640, 230, 18, 0.1);
  out += rect(250, 560, 300, 70, "#2b2d33", 'rx="12"') + ellipse(400, 560, 120, 26, "#3f434b");
  out += rect(360, 480, 80, 80, servo, 'rx="8"');
  out += seg(400, 480, 330, 330) + joint(400, 480);
  out += seg(330, 330, 480, 220) + joint(330, 330);
  out += seg(480, 220, 580, 300) + joint(480, 220);
  out += joint(580, 300);
  out += pathEl("M600 320L650 380L630 392L584 336Z", metal, `stroke="${shade(metal, -0.3)}" stroke-width="3"`);
  out += pathEl("M570 330L600 400L578 406L556 340Z", metal, `stroke="${shade(metal, -0.3)}" stroke-width="3"`);
  return { svg: out, focus: [590, 340] };
}

// ---------------------------------------------------------------------------------------------
// Sensors and tools

function drawLidar(d: ObjectDrawing): Shape {
  const accent = d.accent ?? "#16a34a";
  let out = "";
  for (let i = 0; i < 14; i++) {
    const a = (-160 + i * 10) * (Math.PI / 180);
    out += line(400, 330, 400 + Math.cos(a) * 340, 330 + Math.sin(a) * 200, accent, 2, 'opacity=".35"');
  }
  out += floorShadow(CX, 640, 240, 18, 0.1);
  out += rect(220, 500, 360, 110, "#1f2328", 'rx="18"');
  out += ellipse(400, 500, 180, 36, "#3a3d45");
  out += rect(270, 300, 260, 190, d.color);
  out += ellipse(400, 490, 130, 30, d.color);
  out += rect(300, 360, 200, 60, "#0f172a", 'rx="10"');
  out +=
    circle(360, 390, 20, "#1e293b") + circle(440, 390, 20, "#1e293b") + circle(440, 390, 8, accent, 'opacity=".7"');
  out += ellipse(400, 300, 130, 30, shade(d.color, 0.2));
  out += circle(400, 300, 10, "#6b7280");
  out += text(400, 580, "360° LIDAR", 22, "#9ca3af", `font-family="${FONT}" font-weight="700"`);
  return { svg: out, focus: [400, 390] };
}

function drawStation(d: ObjectDrawing): Shape {
  const accent = d.accent ?? "#ef4444";
  let out = floorShadow(CX, 640, 300, 18, 0.1);
  out += pathEl("M300 560C330 660 520 650 560 520", "none", 'stroke="#2b2d33" stroke-width="10"');
  out += rect(90, 300, 360, 300, d.color, 'rx="18"');
  out += rect(120, 330, 300, 120, "#0b0d10", 'rx="8"');
  out += text(
    270,
    418,
    d.label ?? "350°C",
    74,
    accent,
    `font-family="ui-monospace, 'DejaVu Sans Mono', monospace" font-weight="700"`,
  );
  out += text(168, 350, "SET", 14, "#6b7280", `font-family="${FONT}"`);
  [150, 220, 290].forEach((x, i) => {
    out += rect(x - 26, 480, 52, 36, i === 1 ? accent : "#4b5058", 'rx="8"');
  });
  out += circle(380, 498, 34, "#4b5058") + line(380, 498, 380, 470, "#e5e7eb", 5, 'stroke-linecap="round"');
  out += rect(130, 548, 70, 24, "#16a34a", 'rx="6"');
  out += rect(500, 560, 220, 50, "#2b2d33", 'rx="12"');
  out += rect(520, 565, 60, 30, "#facc15", 'rx="6"');
  out += `<g transform="rotate(-38 640 520)">`;
  for (let i = 0; i < 7; i++) out += ellipse(620 + i * 22, 520, 10, 34, "none", `stroke="${STEEL}" stroke-width="5"`);
  out += "</g>";
  out += `<g transform="rotate(-38 620 430)">${rect(470, 414, 180, 32, "#2b2d33", 'rx="14"')}${rect(640, 420, 70, 20, STEEL, 'rx="6"')}${pathEl("M710 422L760 430L710 438Z", "#9aa3ad")}${rect(500, 414, 60, 32, accent, 'rx="12"')}</g>`;
  return { svg: out, focus: [270, 390] };
}

function drawMultimeter(d: ObjectDrawing): Shape {
  const face = d.accent ?? "#2b2d33";
  let out = floorShadow(CX, 660, 220, 16, 0.1);
  out += pathEl("M330 600C260 660 160 600 130 520", "none", 'stroke="#1f2328" stroke-width="9"');
  out += pathEl("M470 600C540 660 640 600 670 520", "none", 'stroke="#dc2626" stroke-width="9"');
  out += `<g transform="rotate(-20 130 470)">${rect(118, 380, 24, 150, "#1f2328", 'rx="8"')}${rect(126, 320, 8, 60, STEEL)}</g>`;
  out += `<g transform="rotate(20 670 470)">${rect(658, 380, 24, 150, "#dc2626", 'rx="8"')}${rect(666, 320, 8, 60, STEEL)}</g>`;
  out += rect(240, 110, 320, 540, d.color, 'rx="44"');
  out += rect(270, 140, 260, 480, face, 'rx="26"');
  out += rect(295, 170, 210, 110, "#c9d8c0", 'rx="8"');
  out += text(
    400,
    250,
    "12.34",
    62,
    "#1f2937",
    `font-family="ui-monospace, 'DejaVu Sans Mono', monospace" font-weight="700"`,
  );
  out +=
    text(485, 196, "V", 18, "#1f2937", `font-family="${FONT}" font-weight="700"`) +
    text(320, 196, "AUTO", 12, "#374151", `font-family="${FONT}"`);
  for (let i = 0; i < 4; i++) out += rect(298 + i * 54, 300, 42, 22, "#4b5058", 'rx="6"');
  for (let i = 0; i < 12; i++) {
    const a = (-210 + i * 22) * (Math.PI / 180);
    out += line(
      400 + Math.cos(a) * 82,
      430 + Math.sin(a) * 82,
      400 + Math.cos(a) * 96,
      430 + Math.sin(a) * 96,
      "#e5e7eb",
      4,
    );
  }
  out += circle(400, 430, 70, "#4b5058") + circle(400, 430, 52, "#3a3d45");
  out += rect(390, 356, 20, 80, d.color, 'rx="8"');
  [
    [320, "#1f2328"],
    [400, "#1f2328"],
    [480, "#dc2626"],
  ].forEach(([x, c]) => {
    out +=
      circle(x as number, 570, 20, c as string, 'stroke="#6b7280" stroke-width="4"') +
      circle(x as number, 570, 8, "#0b0d10");
  });
  return { svg: out, focus: [400, 230] };
}

function drawAnalyzer(d: ObjectDrawing): Shape {
  let out = floorShadow(CX, 620, 290, 16, 0.08);
  out += pathEl("M120 400C80 400 70 520 110 600", "none", 'stroke="#1f2328" stroke-width="12"');
  for (let i = 0; i < 9; i++) {
    const y = 345 + i * 13;
    const ty = 200 + i * 50;
    out += pathEl(`M470 ${y}C560 ${y} 560 ${ty} 640 ${ty}`, "none", `stroke="${WIRE_COLOURS[i]!}" stroke-width="7"`);
    out += rect(640, ty - 10, 60, 20, WIRE_COLOURS[i]!, 'rx="6"') + rect(700, ty - 3, 20, 6, STEEL);
  }
  out += rect(120, 300, 360, 180, d.color, 'rx="22"');
  out += rect(120, 300, 360, 180, "none", `rx="22" stroke="${shade(d.color, -0.25)}" stroke-width="4"`);
  out += rect(100, 375, 30, 40, STEEL_DARK, 'rx="6"');
  out += rect(456, 330, 24, 130, BLACK, 'rx="4"');
  out += text(300, 385, d.label ?? "", 34, "#1f2937", `font-family="${FONT}" font-weight="800"`);
  out += text(300, 420, "24 MHz", 20, "#374151", `font-family="${FONT}"`);
  out += circle(180, 340, 7, "#22c55e");
  return { svg: out, focus: [560, 380] };
}

function drawScope(d: ObjectDrawing): Shape {
  const trim = d.accent ?? "#2b2d33";
  let out = floorShadow(CX, 640, 320, 18, 0.1);
  out += rect(90, 190, 620, 420, d.color, 'rx="20"');
  out += rect(110, 210, 580, 380, shade(d.color, -0.06), 'rx="12"');
  out += rect(130, 230, 380, 270, trim, 'rx="8"');
  out += drawScreen(320, 365, 360, 250, "scope");
  for (const [x, y, r] of [
    [560, 270, 26],
    [640, 270, 26],
    [560, 360, 20],
    [640, 360, 20],
    [600, 440, 30],
  ] as const) {
    out += circle(x, y, r, trim) + line(x, y, x, y - r * 0.7, "#e5e7eb", 3);
  }
  ["#facc15", "#22d3ee", "#6b7280", "#6b7280", "#ef4444", "#22c55e"].forEach((c, i) => {
    out += rect(150 + i * 58, 520, 44, 22, c, 'rx="5"');
  });
  for (const [x, c] of [
    [530, "#facc15"],
    [600, "#22d3ee"],
    [670, "#6b7280"],
  ] as const) {
    out += circle(x, 545, 22, STEEL, `stroke="${c}" stroke-width="6"`) + circle(x, 545, 8, "#4b5563");
  }
  out += text(200, 574, d.label ?? "", 14, "#6b7280", `font-family="${FONT}" font-weight="700"`);
  return { svg: out, focus: [320, 330] };
}

function drawScopeBack(d: ObjectDrawing): string {
  let out = floorShadow(CX, 640, 320, 18, 0.1);
  out += rect(90, 190, 620, 420, shade(d.color, -0.05), 'rx="20"');
  out += rect(140, 240, 260, 180, "url(#grille)");
  out += circle(560, 330, 90, "url(#grille)", `stroke="#9aa3ad" stroke-width="6"`);
  out += rect(140, 470, 110, 80, "#2b2d33", 'rx="8"') + rect(165, 490, 60, 40, "#111827", 'rx="4"');
  out +=
    rect(300, 480, 70, 40, STEEL, `rx="4" stroke="${STEEL_DARK}" stroke-width="2"`) +
    rect(314, 490, 42, 20, "#4b5563", 'rx="3"');
  out += rect(420, 470, 240, 90, "#ffffff", `rx="6" stroke="#e5e7eb" stroke-width="2"`);
  out += text(540, 505, "100-240 V ~ 50/60 Hz", 15, "#374151", `font-family="${FONT}" font-weight="600"`);
  out += text(540, 535, "DSO 2CH 100MHz", 15, "#6b7280", `font-family="${FONT}"`);
  return out;
}

function drawSpool(d: ObjectDrawing): Shape {
  let out = floorShadow(CX, 650, 220, 16, 0.1);
  out += pathEl("M560 470C640 500 660 580 720 600", "none", `stroke="${d.accent ?? STEEL}" stroke-width="6"`);
  out += circle(400, 390, 230, d.color);
  out += circle(400, 390, 200, d.accent ?? STEEL);
  for (let r = 100; r < 200; r += 12)
    out += circle(400, 390, r, "none", `stroke="${STEEL_DARK}" stroke-width="2" opacity=".6"`);
  out += circle(400, 390, 100, d.color);
  out += circle(400, 390, 84, "#ffffff");
  out += text(400, 380, d.label ?? "", 18, "#1f2937", `font-family="${FONT}" font-weight="700"`);
  out += text(400, 405, "LEAD-FREE", 14, "#dc2626", `font-family="${FONT}" font-weight="700"`);
  out += circle(400, 440, 12, "#e5e7eb");
  return { svg: out, focus: [400, 390] };
}

function drawCutters(d: ObjectDrawing): Shape {
  const steel = d.accent ?? "#9aa3ad";
  let out = floorShadow(CX, 660, 200, 16, 0.1);
  out += pathEl(
    "M380 380C360 480 300 560 250 650",
    "none",
    `stroke="${d.color}" stroke-width="54" stroke-linecap="round"`,
  );
  out += pathEl(
    "M420 380C440 480 500 560 550 650",
    "none",
    `stroke="${d.color}" stroke-width="54" stroke-linecap="round"`,
  );
  out += pathEl(
    "M380 380C370 430 350 470 330 520",
    "none",
    `stroke="${shade(d.color, 0.3)}" stroke-width="10" stroke-linecap="round"`,
  );
  out += pathEl("M368 400L330 230Q340 150 398 120L400 300Z", steel, `stroke="${shade(steel, -0.3)}" stroke-width="3"`);
  out += pathEl(
    "M432 400L470 230Q460 150 402 120L400 300Z",
    shade(steel, 0.15),
    `stroke="${shade(steel, -0.3)}" stroke-width="3"`,
  );
  out += circle(400, 340, 30, shade(steel, -0.15)) + circle(400, 340, 12, shade(steel, -0.4));
  out += pathEl(
    "M395 420C370 440 370 470 395 480M405 420C430 440 430 470 405 480",
    "none",
    'stroke="#6b7280" stroke-width="6"',
  );
  return { svg: out, focus: [400, 190] };
}

function drawHands(d: ObjectDrawing): Shape {
  const metal = d.accent ?? STEEL;
  const beads = (pts: [number, number][]) =>
    pts.map(([x, y]) => circle(x, y, 12, "#2b2d33") + circle(x - 3, y - 3, 4, "#4b5058")).join("");
  let out = floorShadow(CX, 650, 260, 16, 0.1);
  out += rect(180, 580, 440, 60, d.color, 'rx="18"');
  out += rect(388, 210, 24, 380, metal, 'rx="6"');
  const curve = (x0: number, y0: number, x1: number, y1: number, bend: number): [number, number][] =>
    Array.from({ length: 12 }, (_, i) => {
      const t = i / 11;
      return [x0 + (x1 - x0) * t + Math.sin(t * Math.PI) * bend, y0 + (y1 - y0) * t - Math.sin(t * Math.PI) * 40];
    });
  out += beads(curve(220, 580, 300, 430, -30)) + beads(curve(580, 580, 500, 430, 30));
  out += pathEl("M280 420L320 400L322 414L296 434Z", metal) + pathEl("M520 420L480 400L478 414L504 434Z", metal);
  out += rect(300, 400, 200, 100, "#1d6b3a", 'rx="6"') + rect(360, 430, 50, 40, BLACK, 'rx="3"');
  out += circle(400, 240, 120, "#2b2d33");
  out += circle(400, 240, 104, "#cfe8f7", 'opacity=".85"');
  out += ellipse(360, 200, 36, 18, "#ffffff", 'opacity=".6"');
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    out += circle(400 + Math.cos(a) * 112, 240 + Math.sin(a) * 112, 4, "#fef9c3");
  }
  return { svg: out, focus: [400, 450] };
}

function drawPsu(d: ObjectDrawing): Shape {
  const trim = d.accent ?? "#2b2d33";
  const mono = `font-family="ui-monospace, 'DejaVu Sans Mono', monospace" font-weight="700"`;
  let out = floorShadow(CX, 640, 320, 18, 0.1);
  out += rect(90, 220, 620, 390, d.color, 'rx="20"');
  out += rect(115, 245, 570, 340, trim, 'rx="10"');
  out +=
    rect(145, 275, 240, 100, "#0b0d10", 'rx="6"') +
    text(265, 350, "12.00", 64, "#ef4444", mono) +
    text(370, 295, "V", 16, "#ef4444", `font-family="${FONT}"`);
  out +=
    rect(415, 275, 240, 100, "#0b0d10", 'rx="6"') +
    text(535, 350, "1.250", 64, "#22c55e", mono) +
    text(640, 295, "A", 16, "#22c55e", `font-family="${FONT}"`);
  for (const x of [205, 325, 475, 595])
    out += circle(x, 440, 36, "#4b5058") + circle(x, 440, 26, "#3a3d45") + line(x, 440, x, 412, "#e5e7eb", 4);
  for (const [x, c] of [
    [430, "#dc2626"],
    [520, "#1f2328"],
    [610, "#16a34a"],
  ] as const) {
    out += circle(x, 535, 26, c, 'stroke="#9aa3ad" stroke-width="4"') + circle(x, 535, 8, "#d9b45a");
  }
  out += rect(150, 515, 80, 44, "#1f2328", 'rx="6"') + rect(158, 521, 30, 32, "#ef4444", 'rx="4"');
  out += text(300, 546, d.label ?? "", 20, "#9ca3af", `font-family="${FONT}" font-weight="700"`);
  return { svg: out, focus: [265, 330] };
}

function drawPsuBack(d: ObjectDrawing): string {
  let out = floorShadow(CX, 640, 320, 18, 0.1);
  out += rect(90, 220, 620, 390, shade(d.color, -0.05), 'rx="20"');
  out += circle(270, 400, 110, "url(#grille)", `stroke="#9aa3ad" stroke-width="6"`);
  out += rect(450, 300, 200, 120, "url(#grille)");
  out += rect(470, 470, 90, 70, "#2b2d33", 'rx="8"') + rect(490, 485, 50, 40, "#111827", 'rx="4"');
  out += rect(580, 480, 50, 30, "#1f2328", 'rx="4"');
  out += text(270, 560, "FUSE 5A  ~230V", 16, "#6b7280", `font-family="${FONT}" font-weight="600"`);
  return out;
}

function drawMat(d: ObjectDrawing): Shape {
  const ink = d.accent ?? "#f5f7fa";
  let out = rect(90, 190, 640, 440, "#000000", 'rx="24" opacity=".1"');
  out += rect(80, 176, 640, 440, d.color, 'rx="24"');
  out += rect(110, 206, 420, 380, "url(#matgrid)");
  out += rect(110, 206, 420, 380, "none", `stroke="${ink}" stroke-width="2" opacity=".6"`);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 2; c++) out += rect(556 + c * 76, 206 + r * 90, 64, 76, shade(d.color, -0.15), 'rx="14"');
  }
  for (let i = 0; i <= 42; i++) out += line(110 + i * 10, 596, 110 + i * 10, i % 5 === 0 ? 608 : 602, ink, 1.5);
  out += text(560, 232, "500°C", 14, ink, `font-family="${FONT}" font-weight="700"`, "start");
  // A few screws in the trays, and a board on the mat.
  for (const [x, y] of [
    [588, 244],
    [600, 262],
    [664, 340],
  ] as const) {
    out += circle(x, y, 8, STEEL) + line(x - 5, y, x + 5, y, STEEL_DARK, 2);
  }
  out += rect(200, 300, 200, 130, "#1d6b3a", 'rx="8" transform="rotate(-8 300 365)"');
  out += rect(270, 340, 50, 50, BLACK, 'rx="3" transform="rotate(-8 300 365)"');
  return { svg: out, focus: [600, 300] };
}

// ---------------------------------------------------------------------------------------------
// Views

/** How the angled view turns a product: boards and trays lie flat, devices stand up. */
const FLAT_OBJECTS = new Set<ObjectKind>(["assortment", "breadboard", "case", "car", "mat", "jumpers"]);

function drawFront(drawing: Drawing): Shape {
  if (drawing.kind === "board") {
    const box = boardBox(drawing);
    const chip = drawing.parts.find(
      (p) =>
        p.type === "chip" ||
        p.type === "screen" ||
        p.type === "transducer" ||
        p.type === "lens" ||
        p.type === "mems" ||
        p.type === "dome",
    );
    const focus: [number, number] = chip ? [box.x0 + chip.x * box.w, box.y0 + chip.y * box.h] : [CX, CY];
    return { svg: drawBoardFront(drawing), focus };
  }
  switch (drawing.kind) {
    case "speaker":
      return drawSpeaker(drawing);
    case "assortment":
      return drawAssortment(drawing);
    case "breadboard":
      return drawBreadboard(drawing);
    case "jumpers":
      return drawJumpers();
    case "case":
      return drawCase(drawing);
    case "monitor":
      return drawMonitor(drawing);
    case "gateway":
      return drawGateway(drawing);
    case "dongle":
      return drawDongle(drawing);
    case "servo":
      return drawServo(drawing);
    case "gearmotor":
      return drawGearmotor(drawing);
    case "stepper":
      return drawStepper(drawing);
    case "car":
      return drawCar(drawing);
    case "arm":
      return drawArm(drawing);
    case "lidar":
      return drawLidar(drawing);
    case "station":
      return drawStation(drawing);
    case "multimeter":
      return drawMultimeter(drawing);
    case "analyzer":
      return drawAnalyzer(drawing);
    case "scope":
      return drawScope(drawing);
    case "spool":
      return drawSpool(drawing);
    case "cutters":
      return drawCutters(drawing);
    case "hands":
      return drawHands(drawing);
    case "psu":
      return drawPsu(drawing);
    case "mat":
      return drawMat(drawing);
  }
}

/** The back of the product, or null when this kind has no back view worth drawing. */
function drawBack(drawing: Drawing): string | null {
  if (drawing.kind === "board") return drawBoardBack(drawing);
  switch (drawing.kind) {
    case "monitor":
      return drawMonitorBack(drawing);
    case "gateway":
      return drawGatewayBack(drawing);
    case "stepper":
      return drawStepperSide(drawing);
    case "scope":
      return drawScopeBack(drawing);
    case "psu":
      return drawPsuBack(drawing);
    default:
      return null;
  }
}

/**
 * The angled view reuses the front drawing (<use>) under a projection, over a stack of darkened
 * copies that reads as the product's thickness.
 */
function drawAngle(flat: boolean, thickness: number): string {
  const projection = flat
    ? `translate(400 410) scale(.95 .6) rotate(-28) translate(-400 -390)`
    : `translate(400 400) skewY(-9) scale(.84 .96) translate(-400 -390)`;
  const [dx, dy] = flat ? [0, 1] : [1, -0.3];
  const steps = Math.max(1, Math.round(thickness / 2));
  let stack = "";
  for (let i = steps; i >= 1; i--) {
    stack += `<use href="#product" transform="translate(${n(dx * i * 2)} ${n(dy * i * 2)}) ${projection}"/>`;
  }
  return `<g filter="url(#side)">${stack}</g><use href="#product" transform="${projection}"/>`;
}

function drawDetail(focus: [number, number], zoom: number): string {
  const [fx, fy] = focus;
  const clipped = `<g clip-path="url(#lens)"><rect width="800" height="800" fill="#ffffff" opacity=".55"/><use href="#product" transform="translate(390 380) scale(${zoom}) translate(${n(-fx)} ${n(-fy)})"/></g>`;
  const ring =
    circle(390, 380, 290, "none", 'stroke="#ffffff" stroke-width="12"') +
    circle(390, 380, 297, "none", 'stroke="#000000" stroke-opacity=".08" stroke-width="3"');
  // The whole product in a corner card, with the zoomed area marked.
  const thumbScale = 0.24;
  const tx = 590;
  const ty = 590;
  const marker = circle(
    tx + (fx - 400) * thumbScale,
    ty + (fy - 400) * thumbScale,
    (290 / zoom) * thumbScale * 1.0,
    "none",
    'stroke="#ef4444" stroke-width="3"',
  );
  const card =
    rect(tx - 100, ty - 100, 200, 200, "#ffffff", 'rx="20" stroke="#000000" stroke-opacity=".08" stroke-width="2"') +
    `<use href="#product" transform="translate(${tx} ${ty}) scale(${thumbScale}) translate(-400 -400)"/>` +
    marker;
  return clipped + ring + card;
}

const PATTERNS: Record<string, string> = {
  mesh: `<pattern id="mesh" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="2" fill="#8f98a3"/></pattern>`,
  ledgrid: `<pattern id="ledgrid" width="16" height="16" patternUnits="userSpaceOnUse"><circle cx="8" cy="8" r="5.5" fill="#ef4444"/><circle cx="6.5" cy="6.5" r="1.6" fill="#fecaca"/></pattern>`,
  vias: `<pattern id="vias" width="36" height="30" patternUnits="userSpaceOnUse"><circle cx="9" cy="8" r="3" fill="#d9b45a"/><path d="M9 8h18v14" stroke="#ffffff" stroke-opacity=".15" stroke-width="3" fill="none"/></pattern>`,
  scopegrid: `<pattern id="scopegrid" width="36" height="36" patternUnits="userSpaceOnUse"><path d="M36 0V36H0" stroke="#334155" stroke-width="1.5" fill="none"/></pattern>`,
  holes: `<pattern id="holes" width="10.4" height="10.4" patternUnits="userSpaceOnUse"><rect x="3" y="3" width="4.4" height="4.4" fill="#6b7280"/></pattern>`,
  grille: `<pattern id="grille" width="14" height="14" patternUnits="userSpaceOnUse"><rect x="2" y="2" width="10" height="4" rx="2" fill="#6b7280"/></pattern>`,
  matgrid: `<pattern id="matgrid" width="20" height="20" patternUnits="userSpaceOnUse"><path d="M20 0V20H0" stroke="#ffffff" stroke-opacity=".35" stroke-width="1" fill="none"/></pattern>`,
};

const VIEW_TITLES: Record<View, string> = {
  front: "front view",
  back: "back view",
  angle: "angled view",
  detail: "close-up detail",
};

function svgDocument(product: ProductDrawing, view: View): string {
  const front = drawFront(product.drawing);
  const tint = CATEGORY_TINT[product.category];
  let body: string;
  let productDef = "";
  const extraDefs: string[] = [];
  let extraShapes = "";
  const isBoard = product.drawing.kind === "board";
  switch (view) {
    case "front":
      body = front.svg;
      break;
    case "back": {
      const back = drawBack(product.drawing);
      if (back == null) throw new Error(`${product.name}: no back view for kind ${product.drawing.kind}`);
      body = back;
      break;
    }
    case "angle": {
      const flat = isBoard || FLAT_OBJECTS.has(product.drawing.kind as ObjectKind);
      // A standing product gets one fresh floor shadow instead of an extruded, skewed one.
      productDef = `<g id="product">${flat ? front.svg : front.svg.replace(SHADOW_PATTERN, "")}</g>`;
      if (!flat) extraShapes = floorShadow(420, 650, 270, 18, 0.1);
      extraDefs.push(
        `<filter id="side" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" values=".6 0 0 0 0 0 .6 0 0 0 0 0 .6 0 0 0 0 0 1 0"/></filter>`,
      );
      body = drawAngle(flat, isBoard ? 8 : flat ? 14 : 22);
      break;
    }
    case "detail":
      productDef = `<g id="product">${front.svg}</g>`;
      extraDefs.push(`<clipPath id="lens"><circle cx="390" cy="380" r="290"/></clipPath>`);
      body = drawDetail(front.focus, 2.3);
      break;
  }
  const all = productDef + body;
  const patterns = Object.entries(PATTERNS)
    .filter(([id]) => all.includes(`url(#${id})`))
    .map(([, def]) => def);
  const title = `${product.name}, ${view === "back" && isBoard ? "back view with pinout" : VIEW_TITLES[view]}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<defs>${patterns.join("")}${extraDefs.join("")}${productDef}</defs>` +
    rect(0, 0, S, S, tint.bg) +
    circle(400, 380, 340, tint.glow) +
    extraShapes +
    body +
    `</svg>\n`
  );
}

// ---------------------------------------------------------------------------------------------
// Files

/** "0.96\" OLED Display 128x64, SSD1306, I2C" -> "0-96-oled-display-128x64-ssd1306-i2c". */
export function productSlug(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The public paths of a product's images, in view order: what seed.sql stores in `images`. */
export function productImagePaths(product: Pick<ProductDrawing, "name" | "views">): string[] {
  return product.views.map((_, i) => `/images/products/${productSlug(product.name)}-${i + 1}.svg`);
}

export const OUTPUT_DIR = fileURLToPath(new URL("../public/images/products/", import.meta.url));

async function main(): Promise<void> {
  await mkdir(OUTPUT_DIR, { recursive: true });
  const slugs = new Set<string>();
  const written = new Set<string>();
  let bytes = 0;
  for (const product of PRODUCT_DRAWINGS) {
    const slug = productSlug(product.name);
    if (slugs.has(slug)) throw new Error(`Two products share the slug ${slug}`);
    slugs.add(slug);
    if (product.views.length < 2 || product.views.length > 4) throw new Error(`${product.name}: draw 2-4 views`);
    for (const [i, view] of product.views.entries()) {
      const file = `${slug}-${i + 1}.svg`;
      const svg = svgDocument(product, view);
      bytes += svg.length;
      await writeFile(path.join(OUTPUT_DIR, file), svg);
      written.add(file);
    }
  }
  // Files left over from renamed products would be served but never listed; remove them.
  for (const file of await readdir(OUTPUT_DIR)) {
    if (file.endsWith(".svg") && !written.has(file)) await unlink(path.join(OUTPUT_DIR, file));
  }
  console.log(
    `Wrote ${written.size} images for ${PRODUCT_DRAWINGS.length} products (${Math.round(bytes / 1024)} KB) to ${OUTPUT_DIR}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
