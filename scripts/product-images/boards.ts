/** Circuit boards, front (parts and headers) and back (solder side with every pin named). */
import { type Box, drawPart, headerFront, pitchOf } from "./parts";
import { circle, CX, CY, FONT, GOLD, n, pathEl, rect, shade, type Shape, text } from "./svg";
import type { BoardDrawing } from "./types";

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

/** The board's front; the close-up zooms in on its main chip, screen or sensor. */
export function drawBoard(b: BoardDrawing): Shape {
  const box = boardBox(b);
  const chip = b.parts.find(
    (p) =>
      p.type === "chip" ||
      p.type === "screen" ||
      p.type === "transducer" ||
      p.type === "lens" ||
      p.type === "mems" ||
      p.type === "dome",
  );
  const focus: [number, number] = chip ? [box.x0 + chip.x * box.w, box.y0 + chip.y * box.h] : [CX, CY];
  return { svg: drawBoardFront(b), focus };
}

/** The board turned over: bare solder side, the silkscreen label and every pin named. */
export function drawBoardBack(b: BoardDrawing): string {
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
