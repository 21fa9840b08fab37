import { Transform, type TransformCallback } from "node:stream";

import { scriptsAfterContent } from "~/services/script-priority.server";

/**
 * The stream a page's HTML goes through to the response: React's 2 KB writes passed on a batch at a time, for
 * compression's sake (ADR 014); NUL bytes dropped and scripts after content, on whole batches (ADR 022).
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
