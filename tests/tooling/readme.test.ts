import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

/**
 * README.md is the front door: short, with the details on pages under docs/, and its layout map true.
 *
 * The map is the fenced block under the heading "## Project layout", one entry a line: a path from the repository
 * root, then what it is. A path ending in "/" is a folder, any other a file. The folders must be exactly the folders
 * git has files in (tracked, or new and not ignored), down to the deepest; a file named must exist.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const README_MAX_BYTES = 10_000;
const LAYOUT_HEADING = "## Project layout";

interface MapEntry {
  path: string;
  description: string;
}

/** The entries of the layout map in `markdown`; throws when there is no map to read. */
function layoutMap(markdown: string): MapEntry[] {
  const lines = markdown.split("\n");
  const heading = lines.findIndex((line) => line.trim() === LAYOUT_HEADING);
  if (heading === -1) throw new Error(`README.md has no "${LAYOUT_HEADING}" heading`);
  const open = lines.findIndex((line, i) => i > heading && line.startsWith("```"));
  const close = lines.findIndex((line, i) => i > open && line.startsWith("```"));
  if (open === -1 || close === -1) throw new Error(`README.md has no fenced block under "${LAYOUT_HEADING}"`);
  return lines
    .slice(open + 1, close)
    .filter((line) => line.trim() !== "" && !/^\s/.test(line)) // an indented line continues a description
    .map((line) => {
      const [, entryPath = "", description = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
      return { path: entryPath, description: description.trim() };
    });
}

/** Every folder that holds one of `files`, directly or below. */
function foldersOf(files: readonly string[]): Set<string> {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/").slice(0, -1);
    parts.forEach((_, i) => folders.add(`${parts.slice(0, i + 1).join("/")}/`));
  }
  return folders;
}

/** What is wrong with the map `entries` for a repository holding `files`, one sentence each. */
function layoutProblems(entries: readonly MapEntry[], files: readonly string[]): string[] {
  const folders = foldersOf(files);
  const existing = new Set(files);
  const named = new Set<string>();
  const problems: string[] = [];
  for (const { path: entryPath, description } of entries) {
    if (named.has(entryPath)) problems.push(`${entryPath} is named twice`);
    named.add(entryPath);
    if (!description) problems.push(`${entryPath} needs a few words on what it holds`);
    if (entryPath.endsWith("/")) {
      if (!folders.has(entryPath)) problems.push(`${entryPath} is named, but git has no files there: remove its line`);
    } else if (!existing.has(entryPath)) {
      problems.push(`${entryPath} is named, but there is no such file: remove its line or correct the path`);
    }
  }
  for (const folder of [...folders].sort()) {
    if (!named.has(folder)) problems.push(`${folder} is missing: add a line "${folder}   what it holds"`);
  }
  return problems;
}

/** The files git tracks or would track (new and not ignored) that exist in the working tree. */
function repositoryFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split("\0"))].filter((file) => file && existsSync(path.join(ROOT, file)));
}

describe("README.md", () => {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");

  it(`is at most ${README_MAX_BYTES.toLocaleString("en")} bytes`, () => {
    const bytes = Buffer.byteLength(readme);
    expect(
      bytes,
      `README.md is ${bytes} bytes: move the detail to a page under docs/ and link it from the README`,
    ).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it("names every folder of the repository in its layout map, and nothing that does not exist", () => {
    const problems = layoutProblems(layoutMap(readme), repositoryFiles());
    expect(problems, `README.md's layout map ("${LAYOUT_HEADING}") is out of date`).toEqual([]);
  });
});

describe("the layout map check", () => {
  const files = ["package.json", "app/root.tsx", "app/routes/home.tsx", "docs/images/shots/home.png"];
  const map = (...lines: string[]) =>
    layoutMap(
      ["# Shop", "", LAYOUT_HEADING, "", "```text", ...lines, "```", "", "## After", "```", "x/ y", "```"].join("\n"),
    );
  const complete = [
    "app/                 the app",
    "app/root.tsx         the document",
    "app/routes/          one module per URL,",
    "                     with its loader",
    "docs/                the docs",
    "docs/images/         pictures",
    "docs/images/shots/   screenshots",
  ];

  it("reads each line's path and description, and only the block under the heading", () => {
    expect(map(...complete).map((entry) => entry.path)).toEqual([
      "app/",
      "app/root.tsx",
      "app/routes/",
      "docs/",
      "docs/images/",
      "docs/images/shots/",
    ]);
    expect(map(...complete)[2]).toEqual({ path: "app/routes/", description: "one module per URL," });
  });

  it("passes a map that names every folder, down to the deepest", () => {
    expect(layoutProblems(map(...complete), files)).toEqual([]);
  });

  it("fails on a folder left out, a folder or file that does not exist, and a line without a description", () => {
    const entries = map(
      ...complete.filter((line) => !line.startsWith("docs/images/shots/")),
      "lib/   helpers",
      "app/pages.ts",
      "app/",
    );
    expect(layoutProblems(entries, files)).toEqual([
      "lib/ is named, but git has no files there: remove its line",
      "app/pages.ts needs a few words on what it holds",
      "app/pages.ts is named, but there is no such file: remove its line or correct the path",
      "app/ is named twice",
      "app/ needs a few words on what it holds",
      'docs/images/shots/ is missing: add a line "docs/images/shots/   what it holds"',
    ]);
  });

  it("says so when the README has no map", () => {
    expect(() => layoutMap("# Shop\n\n## Developing\n")).toThrow(`README.md has no "${LAYOUT_HEADING}" heading`);
  });
});
