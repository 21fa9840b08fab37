import type { Declaration, Plugin } from "postcss";

/**
 * A PostCSS plugin for the build (vite.config.ts): before every `display: flex | inline-flex |
 * grid | inline-grid` it writes the display an engine without flexbox and grid should use
 * instead, `block` or `inline-block`. Such an engine (NetSurf, Dillo) skips the declaration it
 * does not understand and keeps the one before it; a modern one takes the later (CSS's own
 * fallback rule). Without it, a link or button styled `inline-flex` falls back to `inline`, whose
 * padding overlaps the lines around it, and a `flex` link is no longer a block of its own
 * (docs/accessibility.md#limited-browsers).
 */

const FALLBACK: Record<string, string> = {
  flex: "block",
  grid: "block",
  "inline-flex": "inline-block",
  "inline-grid": "inline-block",
};

export function displayFallbacks(): Plugin {
  return {
    postcssPlugin: "makervolt-display-fallbacks",
    Declaration: {
      display(declaration: Declaration) {
        const fallback = FALLBACK[declaration.value.trim().toLowerCase()];
        const previous = declaration.prev();
        // Already there (a second pass over the same rule): nothing to add.
        if (!fallback || (previous?.type === "decl" && previous.prop === "display")) return;
        declaration.cloneBefore({ value: fallback });
      },
    },
  };
}
