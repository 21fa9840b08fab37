import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "tailwindcss";
import { defineConfig } from "vite";

export default defineConfig({
  // Tailwind 3 as a PostCSS plugin: v4 needs newer browsers than our shoppers may have
  // (docs/decisions/025-react-router-7.md).
  css: { postcss: { plugins: [tailwindcss()] } },
  // `public/` is served by our server from where it is (server/app.ts), with its own cache life;
  // copying it into every build would only duplicate the product images.
  publicDir: false,
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
});
