import { execFileSync } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";

import type { Config } from "../app/config.server";

// The server's first `info` line once it listens (docs/operations.md#logs): which shop, how set up, never a secret.

/** The commit checked out where the server runs (docs/deploy.md installs a git clone); null outside one. */
function checkedOutCommit(root: string): string | null {
  try {
    const commit = execFileSync("git", ["-C", root, "rev-parse", "--short", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 2_000,
    }).trim();
    return commit || null;
  } catch {
    return null;
  }
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = "";
  return parsed.href;
}

function database(config: Config): string {
  if (config.supabase) return `hosted Supabase at ${config.supabase.url}`;
  if (config.postgres) return `PostgreSQL at ${withoutPassword(config.postgres.url)}`;
  if (config.dataDir.startsWith("memory://")) return "embedded, in memory (DATA_DIR=memory://)";
  return `embedded in ${path.resolve(config.dataDir)}`;
}

/** Where the cookie secret came from, by services/cookie-policy.server.ts's rules. */
function sessionSecretFrom(config: Config): string {
  if (config.sessionSecret) return "SESSION_SECRET";
  if (config.nodeEnv !== "production") return "the development secret (SESSION_SECRET unset)";
  if (config.dataDir.startsWith("memory://")) return "generated for this process (DATA_DIR=memory://)";
  return `${path.join(path.resolve(config.dataDir), "session-secret")} (SESSION_SECRET unset)`;
}

/** "http://[::]:3000": the address bound, as a URL's host. */
function boundOrigin(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export function startupLine(config: Config, address: AddressInfo, buildVersion: string | null, root: string) {
  const fields = {
    version: checkedOutCommit(root) ?? "unknown",
    build: buildVersion,
    nodeEnv: config.nodeEnv,
    listening: boundOrigin(address),
    database: database(config),
    siteUrl: config.siteOrigin ?? "unset (each request's own origin)",
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy.join(",") : "none",
    sessionSecret: sessionSecretFrom(config),
  };
  const message =
    `MakerVolt ${fields.version} listening on ${fields.listening} (${fields.nodeEnv}; database: ${fields.database}; ` +
    `SITE_URL ${fields.siteUrl}; TRUST_PROXY ${fields.trustProxy}; session secret from ${fields.sessionSecret})`;
  return { fields, message };
}
