/**
 * Scripts after content (ADR 022): every page works without JavaScript, so its scripts are an
 * enhancement and should never compete with what a shopper sees first, the stylesheet and the
 * largest image. React Router's `<Scripts>` offers no attribute for that, so its two tags are adjusted
 * on their way out (app/services/html-body.server.ts passes each batch of the page through here):
 *
 * - `<link rel="modulepreload">` gets `fetchpriority="low"`: the browser still fetches every
 *   module early, but after the stylesheet and the images marked high, not before them (on a
 *   slow connection the 23 preloads otherwise take the six connections first).
 * - The inline `<script type="module" async>` that starts the app loses `async`, so it runs once
 *   the document is parsed (a module script is deferred by default) instead of the moment its
 *   modules arrive, which on a fast connection was in the middle of the first paint.
 *
 * Matching bytes is sound here for the same reason the CSP hashes are (ADR 018): React escapes
 * `<` and `"` in every text and attribute value, and React Router escapes `<` in its script data and
 * writes `"` there as `\"`, so these two sequences can only be the tags `<Scripts>` wrote.
 */

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_PRELOAD = Buffer.from('<link fetchpriority="low" rel="modulepreload"');
const ASYNC_MODULE = Buffer.from(' type="module" async=""');
const DEFERRED_MODULE = Buffer.from(' type="module"');

/** `html` with every module preload at low priority and the module script deferred; the same Buffer when it holds neither. */
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
