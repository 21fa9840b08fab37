/**
 * Keeps the repository's cross-references followable (part of `npm run lint`; see docs/README.md#citing-these-pages).
 * Fails, listing file:line, on:
 * - a citation of a document or tracker outside the repository: a section sign, the words naming the product's
 *   specification and design document in capitals, or an issue number;
 * - a path to a Markdown page under docs/ that does not exist, or whose `#anchor` matches no heading of it;
 * - an ADR number with no file in docs/decisions;
 * - in Markdown files, a relative link to a file or heading that does not exist;
 * - an ADR without a status line as docs/decisions/README.md#status writes it, or whose "supersedes" or "amends" the
 *   other ADR does not answer.
 *
 * Usage: tsx scripts/check-references.ts   (scans every file git tracks or would track, except NOT_SCANNED)
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface SourceFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

export interface BrokenReference {
  path: string;
  /** 1-based. */
  line: number;
  message: string;
}

/** Generated or vendored files, and the check's own test, whose fixtures are broken on purpose. */
const NOT_SCANNED = [/^package-lock\.json$/, /^public\//, /^tests\/tooling\/check-references\.test\.ts$/];

const DECISIONS_DIR = "docs/decisions/";

// One message a line, the first that applies. The patterns spell the words they look for with a character class
// or an escape, so this file does not match itself.
const OUTSIDE_CITATIONS: { pattern: RegExp; message: string }[] = [
  {
    pattern: /\b(?:S[P]EC|D[E]SIGN)\b/,
    message: "names a document outside the repository; cite a page under docs/ or an ADR instead",
  },
  { pattern: /\u00a7/, message: "cites a section of a document outside the repository" },
  { pattern: /\bissues?\s+#?\d+/i, message: "cites an issue number; cite a page under docs/ or an ADR instead" },
];
const ADR_NUMBER = /\bADRs?\s+(\d+)/g;
/** A repository path to a page under docs/, not preceded by anything that would make it part of a longer path. */
const DOCS_PATH = /(?<![\w./-])(docs\/[\w./-]*?\.md)(?![\w])(?:#([\p{L}\p{N}_-]+))?/gu;
/** `[text](target)` or `![alt](target)`, the target without spaces (an optional title follows). */
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const FENCE = /^\s*(```|~~~)/;
const HEADING = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;

/** The anchor GitHub gives a heading: its text in lower case, punctuation dropped, spaces turned into hyphens. */
export function headingAnchor(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "").replace(/ /g, "-");
}

/** Every anchor a Markdown file offers; a repeated heading gets -1, -2 ... as on GitHub. */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of markdownLines(markdown)) {
    const match = HEADING.exec(text);
    if (!match) continue;
    const base = headingAnchor(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The lines of a Markdown file outside fenced code blocks, with their 1-based numbers. */
function markdownLines(markdown: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let fence: string | null = null;
  markdown.split("\n").forEach((text, i) => {
    const marker = FENCE.exec(text)?.[1];
    if (marker && (fence === null || fence === marker)) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) out.push({ text, line: i + 1 });
  });
  return out;
}

/**
 * Every broken reference in `files`. `otherPaths` are files that exist but are not scanned (images, say), so links to
 * them count as valid. Markdown files among `files` provide the headings that anchors must match.
 */
export function checkReferences(files: readonly SourceFile[], otherPaths: Iterable<string> = []): BrokenReference[] {
  const paths = new Set([...files.map((f) => f.path), ...otherPaths]);
  const markdown = new Map(files.filter((f) => f.path.endsWith(".md")).map((f) => [f.path, f.text]));
  const anchorCache = new Map<string, Set<string>>();
  const anchorsOf = (file: string) => {
    let anchors = anchorCache.get(file);
    if (!anchors) anchorCache.set(file, (anchors = markdownAnchors(markdown.get(file) ?? "")));
    return anchors;
  };
  const adrNumbers = new Set(
    [...paths].flatMap((p) => {
      const match = /^(\d+)-[^/]*\.md$/.exec(p.startsWith(DECISIONS_DIR) ? p.slice(DECISIONS_DIR.length) : "");
      return match ? [Number(match[1])] : [];
    }),
  );
  const isDirectory = (dir: string) => [...paths].some((p) => p.startsWith(`${dir.replace(/\/$/, "")}/`));

  /** What is wrong with a reference to `target` (a repository path) and `anchor`, or null. */
  const problemWith = (target: string, anchor: string | undefined): string | null => {
    if (!paths.has(target)) return isDirectory(target) && !anchor ? null : `${target} does not exist`;
    if (anchor === undefined || !target.endsWith(".md")) return null;
    return anchorsOf(target).has(anchor) ? null : `${target} has no heading for #${anchor}`;
  };

  const problems: BrokenReference[] = [];
  for (const file of files) {
    const report = (line: number, message: string) => problems.push({ path: file.path, line, message });
    file.text.split("\n").forEach((text, i) => {
      const line = i + 1;
      const citation = OUTSIDE_CITATIONS.find(({ pattern }) => pattern.test(text));
      if (citation) report(line, citation.message);
      for (const [, number] of text.matchAll(ADR_NUMBER)) {
        if (!adrNumbers.has(Number(number))) report(line, `ADR ${number} has no file in ${DECISIONS_DIR}`);
      }
      for (const [, target, anchor] of text.matchAll(DOCS_PATH)) {
        const problem = problemWith(target!, anchor);
        if (problem) report(line, problem);
      }
    });
    if (file.path.endsWith(".md")) {
      for (const { text, line } of markdownLines(file.text)) {
        for (const [, link] of text.matchAll(MARKDOWN_LINK)) {
          const problem = relativeLinkProblem(file.path, link!, problemWith);
          if (problem) report(line, problem);
        }
      }
    }
  }
  return problems;
}

/** `[NNN](NNN-slug.md)`: a link to another ADR, as status lines write it. */
const STATUS_LINK = String.raw`\[\d{3}\]\(\d{3}-[a-z0-9-]+\.md\)`;
const STATUS_LINKS = `${STATUS_LINK}(?:, ${STATUS_LINK})*`;
/** docs/decisions/README.md#status: the state, then what it supersedes, amends and is amended by. */
const STATUS_LINE = new RegExp(
  `^Status: (?:Proposed|Accepted|Superseded by ${STATUS_LINK})` +
    `(?:; supersedes ${STATUS_LINKS})?(?:; amends ${STATUS_LINKS})?(?:; amended by ${STATUS_LINKS})?$`,
);
/** Each relation a status line states, and what the other ADR's status must then say back. */
const RELATIONS = [
  { says: /Superseded by (\[\d{3}\]\([^)]+\))/g, answer: "supersedes" },
  { says: /supersedes ((?:\[\d{3}\]\([^)]+\)(?:, )?)+)/g, answer: "Superseded by" },
  { says: /amends ((?:\[\d{3}\]\([^)]+\)(?:, )?)+)/g, answer: "amended by" },
  { says: /amended by ((?:\[\d{3}\]\([^)]+\)(?:, )?)+)/g, answer: "amends" },
] as const;

