import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server first; the scripts only enhance it.
  ssr: true,
  // BUILD_DIR lets several builds of one checkout coexist (parallel test runs); default "build".
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
