import { accessSync, chmodSync, constants, statSync } from "node:fs";

import { makeOwnerOnlyDirectory, OTHERS_BITS } from "~/lib/owner-only-files.server";
import { StartupError } from "~/lib/startup-error.server";

import { dataDirProblem } from "./data-dir-lock.server";

// DATA_DIR is the shop's alone, its own 0700 the gate (docs/deploy.md#the-shops-files, ADR 033).

/** Creates `dir` (0700) if need be and refuses one this user may not write or does not own; before any write. */
export function claimDataDir(dir: string): void {
  let owner: number;
  try {
    makeOwnerOnlyDirectory(dir);
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

/** Shuts group and others out of `dir` (0700) if they could reach it: the warning to log, or null. */
export function shutOthersOut(dir: string): string | null {
  const mode = statSync(dir).mode & 0o777;
  if ((mode & OTHERS_BITS) === 0) return null;
  chmodSync(dir, 0o700);
  return (
    `DATA_DIR ${dir} was open to other users (mode 0${mode.toString(8)}): ` +
    "made it its owner's alone (folders 0700, files 0600)."
  );
}
