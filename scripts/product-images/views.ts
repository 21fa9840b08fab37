/** One product view as a complete SVG document: front, back, angled or close-up. */
import type { CategorySlug } from "../../app/models/catalogue/categories";
import { drawBoard, drawBoardBack } from "./boards";
import { drawDongle, drawGateway, drawGatewayBack, drawMonitor, drawMonitorBack, drawSpeaker } from "./devices";
import { drawAssortment, drawBreadboard, drawCase, drawJumpers } from "./kits";
import { drawArm, drawCar, drawGearmotor, drawServo, drawStepper, drawStepperSide } from "./robotics";
import { circle, escapeXml, floorShadow, n, rect, S, SHADOW_PATTERN, type Shape } from "./svg";
import {
  drawAnalyzer,
  drawCutters,
  drawHands,
  drawLidar,
  drawMat,
  drawMultimeter,
  drawPsu,
  drawPsuBack,
  drawScope,
  drawScopeBack,
  drawSpool,
  drawStation,
} from "./tools";
import type { Drawing, ObjectDrawing, ObjectKind, ProductDrawing, View } from "./types";

/** Each category's background: a soft tint, and a lighter glow behind the product. */
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

/** How the angled view turns a product: boards and trays lie flat, devices stand up. */
const FLAT_OBJECTS = new Set<ObjectKind>(["assortment", "breadboard", "case", "car", "mat", "jumpers"]);

const FRONTS: Record<ObjectKind, (d: ObjectDrawing) => Shape> = {
  speaker: drawSpeaker,
  assortment: drawAssortment,
  breadboard: drawBreadboard,
  jumpers: drawJumpers,
  case: drawCase,
  monitor: drawMonitor,
  gateway: drawGateway,
  dongle: drawDongle,
  servo: drawServo,
  gearmotor: drawGearmotor,
  stepper: drawStepper,
  car: drawCar,
  arm: drawArm,
  lidar: drawLidar,
  station: drawStation,
  multimeter: drawMultimeter,
  analyzer: drawAnalyzer,
  scope: drawScope,
  spool: drawSpool,
  cutters: drawCutters,
  hands: drawHands,
  psu: drawPsu,
  mat: drawMat,
};

/** The kinds with a back view worth drawing (a stepper shows its side). */
const BACKS: Partial<Record<ObjectKind, (d: ObjectDrawing) => string>> = {
  monitor: drawMonitorBack,
  gateway: drawGatewayBack,
  stepper: drawStepperSide,
  scope: drawScopeBack,
  psu: drawPsuBack,
};

function drawFront(drawing: Drawing): Shape {
  return drawing.kind === "board" ? drawBoard(drawing) : FRONTS[drawing.kind](drawing);
}

/** The back of the product, or null when this kind has no back view worth drawing. */
function drawBack(drawing: Drawing): string | null {
  if (drawing.kind === "board") return drawBoardBack(drawing);
  return BACKS[drawing.kind]?.(drawing) ?? null;
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

export function svgDocument(product: ProductDrawing, view: View): string {
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
