/**
 * What the product drawings are made of: each product is a small description (what kind of thing
 * it is, its colours, its label and which views to draw) that the drawing modules turn into SVG.
 */
import type { CategorySlug } from "../../app/models/catalogue/categories";

export type View = "front" | "back" | "angle" | "detail";

/** Where a part sits on a board: fractions of the board's width and height (0..1), centre of the part. */
interface At {
  x: number;
  y: number;
}

export type Part =
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

export type ScreenContent = "oled" | "oled-white" | "tft" | "tft-ui" | "lcd" | "epaper" | "desktop" | "scope";

export interface BoardDrawing {
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

export type ObjectKind =
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

export type Item = "resistor" | "ceramic" | "electrolytic" | "led" | "transistor" | "button";

export interface ObjectDrawing {
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

export type Drawing = BoardDrawing | ObjectDrawing;

export interface ProductDrawing {
  /** Exactly the product's name in supabase/seed.sql; the file names are its slug. */
  name: string;
  category: CategorySlug;
  views: readonly View[];
  drawing: Drawing;
}
