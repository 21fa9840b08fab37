/** Scripts after content: `<Scripts>`' two tags adjusted on their way out, matched as bytes (ADR 022). */

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_PRELOAD = Buffer.from('<link fetchpriority="low" rel="modulepreload"');
const ASYNC_MODULE = Buffer.from(' type="module" async=""');
const DEFERRED_MODULE = Buffer.from(' type="module"');

/** `html` with its module preloads at low priority and its module script deferred; the same Buffer if neither. */
export function scriptsAfterContent<Bytes extends ArrayBufferLike>(html: Buffer<Bytes>): Buffer<Bytes | ArrayBuffer> {
  return replaceAll(replaceAll(html, PRELOAD, LOW_PRIORITY_PRELOAD), ASYNC_MODULE, DEFERRED_MODULE);
}

function replaceAll<Bytes extends ArrayBufferLike>(
  bytes: Buffer<Bytes>,
  search: Buffer,
  replacement: Buffer,
): Buffer<Bytes | ArrayBuffer> {
  let at = bytes.indexOf(search);
  if (at === -1) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    parts.push(bytes.subarray(from, at), replacement);
    from = at + search.length;
    at = bytes.indexOf(search, from);
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}
