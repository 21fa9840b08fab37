/** Robotics: servos, motors, the robot car and the arm. */
import { drawPart } from "./parts";
import {
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
} from "./svg";
import type { ObjectDrawing } from "./types";

export function drawServo(d: ObjectDrawing): Shape {
  const body = d.color;
  const horn = d.accent ?? "#f4f6f8";
  let out = floorShadow(CX, 640, 250, 18, 0.1);
  out += stroke("M560 520C640 540 660 600 700 610", "#92400e", 8);
  out += stroke("M560 532C630 556 650 612 696 626", "#dc2626", 8);
  out += stroke("M560 544C620 572 640 626 690 642", "#f97316", 8);
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

export function drawGearmotor(d: ObjectDrawing): Shape {
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

export function drawStepper(d: ObjectDrawing): Shape {
  const face = d.accent ?? STEEL;
  let out = floorShadow(CX, 640, 230, 18, 0.1);
  out += stroke("M610 560C660 590 680 620 720 630", "#2b2d33", 14);
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

export function drawStepperSide(d: ObjectDrawing): string {
  const face = d.accent ?? STEEL;
  let out = floorShadow(CX, 640, 230, 18, 0.1);
  out += rect(388, 160, 24, 120, "#e5e7eb", `stroke="${STEEL_DARK}" stroke-width="3"`);
  out += rect(340, 270, 120, 20, face);
  out += rect(230, 290, 340, 40, face, 'rx="6"');
  out += rect(230, 330, 340, 200, d.color);
  for (let i = 0; i < 9; i++) out += line(230, 350 + i * 20, 570, 350 + i * 20, "#2f3238", 3);
  out += rect(230, 530, 340, 40, face, 'rx="6"');
  out += rect(570, 420, 50, 60, "#f4f4f0", 'rx="4"');
  out += stroke("M620 450C680 460 690 560 720 600", "#2b2d33", 14);
  out += rect(300, 380, 200, 90, "#f8fafc", 'rx="4"');
  out += text(400, 420, "NEMA 17", 24, "#1f2937", `font-family="${FONT}" font-weight="800"`);
  out += text(400, 450, "1.8° 1.5A", 18, "#6b7280", `font-family="${FONT}"`);
  return out;
}

export function drawCar(d: ObjectDrawing): Shape {
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

export function drawArm(d: ObjectDrawing): Shape {
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
