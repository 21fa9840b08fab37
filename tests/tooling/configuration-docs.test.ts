import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { SETTING_NAMES } from "~/config.server";

/**
 * docs/configuration.md is the one list of the shop's settings: every setting app/config.server.ts reads is there,
 * under "The shop's settings", and nothing else is. No example `.env` repeats it (the server reads no `.env`).
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The settings a section of docs/configuration.md describes: each item's bold name (**`NAME`**). */
function documentedSettings(section: string): string[] {
  const text = readFileSync(`${ROOT}docs/configuration.md`, "utf8");
  const start = text.indexOf(`\n## ${section}\n`);
  const end = text.indexOf("\n## ", start + 1);
  if (start === -1) throw new Error(`docs/configuration.md has no "## ${section}"`);
  return [...text.slice(start, end === -1 ? undefined : end).matchAll(/^- \*\*`([A-Z0-9_]+)`\*\*/gm)].map(
    (match) => match[1]!,
  );
}

describe("docs/configuration.md", () => {
  it("describes every setting the shop reads, and no other, under The shop's settings", () => {
    expect(documentedSettings("The shop's settings").sort()).toEqual([...SETTING_NAMES].sort());
  });

  it("is not repeated in an example .env, which nothing would read", () => {
    expect(existsSync(`${ROOT}.env.example`)).toBe(false);
  });
});