/**
 * Every ADR's status line (docs/decisions/README.md#status): the third line, in the one format, and
 * both sides of each relation saying so: an ADR that supersedes or amends another is named back by
 * it, so a reader of the old decision always finds the new one.
 */
export function checkDecisionStatuses(files: readonly SourceFile[]): BrokenReference[] {
  const decisions = new Map<string, { path: string; status: string }>();
  for (const file of files) {
    const match = /^docs\/decisions\/(\d{3})-[^/]+\.md$/.exec(file.path);
    if (match) decisions.set(match[1]!, { path: file.path, status: file.text.split("\n")[2] ?? "" });
  }
  const problems: BrokenReference[] = [];
  for (const [number, { path: file, status }] of decisions) {
    if (!STATUS_LINE.test(status)) {
      problems.push({
        path: file,
        line: 3,
        message: "has no status line as docs/decisions/README.md#status writes it",
      });
      continue;
    }
    for (const { says, answer } of RELATIONS) {
      for (const [, links] of status.matchAll(says)) {
        for (const [, other] of links!.matchAll(/\[(\d{3})\]/g)) {
          const theirs = decisions.get(other!)?.status ?? "";
          const named = [...theirs.matchAll(new RegExp(`${answer} ((?:\\[\\d{3}\\]\\([^)]+\\)(?:, )?)+)`, "g"))].some(
            ([, back]) => back!.includes(`[${number}]`),
          );
          if (!named)
            problems.push({ path: file, line: 3, message: `ADR ${other}'s status does not say "${answer} ${number}"` });
        }
      }
    }
  }
  return problems;
}

/** A link in the Markdown file `from`: web and mail links are not checked; relative ones must resolve. */
function relativeLinkProblem(
  from: string,
  link: string,
  problemWith: (target: string, anchor: string | undefined) => string | null,
): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith("//")) return null;
  const [rawPath = "", anchor] = link.split("#", 2);
  let target: string;
  try {
    target = rawPath ? path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURI(rawPath))) : from;
  } catch {
    return `${link} is not a valid link`;
  }
  if (target.startsWith("../")) return `${link} points outside the repository`;
  return problemWith(target.replace(/\/$/, ""), anchor);
}

/** Files git tracks or would track (untracked but not ignored), that exist in the working tree. */
function repositoryFiles(root: string): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split("\0"))].filter((p) => p && existsSync(path.join(root, p)));
}

function main() {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const files: SourceFile[] = [];
  const otherPaths: string[] = [];
  for (const file of repositoryFiles(root)) {
    const absolute = path.join(root, file);
    if (!statSync(absolute).isFile()) continue;
    const bytes = readFileSync(absolute);
    if (NOT_SCANNED.some((pattern) => pattern.test(file)) || bytes.includes(0)) otherPaths.push(file);
    else files.push({ path: file, text: bytes.toString("utf8") });
  }
  const problems = [...checkReferences(files, otherPaths), ...checkDecisionStatuses(files)];
  for (const { path: file, line, message } of problems) console.error(`${file}:${line}: ${message}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} broken reference(s); see docs/README.md#citing-these-pages.`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
