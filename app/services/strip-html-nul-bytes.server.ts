import { Transform, type TransformCallback } from "node:stream";

/**
 * Drops NUL bytes from the HTML stream. React 18.3's `renderToPipeableStream` flushes its whole
 * 2 KB buffer when a multi-byte character does not fit at its end (`writeStringChunk` writes
 * `currentView`, not the written part), so up to two 0x00 bytes can land inside the page. Some
 * crawlers and link-preview bots reject such documents. Our HTML never contains a real NUL (the
 * HTML parser would replace it anyway), so removing every one is safe. This is about the pages
 * we send; text a visitor sends is cleaned (NUL included) by ~/models/request-text.
 */
export class StripHtmlNulBytes extends Transform {
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    // The common case, no NUL at all, passes the chunk through untouched.
    if (bytes.indexOf(0) === -1) {
      callback(null, bytes);
      return;
    }
    callback(null, stripNulBytes(bytes));
  }
}

/** The bytes without any 0x00. */
export function stripNulBytes(bytes: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (const byte of bytes) if (byte !== 0) out[length++] = byte;
  return out.subarray(0, length);
}
