import { Honeypot } from "remix-utils/honeypot/server";
import { describe, expect, it, vi } from "vitest";

import { cookieSecret } from "~/services/cookie-policy.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";

/** The honeypot on sign-up and contact (ADR 023): what a person's form passes and what a bot's does not. */

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const props = await honeypotInputProps();
const honest = () => ({ [props.nameFieldName]: "", [props.validFromFieldName!]: props.encryptedValidFrom });

describe("isSpam", () => {
  it("lets a form rendered by the shop through", async () => {
    expect(await isSpam(form(honest()))).toBe(false);
  });

  it.each([
    ["the trap filled", { [props.nameFieldName]: "Buy now" }],
    ["no timestamp", { [props.validFromFieldName!]: "" }],
    ["a forged timestamp of the right shape", { [props.validFromFieldName!]: `${"A".repeat(55)}=` }],
    ["a timestamp that is not base64", { [props.validFromFieldName!]: "1764150000000" }],
  ])("refuses a form with %s", async (_case, changes) => {
    expect(await isSpam(form({ ...honest(), ...changes }))).toBe(true);
  });

  it("refuses a form with neither field (remix-utils alone would let it through)", async () => {
    expect(await isSpam(form({ name: "x" }))).toBe(true);
  });

  it("refuses a timestamp from the future", async () => {
    const later = await new Honeypot({ encryptionSeed: cookieSecret() }).getInputProps({
      validFromTimestamp: Date.now() + 60_000,
    });
    expect(await isSpam(form({ ...honest(), [props.validFromFieldName!]: later.encryptedValidFrom }))).toBe(true);
  });

  it("refuses a 1 MB timestamp without decoding it", async () => {
    // Decrypting it took 140 ms to over a second of the main thread with remix-utils 7 (crypto-js);
    // remix-utils 9 decodes its base64 a character at a time in JavaScript. So the value must be
    // refused before remix-utils sees it (a timed check would fail on a busy machine: this one cannot).
    const check = vi.spyOn(Honeypot.prototype, "check");
    try {
      expect(await isSpam(form({ ...honest(), [props.validFromFieldName!]: "A".repeat(1024 * 1024) }))).toBe(true);
      expect(check).not.toHaveBeenCalled();
      // The spy sees the checks that do run: a well-formed timestamp is decrypted as before.
      expect(await isSpam(form(honest()))).toBe(false);
      expect(check).toHaveBeenCalledTimes(1);
    } finally {
      check.mockRestore();
    }
  });
});
