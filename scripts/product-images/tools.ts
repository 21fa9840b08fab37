/** Sensors and tools: lidar, soldering station, meters, scope, supplies and bench kit. */
import { drawScreen } from "./screens";
import {
  BLACK,
  circle,
  CX,
  ellipse,
  floorShadow,
  FONT,
  line,
  pathEl,
  rect,
  shade,
  type Shape,
  STEEL,
  STEEL_DARK,
  stroke,
  text,
  WIRE_COLOURS,
} from "./svg";
import type { ObjectDrawing } from "./types";

export function drawLidar(d: ObjectDrawing): Shape {
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

export function drawStation(d: ObjectDrawing): Shape {
  const accent = d.accent ?? "#ef4444";
  let out = floorShadow(CX, 640, 300, 18, 0.1);
  out += stroke("M300 560C330 660 520 650 560 520", "#2b2d33", 10);
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

export function drawMultimeter(d: ObjectDrawing): Shape {
  const face = d.accent ?? "#2b2d33";
  let out = floorShadow(CX, 660, 220, 16, 0.1);
  out += stroke("M330 600C260 660 160 600 130 520", "#1f2328", 9);
  out += stroke("M470 600C540 660 640 600 670 520", "#dc2626", 9);
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

export function drawAnalyzer(d: ObjectDrawing): Shape {
  let out = floorShadow(CX, 620, 290, 16, 0.08);
  out += stroke("M120 400C80 400 70 520 110 600", "#1f2328", 12);
  for (let i = 0; i < 9; i++) {
    const y = 345 + i * 13;
    const ty = 200 + i * 50;
    out += stroke(`M470 ${y}C560 ${y} 560 ${ty} 640 ${ty}`, WIRE_COLOURS[i]!, 7);
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

export function drawScope(d: ObjectDrawing): Shape {
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

export function drawScopeBack(d: ObjectDrawing): string {
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

export function drawSpool(d: ObjectDrawing): Shape {
  let out = floorShadow(CX, 650, 220, 16, 0.1);
  out += stroke("M560 470C640 500 660 580 720 600", d.accent ?? STEEL, 6);
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

export function drawCutters(d: ObjectDrawing): Shape {
  const steel = d.accent ?? "#9aa3ad";
  let out = floorShadow(CX, 660, 200, 16, 0.1);
  out += stroke("M380 380C360 480 300 560 250 650", d.color, 54, `stroke-linecap="round"`);
  out += stroke("M420 380C440 480 500 560 550 650", d.color, 54, `stroke-linecap="round"`);
  out += stroke("M380 380C370 430 350 470 330 520", shade(d.color, 0.3), 10, `stroke-linecap="round"`);
  out += pathEl("M368 400L330 230Q340 150 398 120L400 300Z", steel, `stroke="${shade(steel, -0.3)}" stroke-width="3"`);
  out += pathEl(
    "M432 400L470 230Q460 150 402 120L400 300Z",
    shade(steel, 0.15),
    `stroke="${shade(steel, -0.3)}" stroke-width="3"`,
  );
  out += circle(400, 340, 30, shade(steel, -0.15)) + circle(400, 340, 12, shade(steel, -0.4));
  out += stroke("M395 420C370 440 370 470 395 480M405 420C430 440 430 470 405 480", "#6b7280", 6);
  return { svg: out, focus: [400, 190] };
}

export function drawHands(d: ObjectDrawing): Shape {
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

export function drawPsu(d: ObjectDrawing): Shape {
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

export function drawPsuBack(d: ObjectDrawing): string {
  let out = floorShadow(CX, 640, 320, 18, 0.1);
  out += rect(90, 220, 620, 390, shade(d.color, -0.05), 'rx="20"');
  out += circle(270, 400, 110, "url(#grille)", `stroke="#9aa3ad" stroke-width="6"`);
  out += rect(450, 300, 200, 120, "url(#grille)");
  out += rect(470, 470, 90, 70, "#2b2d33", 'rx="8"') + rect(490, 485, 50, 40, "#111827", 'rx="4"');
  out += rect(580, 480, 50, 30, "#1f2328", 'rx="4"');
  out += text(270, 560, "FUSE 5A  ~230V", 16, "#6b7280", `font-family="${FONT}" font-weight="600"`);
  return out;
}

export function drawMat(d: ObjectDrawing): Shape {
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
