import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server first; the scripts only enhance it.
  ssr: true,
  // BUILD_DIR lets several builds of one checkout coexist (parallel test runs); default "build".
  buildDirectory: process.env.BUILD_DIR || "build",
  // React Router 8's flags, each turned on alone with its tests (docs/decisions/042-react-router-8-future-flags.md).
  future: {
    // The load context is a RouterContextProvider with typed keys (app/load-context.server.ts).
    v8_middleware: true,
    // Loaders see the request as sent; the URL without .data, _routes or index is their `url`.
    v8_passThroughRequests: true,
    // Home's data is /_.data (was /_root.data), and a path ending in a slash keeps it: /x/_.data.
    v8_trailingSlashAwareDataRequests: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
