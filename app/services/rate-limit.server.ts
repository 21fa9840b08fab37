import { getFailureCounts } from "~/backends/index.server";
import { BackendError } from "~/backends/types";

/**
 * Limits on failed sign-ins and sign-ups: per email (5 failures a minute) and per client address
 * (100 an hour). A limited attempt is refused before any password is hashed or any sign-in
 * service is called, so a flood buys neither CPU nor the service's own allowance. The counts are
 * kept where every process of the shop sees them (the backend's FailureCounts, ADR 019).
 *
 * The client's address comes from the server entry's load context: the socket's address, or
 * with TRUST_PROXY=1 the one our proxy appended to X-Forwarded-For (server/app.ts), never a value
 * the client wrote itself.
 */

export const EMAIL_LIMIT = { failures: 5, windowMs: 60 * 1000 };
export const ADDRESS_LIMIT = { failures: 100, windowMs: 60 * 60 * 1000 };

const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
const addressKey = (clientAddress: string) => `address:${clientAddress}`;

/**
 * Whether a sign-in or sign-up for `email` from `clientAddress` must wait. Throws a BackendError
 * (unavailable) when the counts cannot be read: an attempt is never let through unchecked.
 */
export async function isAuthAttemptLimited(clientAddress: string, email: string): Promise<boolean> {
  const [byEmail, byAddress] = [emailKey(email), addressKey(clientAddress)];
  let failures: Map<string, number>;
  try {
    failures = await (await getFailureCounts()).count([byEmail, byAddress]);
  } catch (error) {
    throw new BackendError("The sign-in limits could not be read.", { kind: "unavailable", cause: error });
  }
  return (
    (failures.get(byEmail) ?? 0) >= EMAIL_LIMIT.failures || (failures.get(byAddress) ?? 0) >= ADDRESS_LIMIT.failures
  );
}

/**
 * Counts a failed sign-in or sign-up (wrong password, email already registered ...). A count that
 * cannot be written (the database went down since the check) is logged: the shopper still gets
 * the answer to their attempt.
 */
export async function recordAuthFailure(clientAddress: string, email: string): Promise<void> {
  try {
    const store = await getFailureCounts();
    await Promise.all([
      store.record(emailKey(email), EMAIL_LIMIT.windowMs),
      store.record(addressKey(clientAddress), ADDRESS_LIMIT.windowMs),
    ]);
  } catch (error) {
    console.error("A failed sign-in could not be counted", error);
  }
}

/** After a successful sign-in: this email's earlier failures no longer count. */
export async function recordAuthSuccess(email: string): Promise<void> {
  try {
    await (await getFailureCounts()).forget(emailKey(email));
  } catch (error) {
    console.error("A sign-in's earlier failures could not be forgotten", error);
  }
}
