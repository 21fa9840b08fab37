import { Readable, Writable } from "node:stream";
import { text } from "node:stream/consumers";

import { describe, expect, it } from "vitest";

import { HtmlBody, stripNulBytes } from "~/services/html-body.server";

describe("stripNulBytes", () => {
  it("removes every 0x00 and keeps the other bytes in order", () => {
    expect([...stripNulBytes(Uint8Array.from([0, 60, 0, 0, 112, 62, 0]))]).toEqual([60, 112, 62]);
  });

  it("leaves multi-byte UTF-8 characters whole", () => {
    const arrow = Buffer.from("&nbsp;→ next", "utf8");
    expect(stripNulBytes(Buffer.concat([arrow, Buffer.alloc(2)])).toString("utf8")).toBe("&nbsp;→ next");
  });
});

describe("HtmlBody", () => {
  it("streams a page split across chunks without the NULs React's buffer flush leaves behind", async () => {
    // What React 18.3 emits when "→" (3 bytes) does not fit at the end of its buffer: the
    // buffer's unwritten tail (zeros), then the character at the start of the next chunk.
    const chunks = [Buffer.concat([Buffer.from("<p>Next&nbsp;"), Buffer.alloc(2)]), Buffer.from("→</p>")];
    const html = await text(Readable.from(chunks).pipe(new HtmlBody()));
    expect(html).toBe("<p>Next&nbsp;→</p>");
  });

  it("passes React's writes on as one chunk each time React flushes", async () => {
    const body = new HtmlBody();
    const received: string[] = [];
    const finished = new Promise<void>((resolve) => {
      const sink = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          received.push(chunk.toString("utf8"));
          callback();
        },
      });
      sink.on("finish", resolve);
      body.pipe(sink);
    });
    // The shell in three writes, then React's flush; then a Suspense boundary, and the end.
    body.write("<html><body>");
    body.write("<main>");
    body.write("<p>shell</p>");
    body.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual(["<html><body><main><p>shell</p>"]);
    body.write("<template>late</template>");
    body.end("</main></body></html>");
    await finished;
    expect(received).toEqual(["<html><body><main><p>shell</p>", "<template>late</template></main></body></html>"]);
  });
});
