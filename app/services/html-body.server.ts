import { Transform, type TransformCallback } from "node:stream";

import { scriptsAfterContent } from "~/services/script-priority.server";

/**
 * The stream a page's HTML goes through from React to the response (app/entry.server.tsx).
 *
 * It passes React's writes on in batches. React writes a page in pieces of at most 2 KB, and
 * each piece handed on became a write to the response, which React Router follows with `flush()` (so a
 * streamed part goes out at once), which compression answers with a sync flush of its brotli or
 * gzip stream: a compressed block, a trip to the thread pool and a socket write every 2 KB.
 * React calls `flush()` on its destination when it has written a batch (the shell, then each
 * Suspense boundary that resolves), so the pieces are collected here and passed on as one chunk
 * per batch: the same bytes, as soon as React means them to go out (ADR 014).
 *
 * It also drops NUL bytes. React 18.3's `renderToPipeableStream` flushes its whole 2 KB buffer
 * when a multi-byte character does not fit at its end (`writeStringChunk` writes `currentView`,
 * not the written part), so up to two 0x00 bytes can land inside the page. Some crawlers and
 * link-preview bots reject such documents. Our HTML never contains a real NUL (the HTML parser
 * would replace it anyway), so removing every one is safe. This is about the pages we send; text
 * a visitor sends is cleaned (NUL included) by ~/models/forms/request-text.
 *
 * And it asks the browser to let the page's scripts wait for its content (scriptsAfterContent,
 * ADR 022): each batch is whole, so a tag is never split between two of them.
 */
export class HtmlBody extends Transform {
  private pending: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    // The common case, no NUL at all, keeps the chunk as it is.
    this.pending.push(bytes.indexOf(0) === -1 ? bytes : stripNulBytes(bytes));
    callback();
  }

  /** React calls this when it has written a batch: the batch goes on as one chunk. */
  flush(): void {
    if (this.pending.length === 0) return;
    const batch = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.push(scriptsAfterContent(batch));
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}

/** What HtmlBody does to a page's batches, done once to a page rendered whole (a shared page). */
export function wholePage(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  return scriptsAfterContent(html.indexOf(0) === -1 ? html : stripNulBytes(html));
}

/** The bytes without any 0x00. */
export function stripNulBytes(bytes: Uint8Array): Buffer<ArrayBuffer> {
  const out = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (const byte of bytes) if (byte !== 0) out[length++] = byte;
  return out.subarray(0, length);
}
