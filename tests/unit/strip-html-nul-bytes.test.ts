import { Readable } from "node:stream";
import { text } from "node:stream/consumers";

import { describe, expect, it } from "vitest";

import { StripHtmlNulBytes, stripNulBytes } from "~/services/strip-html-nul-bytes.server";

describe("stripNulBytes", () => {
  it("removes every 0x00 and keeps the other bytes in order", () => {
    expect([...stripNulBytes(Uint8Array.from([0, 60, 0, 0, 112, 62, 0]))]).toEqual([60, 112, 62]);
  });

  it("leaves multi-byte UTF-8 characters whole", () => {
    const arrow = Buffer.from("&nbsp;→ next", "utf8");
    expect(stripNulBytes(Buffer.concat([arrow, Buffer.alloc(2)])).toString("utf8")).toBe("&nbsp;→ next");
  });
});

describe("StripHtmlNulBytes", () => {
  it("streams a page split across chunks without the NULs React's buffer flush leaves behind", async () => {
    // What React 18.3 emits when "→" (3 bytes) does not fit at the end of its buffer: the
    // buffer's unwritten tail (zeros), then the character at the start of the next chunk.
    const chunks = [Buffer.concat([Buffer.from("<p>Next&nbsp;"), Buffer.alloc(2)]), Buffer.from("→</p>")];
    const html = await text(Readable.from(chunks).pipe(new StripHtmlNulBytes()));
    expect(html).toBe("<p>Next&nbsp;→</p>");
  });
});
