import { createOwnerOnlyFiles } from "../app/lib/owner-only-files.server";

/**
 * Starts the shop's server (server/main.ts): `npm start` / `npm run serve` run this file compiled
 * as $BUILD_DIR/server.js, `npm run dev` from source.
 *
 * As stock servers do, it runs the production build unless told otherwise. NODE_ENV is set here,
 * in the environment itself, before anything imports React: React chooses its development or
 * production build when it is first imported, and every static import of the server (React
 * Router's among them) is evaluated before a module's own first line runs. So the server proper
 * is imported only after.
 */
process.env.NODE_ENV ??= "production";
// Before anything is created: DATA_DIR, its lock, backups (docs/deploy.md#the-shops-files).
createOwnerOnlyFiles();
await import("./main");
