import { Honeypot } from "remix-utils/honeypot/server";

import { cookieSecret } from "~/services/cookie-policy.server";

/**
 * remix-utils' honeypot: a hidden field people never see (bots fill it) and an encrypted
 * "rendered at" timestamp. The timestamp is encrypted with our secret rather than a random
 * per-process seed, so a form rendered before a restart still posts after it.
 */
let honeypot: Honeypot | undefined;

/** The fields' names (remix-utils' own defaults, named here so the check below can read them). */
const TRAP_FIELD = "name__confirm";
const VALID_FROM_FIELD = "from__confirm";

/** Made on first use, so importing this module decides no secret. */
function getHoneypot(): Honeypot {
  honeypot ??= new Honeypot({
    encryptionSeed: cookieSecret(),
    nameFieldName: TRAP_FIELD,
    validFromFieldName: VALID_FROM_FIELD,
  });
  return honeypot;
}

/**
 * What remix-utils' encrypted timestamp looks like: the base64 of AES-GCM's 12-byte IV, the
 * timestamp's 13 or 14 digits and the 16-byte tag, 56 characters. Anything else is refused before
 * it is decoded and decrypted: remix-utils decodes base64 a character at a time in JavaScript on
 * the main thread, so a 1 MB value would hold every other request up (ADR 023).
 */
const ENCRYPTED_TIMESTAMP = /^[A-Za-z0-9+/]{55}[A-Za-z0-9+/=]$/;

/** Props for `<HoneypotFieldsProvider>`: call in the loader of a page with a protected form. */
export async function honeypotInputProps() {
  return getHoneypot().getInputProps();
}

/**
 * True when the submission looks automated: the trap field is filled, or the timestamp is
 * missing, ill-formed, forged or in the future. Never throws: besides remix-utils' SpamError,
 * Web Crypto throws on a garbled ciphertext and atob on a value that is not base64, and those are
 * forged fields too. (remix-utils lets a form without either field through; ours always carry
 * both, so a missing timestamp is spam.)
 */
export async function isSpam(form: FormData): Promise<boolean> {
  const validFrom = form.get(VALID_FROM_FIELD);
  if (typeof validFrom !== "string" || !ENCRYPTED_TIMESTAMP.test(validFrom)) return true;
  try {
    await getHoneypot().check(form);
    return false;
  } catch {
    return true;
  }
}
