/**
 * How much of the code is comment (part of `npm run lint`; docs/testing.md#comment-weight): comment lines per code
 * line in app/ and server/, and the comment blocks of LONG_COMMENT_LINES or more. Fails above COMMENT_WEIGHT_LIMIT
 * or on any such block.
 *
 * Counted on TypeScript's parse: a comment line holds only comment (and spaces); a code line holds a token that is
 * not a comment. A line with code and a trailing comment is a code line. Blank lines count as neither.
 *
 * Usage: tsx scripts/comment-weight.ts [--files]   (--files: the 20 files with the most comment lines)
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

import ts from "typescript";

export const COMMENT_WEIGHT_LIMIT = 0.15;
export const LONG_COMMENT_LINES = 10;
const FOLDERS = ["app", "server"];

export interface Weight {
  commentLines: number;
  codeLines: number;
  longComments: number;
}

export function weigh(fileName: string, text: string): Weight {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const lineStarts = source.getLineStarts();
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const comment = new Set<number>();
  const code = new Set<number>();
  const mark = (lines: Set<number>, start: number, end: number) => {
    for (let line = lineOf(start); line <= lineOf(Math.max(start, end - 1)); line++) lines.add(line);
  };
  // The parser's tokens, not a scanner's: only the parser tells a regular expression or a template from code.
  const visit = (node: ts.Node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length > 0) return children.forEach(visit);
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) mark(comment, range.pos, range.end);
    if (node.kind !== ts.SyntaxKind.EndOfFileToken) mark(code, node.getStart(source), node.end);
  };
  visit(source);
  let commentLines = 0;
  let longComments = 0;
  let run = 0;
  for (let line = 0; line <= lineStarts.length; line++) {
    if (comment.has(line) && !code.has(line)) {
      commentLines++;
      run++;
    } else {
      if (run >= LONG_COMMENT_LINES) longComments++;
      run = 0;
    }
  }
  return { commentLines, codeLines: code.size, longComments };
}

export function sourceFiles(folders = FOLDERS): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", ...folders], {
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => /\.tsx?$/.test(file) && !file.startsWith("app/generated/"));
}

function main() {
  const weights = sourceFiles().map((file) => ({ file, ...weigh(file, readFileSync(file, "utf8")) }));
  const sum = (key: keyof Weight) => weights.reduce((total, weight) => total + weight[key], 0);
  const ratio = sum("commentLines") / sum("codeLines");
  if (process.argv.includes("--files")) {
    for (const { file, commentLines, codeLines } of weights
      .sort((a, b) => b.commentLines - a.commentLines)
      .slice(0, 20))
      console.log(`${String(commentLines).padStart(4)} / ${String(codeLines).padStart(4)}  ${file}`);
  }
  console.log(
    `comment weight in ${FOLDERS.join("/ and ")}/: ${sum("commentLines")} comment lines / ${sum("codeLines")} code lines = ` +
      `${ratio.toFixed(3)} (limit ${COMMENT_WEIGHT_LIMIT}); ${sum("longComments")} comments of ${LONG_COMMENT_LINES}+ lines`,
  );
  if (ratio > COMMENT_WEIGHT_LIMIT || sum("longComments") > 0) {
    for (const { file } of weights.filter((weight) => weight.longComments > 0))
      console.error(`${file}: a comment of ${LONG_COMMENT_LINES}+ lines`);
    console.error("Comments say why, briefly: move the reasoning to docs/ or an ADR and link it.");
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
