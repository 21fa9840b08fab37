import { describe, expect, it } from "vitest";

import { scriptsAfterContent } from "~/services/script-priority.server";

const html = (text: string) => Buffer.from(text, "utf8");

describe("scriptsAfterContent", () => {
  it("marks every module preload low priority and takes async off the module script", () => {
    const page =
      '<p>Hi</p><link rel="modulepreload" href="/build/a.js"/><link rel="modulepreload" href="/build/b.js"/>' +
      '<script>window.__remixContext = {};</script><script nonce="n" type="module" async="">import "/build/a.js";</script>';
    expect(scriptsAfterContent(html(page)).toString("utf8")).toBe(
      '<p>Hi</p><link fetchpriority="low" rel="modulepreload" href="/build/a.js"/>' +
        '<link fetchpriority="low" rel="modulepreload" href="/build/b.js"/>' +
        '<script>window.__remixContext = {};</script><script nonce="n" type="module">import "/build/a.js";</script>',
    );
  });

  it("returns a batch without those tags as it is, the same Buffer", () => {
    const batch = html('<main><p>No scripts here, only "quotes" and → arrows</p></main>');
    expect(scriptsAfterContent(batch)).toBe(batch);
  });

  it("leaves text escaped by React and data escaped by Remix alone", () => {
    const escaped =
      "<p>&lt;link rel=&quot;modulepreload&quot;&gt; type=&quot;module&quot; async=&quot;&quot;</p>" +
      '<script>{"q":"\\u003clink rel=\\"modulepreload\\" type=\\"module\\" async=\\"\\""}</script>';
    const batch = html(escaped);
    expect(scriptsAfterContent(batch)).toBe(batch);
  });
});
