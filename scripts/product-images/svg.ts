/** Small SVG helpers shared by every drawing: element builders, colours and the canvas's geometry. */
import { PRODUCT_IMAGE_SIZE } from "../../app/models/product/product";

export const S = PRODUCT_IMAGE_SIZE;
export const CX = S / 2;
export const CY = 390;
export const FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif";

/** Rounds to one decimal so the files stay small. */
export function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ""): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

export function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra = "",
): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(width)}"${extra ? " " + extra : ""}/>`;
}

export function pathEl(d: string, fill: string, extra = ""): string {
  return `<path d="${d}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

/** An unfilled path: a cable, a wire, a handle, a trace. */
export function stroke(d: string, colour: string, width: number, extra = ""): string {
  return pathEl(d, "none", `stroke="${colour}" stroke-width="${width}"${extra ? " " + extra : ""}`);
}

export function text(
  x: number,
  y: number,
  label: string,
  size: number,
  fill: string,
  extra = "",
  anchor = "middle",
): string {
  return `<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}" fill="${fill}" text-anchor="${anchor}"${extra ? " " + extra : ""}>${escapeXml(label)}</text>`;
}

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const target = amount < 0 ? 0 : 255;
  const mixed = channels.map((c) => Math.round(c + (target - c) * Math.abs(amount)));
  return "#" + mixed.map((c) => c.toString(16).padStart(2, "0")).join("");
}

/** The soft shadow a standing product casts on the floor (left out of the angled view's extrusion). */
export function floorShadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.1): string {
  return ellipse(cx, cy, rx, ry, "#000000", `class="shadow" opacity="${opacity}"`);
}

export const SHADOW_PATTERN = /<ellipse [^>]*class="shadow"[^>]*\/>/g;

export const GOLD = "#d9b45a";
export const STEEL = "#c9ced6";
export const STEEL_DARK = "#8f98a3";
export const BLACK = "#1f2328";
export const WIRE_COLOURS = [
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

export interface Shape {
  svg: string;
  /** The point the close-up view zooms in on. */
  focus: [number, number];
}
