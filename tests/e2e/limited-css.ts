import postcss, { type Declaration } from "postcss";

/**
 * The shop's stylesheet as a limited engine reads it (docs/accessibility.md#limited-browsers): one
 * of CSS 2.1's generation, like NetSurf 3.10 or Dillo 3.0. Such an engine skips, by the CSS rules
 * for what it does not understand, every declaration below, and the element keeps what the rest
 * of the cascade says (a `div` whose `display: flex` is skipped is a block, a `span` inline):
 *
 * - flexbox and grid: `display: flex | inline-flex | grid | inline-grid` (and the -webkit-box of
 *   line clamps), and their gaps;
 * - positioning beyond static and relative (`absolute`, `fixed`, `sticky`): Dillo has none, so
 *   what the shop positions stays in the flow, where it must still fit;
 * - custom properties, and any value that uses one (`var()`) or computes (`calc()`, `min()`,
 *   `max()`, `clamp()`);
 * - newer properties: `inset`, `aspect-ratio`, `object-fit`, `clip`, `clip-path`, `transform`,
 *   `translate`, `rotate`, `scale`;
 * - `@supports` rules altogether: an engine that does not know the rule skips its block, and one
 *   that does finds their conditions (flexbox, grid) false. This is where the shop keeps layout
 *   that only holds with those properties.
 *
 * Media queries stay: both engines apply `min-width` queries.
 */

const MODERN_DISPLAY = /^(?:inline-)?(?:flex|grid)$|^-webkit-(?:inline-)?box$|^contents$|^flow-root$/;
const MODERN_POSITION = /^(?:absolute|fixed|sticky)$/;
const COMPUTED_VALUE = /\b(?:var|calc|min|max|clamp)\(/;
const NEWER_PROPERTIES = new Set([
  "gap",
  "row-gap",
  "column-gap",
  "inset",
  "inset-inline",
  "inset-block",
  "aspect-ratio",
  "object-fit",
  "object-position",
  "clip",
  "clip-path",
  "transform",
  "translate",
  "rotate",
  "scale",
]);

function understood(declaration: Declaration): boolean {
  const property = declaration.prop.toLowerCase();
  const value = declaration.value
    .trim()
    .toLowerCase()
    .replace(/\s*!important$/, "");
  if (property.startsWith("--") || NEWER_PROPERTIES.has(property)) return false;
  if (property === "display" && MODERN_DISPLAY.test(value)) return false;
  if (property === "position" && MODERN_POSITION.test(value)) return false;
  return !COMPUTED_VALUE.test(value);
}

/** `css` less everything a limited engine skips (above). */
export function asLimitedEngineReadsIt(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules("supports", (rule) => {
    rule.remove();
  });
  root.walkDecls((declaration) => {
    if (!understood(declaration)) declaration.remove();
  });
  return root.toString();
}
