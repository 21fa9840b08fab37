import { createOwnerOnlyFiles } from "../app/lib/owner-only-files.server";

// Starts the server ($BUILD_DIR/server.js, or from source under `npm run dev`). NODE_ENV is set before anything
// imports React, which picks its build when first imported: so server/main.ts is imported only after.
process.env.NODE_ENV ??= "production";
// Before anything is created: DATA_DIR, its lock, backups (docs/deploy.md#the-shops-files).
createOwnerOnlyFiles();
await import("./main");
