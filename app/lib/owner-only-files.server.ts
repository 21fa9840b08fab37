import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// Folders 0700, files 0600: what the shop keeps is its owner's alone (docs/deploy.md#the-shops-files).

/** Group's and others' permission bits. */
export const OTHERS_BITS = 0o077;

/** Whatever this process creates from now on is its owner's alone, whatever the umask; call it first. */
export function createOwnerOnlyFiles(): void {
  process.umask(OTHERS_BITS);
}

/**
 * `mkdir -p` at 0700, one folder at a time: Node's recursive mkdir retries forever where the
 * kernel answers ENOENT under a folder that exists (`/proc/x`).
 */
export function makeOwnerOnlyDirectory(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST" && statSync(dir).isDirectory()) return;
    const parent = path.dirname(dir);
    if (code !== "ENOENT" || parent === dir || existsSync(parent)) throw error;
    makeOwnerOnlyDirectory(parent);
    mkdirSync(dir, { mode: 0o700 });
  }
}

function chmodIfThere(file: string, mode: number): void {
  try {
    chmodSync(file, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** `chmod -R` to the owner alone; links (chmod would follow them) and sockets are left as they are. */
export function restrictToOwner(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodIfThere(file, 0o700);
    else if (entry.isFile()) chmodIfThere(file, 0o600);
  }
}
