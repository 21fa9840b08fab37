import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { dataDirProblem } from "./data-dir-lock.server";
import { claimDataDir } from "./data-dir-owner.server";

/** Beside the data it signs sessions for: a backup carries it (backup.server.ts). */
const SECRET_FILE = "session-secret";

/** The cookie secret production keeps in DATA_DIR when SESSION_SECRET is unset, made on first start (ADR 030). */
export function sessionSecretKeptWithData(dataDir: string): string {
  if (dataDir.startsWith("memory://")) return randomBytes(32).toString("base64url");
  const file = path.resolve(process.cwd(), dataDir, SECRET_FILE);
  claimDataDir(path.dirname(file));
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw dataDirProblem(path.dirname(file), error);
  }
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  } catch (error) {
    throw dataDirProblem(path.dirname(file), error);
  }
  return secret;
}
