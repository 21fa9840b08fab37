import { Honeypot } from "remix-utils/honeypot/server";

import { cookieSecret } from "~/services/cookie-policy.server";

/** remix-utils' honeypot, keyed by our secret, not a per-process seed: a form still posts after a restart. */
let honeypot: Honeypot | undefined;

/** remix-utils' own defaults, named for the check below. */
const TRAP_FIELD = "name__confirm";
const VALID_FROM_FIELD = "from__confirm";

function getHoneypot(): Honeypot {
  honeypot ??= new Honeypot({
    encryptionSeed: cookieSecret(),
    nameFieldName: TRAP_FIELD,
    validFromFieldName: VALID_FROM_FIELD,
  });
  return honeypot;
}

/**
 * The base64 of AES-GCM's IV, the timestamp and the tag, checked before remix-utils decodes base64 on the main
 * thread, where a 1 MB value would hold every request up (ADR 023).
 */
const ENCRYPTED_TIMESTAMP = /^[A-Za-z0-9+/]{55}[A-Za-z0-9+/=]$/;

/** Props for `<HoneypotFieldsProvider>`: call in the loader of a page with a protected form. */
export async function honeypotInputProps() {
  return getHoneypot().getInputProps();
}

/** Whether the form looks automated (a missing timestamp too); never throws, a garbled field is forged. */
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
