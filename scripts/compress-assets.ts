/**
 * Part of `npm run build`: a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every
 * script and stylesheet Vite built, so the server sends them compressed as well as they can be,
 * without compressing them again for each request (server/app.ts, ADR 021). Their names carry a
 * hash of their content and never change, so compressing once at build time is enough.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import routerConfig from "../react-router.config";

const COMPRESSIBLE = /\.(js|css|svg|json)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

// Where Vite writes the client build's hashed files (server/app.ts serves them from there).
const assets = path.resolve(routerConfig.buildDirectory ?? "build", "client", "assets");
let raw = 0;
let brotli = 0;
const files = filesUnder(assets).filter((file) => COMPRESSIBLE.test(file));
for (const file of files) {
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
  raw += content.length;
  brotli += br.length;
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`Compressed ${files.length} assets: ${kb(raw)} -> ${kb(brotli)} with brotli`);
