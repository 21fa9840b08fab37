import { describe, expect, it } from "vitest";

import { LONG_COMMENT_LINES, weigh } from "../../scripts/comment-weight";

describe("weigh", () => {
  it("counts lines holding only a comment against lines holding code", () => {
    const text = ["// why", "/**", " * more", " */", "const a = 1; // trailing: a code line", "", "const b = 2;"].join(
      "\n",
    );
    expect(weigh("a.ts", text)).toEqual({ commentLines: 4, codeLines: 2, longComments: 0 });
  });

  it("reads past a template with substitutions, nested ones and braces inside them", () => {
    const text = ["const a = `x ${1 + { b: 2 }.b} y ${`inner ${3}`} z`;", "// one", "/* two */", "const b = 1;"].join(
      "\n",
    );
    expect(weigh("a.ts", text)).toEqual({ commentLines: 2, codeLines: 2, longComments: 0 });
  });

  it("reads past a regular expression holding a backtick or a slash", () => {
    const text = ["const quoted = /`[^`]*`/g;", "const path = a / b / c;", "// after them", "const b = 1;"].join("\n");
    expect(weigh("a.ts", text)).toEqual({ commentLines: 1, codeLines: 3, longComments: 0 });
  });

  it("counts a block of LONG_COMMENT_LINES lines; a JSX comment's line holds its braces, so it is code", () => {
    const block = Array.from({ length: LONG_COMMENT_LINES }, () => "// because");
    const text = [...block, "export const A = () => (", "  <div>", "    {/* a note */}", "  </div>", ");"].join("\n");
    expect(weigh("a.tsx", text)).toEqual({ commentLines: LONG_COMMENT_LINES, codeLines: 5, longComments: 1 });
  });
});
