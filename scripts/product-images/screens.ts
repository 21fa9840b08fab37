/** What a display shows: the screens on display boards, the monitor and the oscilloscope. */
import { circle, ellipse, FONT, n, pathEl, rect, stroke, text } from "./svg";
import type { ScreenContent } from "./types";

export function drawScreen(x: number, y: number, w: number, h: number, content: ScreenContent): string {
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
      out += stroke(
        `M${n(ix)} ${n(iy + ih * 0.92)}` +
          Array.from(
            { length: 12 },
            (_, i) => `L${n(ix + ((i + 1) * iw) / 12)} ${n(iy + ih * (0.72 + 0.18 * Math.sin(i * 1.3)))}`,
          ).join(""),
        ink,
        3,
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
      out += stroke(
        `M${n(ix + iw * 0.12)} ${n(iy + ih * 0.58)}L${n(ix + iw * 0.25)} ${n(iy + ih * 0.38)}L${n(ix + iw * 0.36)} ${n(iy + ih * 0.5)}L${n(ix + iw * 0.53)} ${n(iy + ih * 0.28)}`,
        "#0d9488",
        5,
      );
      out += rect(ix + iw * 0.64, iy + ih * 0.2, iw * 0.28, ih * 0.18, "#f97316", 'rx="8"');
      out += rect(ix + iw * 0.64, iy + ih * 0.45, iw * 0.28, ih * 0.18, "#22c55e", 'rx="8"');
      out += rect(ix - 10, iy + ih - 8, iw + 20, 18, "#0f172a", 'opacity=".8"');
      return out;
    }
    case "scope": {
      out += rect(ix, iy, iw, ih, "url(#scopegrid)");
      const wave = (phase: number, amp: number, colour: string, mid: number) =>
        stroke(
          `M${n(ix)} ${n(mid)}` +
            Array.from(
              { length: 40 },
              (_, i) => `L${n(ix + ((i + 1) * iw) / 40)} ${n(mid - amp * Math.sin((i + 1) / 3.2 + phase))}`,
            ).join(""),
          colour,
          3,
        );
      const square =
        `M${n(ix)} ${n(iy + ih * 0.8)}` +
        Array.from({ length: 6 }, (_, i) => {
          const xa = ix + ((i + 0.5) * iw) / 6;
          const xb = ix + ((i + 1) * iw) / 6;
          return `H${n(xa)}V${n(iy + ih * 0.62)}H${n(xb)}V${n(iy + ih * 0.8)}`;
        }).join("");
      out += wave(0, ih * 0.18, "#facc15", iy + ih * 0.3) + stroke(square, "#22d3ee", 3);
      return out;
    }
  }
}
