/** Loose components: assortment boxes, the component kit, the breadboard and jumper wires. */
import {
  BLACK,
  circle,
  CX,
  CY,
  ellipse,
  floorShadow,
  FONT,
  GOLD,
  line,
  n,
  pathEl,
  rect,
  shade,
  type Shape,
  stroke,
  text,
  WIRE_COLOURS,
} from "./svg";
import type { Item, ObjectDrawing } from "./types";

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

export function drawAssortment(d: ObjectDrawing): Shape {
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

export function drawCase(d: ObjectDrawing): Shape {
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

export function drawBreadboard(d: ObjectDrawing): Shape {
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
  out += stroke(
    `M${n(lx - 200)} ${n(y0 + 22)}C${n(lx - 200)} ${n(y0 + 60)} ${n(lx - 150)} ${n(y0 + 50)} ${n(lx - 150)} ${n(y0 + 90)}`,
    "#ef4444",
    6,
    'stroke-linecap="round"',
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

export function drawJumpers(): Shape {
  let out = "";
  const count = 10;
  for (let i = 0; i < count; i++) {
    const colour = WIRE_COLOURS[i]!;
    const ya = 250 + i * 14;
    const yb = 380 + i * 14;
    out += stroke(`M170 ${ya}C330 ${ya - 40} 430 ${yb + 150} 620 ${yb}`, colour, 11, `stroke-linecap="round"`);
    out += rect(118, ya - 6, 56, 12, BLACK, 'rx="2"') + rect(96, ya - 2, 24, 4, GOLD);
    out += rect(616, yb - 6, 68, 12, BLACK, 'rx="2"') + rect(676, yb - 2.5, 5, 5, "#6b7280");
  }
  out += floorShadow(400, 640, 250, 18, 0.08);
  return { svg: out, focus: [640, 440] };
}
