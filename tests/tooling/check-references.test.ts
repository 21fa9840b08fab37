import { describe, expect, it } from "vitest";

import {
  checkDecisionStatuses,
  checkReferences,
  headingAnchor,
  markdownAnchors,
  type SourceFile,
} from "../../scripts/check-references";

/**
 * The reference check that `npm run lint` runs (scripts/check-references.ts), on small trees of
 * files. This file is left out of the check's own scan, since its fixtures are broken on purpose;
 * they are written so that a plain grep for such citations does not find them here either.
 */

const GUIDE = [
  "# Guide",
  "",
  "## Sorting rules",
  "## Sorting rules",
  "## What's `new`?",
  "## Sitemap and robots.txt",
  "",
  "```md",
  "## Not a heading",
  "[not a link](nowhere.md)",
  "```",
  "",
  "See [the decision](decisions/001-first.md), [the folder](decisions/), [below](#sorting-rules),",
  "[the README](../README.md#setup), [an image](../public/logo.png) and [the web](https://example.com/x.md).",
].join("\n");

const GOOD_TREE: SourceFile[] = [
  { path: "README.md", text: "# Shop\n\n## Setup\n\nRead [the docs](docs/guide.md#guide).\n" },
  { path: "docs/guide.md", text: GUIDE },
  { path: "docs/decisions/001-first.md", text: "# 001: First\n" },
  {
    path: "app/sort.ts",
    text: [
      "// Ties are broken by id (docs/guide.md#sorting-rules, docs/guide.md#sorting-rules-1).",
      "// What is new: docs/guide.md#whats-new; why: ADR 001, also written ADR 1.",
      "// The crawler files: docs/guide.md#sitemap-and-robotstxt. The issues list is not cited here.",
    ].join("\n"),
  },
];

/** The good tree with one more file. */
function treeWith(path: string, text: string): SourceFile[] {
  return [...GOOD_TREE, { path, text }];
}

describe("checkReferences", () => {
  it("accepts references that all resolve", () => {
    expect(checkReferences(GOOD_TREE, ["public/logo.png"])).toEqual([]);
  });

  it("rejects citations of documents and issues outside the repository, one report a line", () => {
    const text = [
      "// fine",
      "// Page size per DESIGN \u00a76.",
      "// As the SPEC says.",
      "// See \u00a74.",
      `// Added for issue ${5}.`,
      "// Fixes Issue #12.",
      "// The issue tracker and issues in general are fine.",
    ].join("\n");
    expect(checkReferences(treeWith("app/a.ts", text), ["public/logo.png"])).toEqual([
      { path: "app/a.ts", line: 2, message: expect.stringContaining("names a document outside the repository") },
      { path: "app/a.ts", line: 3, message: expect.stringContaining("names a document outside the repository") },
      { path: "app/a.ts", line: 4, message: "cites a section of a document outside the repository" },
      { path: "app/a.ts", line: 5, message: expect.stringContaining("cites an issue number") },
      { path: "app/a.ts", line: 6, message: expect.stringContaining("cites an issue number") },
    ]);
  });

  it("rejects a docs path that does not exist and an anchor that matches no heading", () => {
    const text = "// (docs/missing.md#x)\n// (docs/guide.md#sorting)\n// (docs/guide.md#not-a-heading)";
    expect(checkReferences(treeWith("tests/b.ts", text), ["public/logo.png"])).toEqual([
      { path: "tests/b.ts", line: 1, message: "docs/missing.md does not exist" },
      { path: "tests/b.ts", line: 2, message: "docs/guide.md has no heading for #sorting" },
      { path: "tests/b.ts", line: 3, message: "docs/guide.md has no heading for #not-a-heading" },
    ]);
  });

  it("rejects an ADR number without a file in docs/decisions", () => {
    const problems = checkReferences(treeWith("server/c.ts", "// ADR 001 and ADR 002"), ["public/logo.png"]);
    expect(problems).toEqual([{ path: "server/c.ts", line: 1, message: "ADR 002 has no file in docs/decisions/" }]);
  });

  it("rejects broken relative links in Markdown, but not inside code blocks", () => {
    const page = [
      "# Page",
      "[ok](guide.md#guide) [missing](other.md) [bad anchor](guide.md#nope) [here](#page) [not here](#gone)",
      "[escaping](../../etc/passwd)",
      "```",
      "[in code](missing.md)",
      "```",
    ].join("\n");
    expect(checkReferences(treeWith("docs/page.md", page), ["public/logo.png"])).toEqual([
      { path: "docs/page.md", line: 2, message: "docs/other.md does not exist" },
      { path: "docs/page.md", line: 2, message: "docs/guide.md has no heading for #nope" },
      { path: "docs/page.md", line: 2, message: "docs/page.md has no heading for #gone" },
      { path: "docs/page.md", line: 3, message: "../../etc/passwd points outside the repository" },
    ]);
  });

  it("counts files it does not scan (images, say) as existing", () => {
    const problems = checkReferences(GOOD_TREE, []);
    expect(problems).toEqual([{ path: "docs/guide.md", line: 14, message: "public/logo.png does not exist" }]);
  });
});

describe("headingAnchor", () => {
  it.each([
    ["Sorting", "sorting"],
    ["WCAG 2.2 AA commitments", "wcag-22-aa-commitments"],
    ["Sitemap and robots.txt", "sitemap-and-robotstxt"],
    ["Loading, empty and error states", "loading-empty-and-error-states"],
    ["Notices & toasts", "notices--toasts"],
    ["`tab`, *image* and [links](x.md)", "tab-image-and-links"],
    ["Coming-soon notices", "coming-soon-notices"],
  ])("%s -> #%s", (heading, anchor) => {
    expect(headingAnchor(heading)).toBe(anchor);
  });

  it("numbers repeated headings as GitHub does", () => {
    expect([...markdownAnchors("# A\n## B\n## B\n### B")]).toEqual(["a", "b", "b-1", "b-2"]);
  });
});

describe("checkDecisionStatuses", () => {
  const adr = (number: string, status: string): SourceFile => ({
    path: `docs/decisions/${number}-a-decision.md`,
    text: `# ${number}: A decision\n\n${status}\n\n## Context\n`,
  });
  const link = (number: string) => `[${number}](${number}-a-decision.md)`;

  it("accepts status lines in the one format whose relations both sides state", () => {
    const files = [
      adr("001", `Status: Superseded by ${link("003")}; amended by ${link("002")}`),
      adr("002", `Status: Accepted; amends ${link("001")}`),
      adr("003", `Status: Accepted; supersedes ${link("001")}`),
      adr("004", "Status: Proposed"),
    ];
    expect(checkDecisionStatuses(files)).toEqual([]);
  });

  it("rejects an ADR without a status line, or with one in another format", () => {
    const files = [adr("001", "## Context"), adr("002", "Status: accepted"), adr("003", "Status: Superseded by 001")];
    expect(checkDecisionStatuses(files).map((problem) => problem.path)).toEqual(files.map((file) => file.path));
  });

  it("rejects a relation the other ADR does not state back", () => {
    const files = [
      adr("001", "Status: Accepted"),
      adr("002", `Status: Accepted; supersedes ${link("001")}`),
      adr("003", `Status: Accepted; amends ${link("001")}`),
    ];
    expect(checkDecisionStatuses(files)).toEqual([
      {
        path: "docs/decisions/002-a-decision.md",
        line: 3,
        message: 'ADR 001\'s status does not say "Superseded by 002"',
      },
      { path: "docs/decisions/003-a-decision.md", line: 3, message: 'ADR 001\'s status does not say "amended by 003"' },
    ]);
  });
});
