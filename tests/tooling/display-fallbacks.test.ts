import postcss from "postcss";
import { describe, expect, it } from "vitest";

import { displayFallbacks } from "../../scripts/css/display-fallbacks";

/** The build's display fallbacks for engines without flexbox and grid (docs/accessibility.md#limited-browsers). */

async function run(css: string): Promise<string> {
  return (await postcss([displayFallbacks()]).process(css, { from: undefined })).css;
}

describe("display fallbacks", () => {
  it("writes block or inline-block before each flex or grid display, keeping the modern one last", async () => {
    expect(await run(".a{display:flex}")).toBe(".a{display:block;display:flex}");
    expect(await run(".b{color:red;display:inline-flex}")).toBe(
      ".b{color:red;display:inline-block;display:inline-flex}",
    );
    expect(await run("@media (min-width:768px){.c{display:grid}}")).toBe(
      "@media (min-width:768px){.c{display:block;display:grid}}",
    );
    expect(await run(".d{display: inline-grid !important}")).toBe(
      ".d{display: inline-block !important;display: inline-grid !important}",
    );
  });

  it("leaves every other display alone, and adds nothing twice", async () => {
    expect(await run(".a{display:none}.b{display:block}.c{display:contents}")).toBe(
      ".a{display:none}.b{display:block}.c{display:contents}",
    );
    const once = await run(".a{display:flex}");
    expect(await run(once)).toBe(once);
  });
});
