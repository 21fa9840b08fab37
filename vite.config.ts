import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "tailwindcss";
import { defineConfig } from "vite";

import { displayFallbacks } from "./scripts/css/display-fallbacks.ts";

export default defineConfig({
  // Tailwind 3 as a PostCSS plugin: v4 needs newer browsers than our shoppers may have
  // (docs/decisions/025-react-router-7.md). Then a display for engines without flexbox and grid
  // before each flex or grid one (docs/accessibility.md#limited-browsers).
  css: { postcss: { plugins: [tailwindcss(), displayFallbacks()] } },
  // `public/` is served by our server from where it is (server/app.ts), with its own cache life;
  // copying it into every build would only duplicate the product images.
  publicDir: false,
  // esbuild, not Vite's default lightningcss: lightningcss drops a declaration a later one in the
  // same rule overrides, and with it the display fallbacks above.
  build: { cssMinify: "esbuild" },
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
});
