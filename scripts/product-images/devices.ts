/** Audio, displays and wireless: speakers, monitors, the gateway and the USB dongle. */
import { drawPart } from "./parts";
import { drawScreen } from "./screens";
import {
  circle,
  CX,
  CY,
  ellipse,
  floorShadow,
  FONT,
  GOLD,
  n,
  pathEl,
  rect,
  shade,
  type Shape,
  STEEL,
  STEEL_DARK,
  stroke,
  text,
} from "./svg";
import type { ObjectDrawing, Part } from "./types";

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

export function drawSpeaker(d: ObjectDrawing): Shape {
  let out = floorShadow(410, 640, 270, 20, 0.08);
  out += speaker(520, 310, 140, d);
  out += stroke("M330 560C360 640 470 640 560 600", "#dc2626", 6);
  out += stroke("M350 565C380 660 500 660 580 620", "#1f2328", 6);
  out += speaker(330, 420, 170, d);
  return { svg: out, focus: [330, 420] };
}

/** The monitor's outline, the same from the front and the back. */
function monitorFrame(d: ObjectDrawing) {
  const large = d.size === "large";
  const [w, h] = large ? [660, 430] : [580, 370];
  return { large, w, h, x0: CX - w / 2, y0: CY - h / 2 - 20 };
}

export function drawMonitor(d: ObjectDrawing): Shape {
  const { large, w, h, x0, y0 } = monitorFrame(d);
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

export function drawMonitorBack(d: ObjectDrawing): string {
  const { large, w, h, x0, y0 } = monitorFrame(d);
  let out = floorShadow(CX, y0 + h + 50, w * 0.42, 18, 0.1);
  out += rect(x0, y0, w, h, shade(d.color, 0.12), 'rx="16"');
  out += rect(x0 + 24, y0 + 24, w - 48, h - 48, shade(d.color, 0.06), 'rx="10"');
  const board = { x0: CX - 140, y0: y0 + 70, w: 280, h: 170 };
  const pcb = "#1d6b3a";
  out += rect(board.x0, board.y0, board.w, board.h, pcb, `rx="8" stroke="${shade(pcb, -0.3)}" stroke-width="2"`);
  for (const part of [
    { type: "chip", x: 0.45, y: 0.45, w: 60, h: 60, label: "HDMI", style: "qfp" },
    { type: "ports", x: 0.3, y: 1, kind: "hdmi", side: "bottom" },
    { type: "usb", x: 0.75, y: 1, kind: "micro", side: "top" },
    { type: "button", x: 0.85, y: 0.3 },
  ] satisfies Part[])
    out += drawPart(part, board, pcb);
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

export function drawGateway(d: ObjectDrawing): Shape {
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

export function drawGatewayBack(d: ObjectDrawing): string {
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

export function drawDongle(d: ObjectDrawing): Shape {
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
