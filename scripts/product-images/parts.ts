/** The parts that sit on a board (chips, connectors, headers ...), each drawn at its place in a box. */
import { drawScreen } from "./screens";
import {
  BLACK,
  circle,
  ellipse,
  FONT,
  GOLD,
  line,
  n,
  pathEl,
  rect,
  shade,
  STEEL,
  STEEL_DARK,
  stroke,
  text,
} from "./svg";
import type { Part } from "./types";

export interface Box {
  x0: number;
  y0: number;
  w: number;
  h: number;
}

export function pitchOf(pins: [number, number][]): number {
  if (pins.length < 2) return 24;
  const [a, b] = [pins[0]!, pins[1]!];
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

export function headerFront(pins: [number, number][], vertical: boolean): string {
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

export function drawPart(part: Part, box: Box, pcb: string): string {
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
      return stroke(d, GOLD, 5, 'stroke-linejoin="round"');
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
