import { Honeypot } from "remix-utils/honeypot/server";

import { cookieSecret } from "~/services/cookie-policy.server";

/**
 * remix-utils' honeypot: a hidden field people never see (bots fill it) and an encrypted
 * "rendered at" timestamp. The timestamp is encrypted with our secret rather than a random
 * per-process seed, so a form rendered before a restart still posts after it.
 */
let honeypot: Honeypot | undefined;

/** Made on first use, so importing this module decides no secret. */
function getHoneypot(): Honeypot {
  honeypot ??= new Honeypot({ encryptionSeed: cookieSecret() });
  return honeypot;
}

/** Props for `<HoneypotFieldsProvider>`: call in the loader of a page with a protected form. */
export function honeypotInputProps() {
  return getHoneypot().getInputProps();
}

/**
 * True when the submission looks automated: the trap field is filled, or the timestamp is
 * missing, forged or in the future. Never throws: besides remix-utils' SpamError, crypto-js
 * throws on a garbled ciphertext, and that is a forged field too.
 */
export function isSpam(form: FormData): boolean {
  try {
    getHoneypot().check(form);
    return false;
  } catch {
    return true;
  }
}
