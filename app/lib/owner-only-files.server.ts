import { chmodSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * Files for the user a process runs as and no other: folders 0700, files 0600. What the shop keeps
 * (its database, cookie secret and backups) holds password hashes, sessions and the secret that
 * signs cookies, so nobody else on the machine may read or change any of it (docs/deploy.md).
 */

/** Group's and others' permission bits. */
export const OTHERS_BITS = 0o077;

/**
 * Makes everything this process creates from now on its owner's alone, whatever umask it was
 * started with (often 022, which leaves new files readable by every user). Call it before anything
 * is created: first thing in an entry point.
 */
export function createOwnerOnlyFiles(): void {
  process.umask(OTHERS_BITS);
}

function chmodIfThere(file: string, mode: number): void {
  try {
    chmodSync(file, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * `chmod -R` to the owner alone: `dir` and the folders in it 0700, the files 0600. Links are left as
 * they are (chmod would change what they point at), and so are sockets, which their makers restrict.
 */
export function restrictToOwner(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodIfThere(file, 0o700);
    else if (entry.isFile()) chmodIfThere(file, 0o600);
  }
}
