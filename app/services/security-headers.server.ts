import { randomBytes } from "node:crypto";

import { getConfig } from "~/config.server";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The CSP source for a personal page's scripts: this response's nonce. */
export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`;
}

/**
 * Headers every document carries. Scripts run only from our origin or when `inlineScripts` allows
 * them: a personal page's nonce, or a shared page's script hashes (ADR 018); never
 * 'unsafe-inline'. Inline style attributes stay allowed because React and Radix set `style` props.
 */
export function setSecurityHeaders(headers: Headers, inlineScripts: readonly string[]): void {
  const dev = getConfig().nodeEnv === "development";
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts].join(" "),
    "style-src 'self' 'unsafe-inline'",
    // https: too: a product's pictures may be https URLs an owner imported (docs/catalogue.md#import-and-export);
    // an image cannot run code, and http: stays out (mixed content).
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws://localhost:*" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  headers.set("Content-Security-Policy", csp);
  headers.set("X-Content-Type-Options", "nosniff");
  // A page may ask for less: the pages a mailed link leads to say no-referrer (ADR 035).
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  // No page of ours opens or is opened by another site's window, so none keeps a handle to it.
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
}
