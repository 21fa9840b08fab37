import { accessSync, chmodSync, constants, mkdirSync, statSync } from "node:fs";

import { OTHERS_BITS } from "~/lib/owner-only-files.server";
import { StartupError } from "~/lib/startup-error.server";

import { dataDirProblem } from "./data-dir-lock.server";

/**
 * DATA_DIR is the shop's alone (docs/deploy.md#the-shops-files): its write-ahead log holds every
 * email and password hash written lately, `postgresql.auto.conf` is the server's configuration,
 * and `session-secret` signs every cookie. The folder's own mode is the gate: at 0700 no other user
 * can open anything inside, whatever the files' modes.
 */

/**
 * Creates `dir` (0700, with any missing parents) if it does not exist, and refuses one this user
 * may not write or does not own. Call it before anything is written in DATA_DIR.
 */
export function claimDataDir(dir: string): void {
  let owner: number;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    accessSync(dir, constants.W_OK);
    owner = statSync(dir).uid;
  } catch (error) {
    throw dataDirProblem(dir, error);
  }
  const uid = process.getuid?.();
  // Root could chmod another user's folder, but the shop must not take over what is someone else's.
  if (uid !== undefined && owner !== uid)
    throw new StartupError(
      `DATA_DIR ${dir} belongs to another user (uid ${owner}), not to the user the shop runs as (uid ${uid}): ` +
        `run the shop as its owner, or give it to this user with chown -R ${uid} ${dir}.`,
    );
}

/**
 * Shuts group and others out of `dir` at once (0700) if they could reach it; returns the warning
 * to log then, or null. The files inside are made 0600 once the database has opened
 * (database.server.ts), since PGlite sets their modes itself.
 */
export function shutOthersOut(dir: string): string | null {
  const mode = statSync(dir).mode & 0o777;
  if ((mode & OTHERS_BITS) === 0) return null;
  chmodSync(dir, 0o700);
  return (
    `DATA_DIR ${dir} was open to other users (mode 0${mode.toString(8)}): ` +
    "made it its owner's alone (folders 0700, files 0600)."
  );
}
