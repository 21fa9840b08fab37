import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The lint rule that keeps the app's floors pointing one way (docs/architecture.md#floors): an
 * import from a floor above fails `npm run lint`, an import from one below passes.
 */
const eslint = new ESLint();

/** The rule's messages for `source` as if it were the file at `path`. */
async function floorProblems(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path });
  return result!.messages
    .filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((message) => message.message);
}

const use = (name: string) => `\nexport const used = ${name};\n`;

describe("floors", () => {
  it.each([
    ["app/backends/sql/example.server.ts", 'import { logger } from "~/services/csrf.server";'],
    ["app/backends/example.server.ts", 'import { logger } from "../services/csrf.server";'],
    ["app/lib/example.server.ts", 'import { logger } from "~/backends/index.server";'],
    ["app/lib/example.server.ts", 'import { logger } from "~/config.server";'],
    ["app/models/example.ts", 'import { logger } from "~/lib/log.server";'],
    ["app/services/example.server.ts", 'import { logger } from "~/components/forms/form-field";'],
    ["app/services/example.server.ts", 'import { logger } from "~/routes/auth";'],
    ["app/components/example.tsx", 'import { logger } from "~/services/csrf.server";'],
    ["app/components/example.tsx", 'import { logger } from "~/routes/notice";'],
    ["server/example.ts", 'import { logger } from "../app/services/csrf.server";'],
  ])("refuses %s importing from a floor above: %s", async (path, source) => {
    const problems = await floorProblems(path, source + use("logger"));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("docs/architecture.md#floors");
  });

  it.each([
    ["app/services/example.server.ts", 'import { logger } from "~/backends/index.server";'],
    ["app/services/example.server.ts", 'import { logger } from "~/lib/log.server";'],
    ["app/backends/example.server.ts", 'import { logger } from "~/lib/log.server";'],
    ["app/backends/sql/example.server.ts", 'import { logger } from "../types.server";'],
    ["app/backends/example.server.ts", 'import { logger } from "~/models/product/product";'],
    ["app/components/example.tsx", 'import type { logger } from "~/routes/notice";'],
    ["app/routes/example.tsx", 'import { logger } from "~/services/csrf.server";'],
    ["server/example.ts", 'import { logger } from "../app/lib/log.server";'],
  ])("lets %s import from its own floor or one below: %s", async (path, source) => {
    expect(await floorProblems(path, source + use("logger"))).toEqual([]);
  });
});
