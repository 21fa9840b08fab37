import ipaddr from "ipaddr.js";

import { getTokenBuckets } from "~/backends/index.server";
import { BackendError, type Bucket } from "~/backends/types.server";
import { logger } from "~/lib/log.server";

/**
 * The sign-in and sign-up limits (ADR 023, docs/accounts.md#rate-limits). Every attempt is admitted
 * before any password is hashed or any sign-in service is called, by taking a token from each of
 * four buckets at once, atomically, where every process of the shop sees them (ADR 023):
 *
 * - failures for one email from one address: 5, then one more a minute. A stranger's wrong
 *   passwords lock only their own address out of that email;
 * - failures for one email from everywhere: 100, then one every 30 s. It takes many addresses to
 *   empty, and even then it slows guessing to 120 an hour rather than locking the owner out;
 * - failures from one address, whatever the email: 100, then 100 an hour;
 * - sign-ins and sign-ups that succeed from one address (each makes a session or an account): 30,
 *   then one a minute.
 *
 * Once the answer is known the attempt is settled: a failure keeps its failure tokens and gives back
 * the session one; a success gives back its failure tokens (and refills the email-from-address
 * bucket, as a successful sign-in forgets that address's earlier mistakes) and keeps the session one;
 * an attempt that was nobody's doing (the service was down or busy) gives every token back.
 *
 * The client's address comes from the server entry's load context: the socket's address, or with
 * TRUST_PROXY=1 the one our proxy appended to X-Forwarded-For (server/app.ts), never a value the
 * client wrote itself. An IPv6 address counts as its /64, the block one subscriber is given.
 */

const MINUTE = 60_000;

/** The size of each bucket, as `Bucket` without its key: `capacity` tokens, one back every `refillMs`. */
export const SIGN_IN_LIMITS = {
  emailFromAddress: { capacity: 5, refillMs: MINUTE },
  email: { capacity: 100, refillMs: 30_000 },
  address: { capacity: 100, refillMs: 36_000 },
  sessionsFromAddress: { capacity: 30, refillMs: MINUTE },
} as const;

/**
 * Mails a visitor may make the shop send (a confirmation, a reset link, the note to an owner whose
 * address was signed up with again), so it cannot be used to flood an inbox (ADR 035): to one email
 * 3, then one every 20 minutes; reset and resend requests from one address, whatever the email, 20,
 * then one every 3 minutes. A sign-up takes only the first: its own bucket of sign-ins and
 * sign-ups that succeed already limits it per address.
 */
export const MAIL_LIMITS = {
  mailTo: { capacity: 3, refillMs: 20 * MINUTE },
  mailFrom: { capacity: 20, refillMs: 3 * MINUTE },
} as const;

/**
 * Where `clientAddress` counts from: an IPv4 address as it is (an IPv4-mapped IPv6 address too), an
 * IPv6 address as its /64 (one subscriber gets a whole /64, so counting addresses one by one would
 * give them 2^64 allowances). Anything unparsable counts as itself.
 */
export function addressBlock(clientAddress: string): string {
  if (!ipaddr.isValid(clientAddress)) return clientAddress;
  const address = ipaddr.process(clientAddress);
  if (address.kind() === "ipv4") return address.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/64`);
  return `${prefix.toString()}/64`;
}

/** The four buckets of one attempt (see the module comment). */
function attemptBuckets(clientAddress: string, email: string) {
  const block = addressBlock(clientAddress);
  const account = email.trim().toLowerCase();
  return {
    emailFromAddress: { key: `email-from:${account} ${block}`, ...SIGN_IN_LIMITS.emailFromAddress },
    email: { key: `email:${account}`, ...SIGN_IN_LIMITS.email },
    address: { key: `address:${block}`, ...SIGN_IN_LIMITS.address },
    sessionsFromAddress: { key: `sessions:${block}`, ...SIGN_IN_LIMITS.sessionsFromAddress },
  } satisfies Record<keyof typeof SIGN_IN_LIMITS, Bucket>;
}

function mailBuckets(clientAddress: string, email: string) {
  return {
    mailTo: { key: `mail-to:${email.trim().toLowerCase()}`, ...MAIL_LIMITS.mailTo },
    mailFrom: { key: `mail-from:${addressBlock(clientAddress)}`, ...MAIL_LIMITS.mailFrom },
  } satisfies Record<keyof typeof MAIL_LIMITS, Bucket>;
}

/**
 * What became of an admitted attempt: "succeeded" (signed in or signed up), "failed" (an answer a
 * guesser gets: wrong password, email taken), or "uncounted" (nobody's doing: an outage, a busy service).
 */
export type AttemptOutcome = "succeeded" | "failed" | "uncounted";

export type Admission =
  { admitted: true; settle(outcome: AttemptOutcome): Promise<void> } | { admitted: false; retryAfterSeconds: number };

/**
 * Admits one sign-in or sign-up for `email` from `clientAddress`, or says how long to wait. Throws
 * a BackendError (unavailable) when the limits cannot be read: an attempt is never let through
 * unchecked. The caller settles an admitted attempt once it knows the outcome.
 */
export async function admitAuthAttempt(
  clientAddress: string,
  email: string,
  options: { sendsMail?: boolean } = {},
): Promise<Admission> {
  const buckets = attemptBuckets(clientAddress, email);
  // A sign-up mails (the new account, or the owner of a taken address): the bucket of mails to that email too, in the same step.
  const mail = options.sendsMail ? [mailBuckets(clientAddress, email).mailTo] : [];
  const all = [...Object.values(buckets), ...mail];
  let waitMs: number;
  try {
    waitMs = await (await getTokenBuckets()).take(all);
  } catch (error) {
    throw new BackendError("The sign-in limits could not be read.", { kind: "unavailable", cause: error });
  }
  if (waitMs > 0) return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  return { admitted: true, settle: (outcome) => settle(buckets, outcome, mail) };
}

export type MailAdmission =
  { admitted: true; giveBack(): Promise<void> } | { admitted: false; retryAfterSeconds: number };

/**
 * Admits a request that mails `email` (a new confirmation link, a reset link), whether or not the
 * address has an account: the answer is the same either way, so a refusal tells nothing either.
 * Throws a BackendError (unavailable) when the limits cannot be read. `giveBack` returns the tokens
 * of a request that was nobody's doing (the service was down).
 */
export async function admitMailRequest(clientAddress: string, email: string): Promise<MailAdmission> {
  const buckets = Object.values(mailBuckets(clientAddress, email));
  let waitMs: number;
  try {
    waitMs = await (await getTokenBuckets()).take(buckets);
  } catch (error) {
    throw new BackendError("The mail limits could not be read.", { kind: "unavailable", cause: error });
  }
  if (waitMs > 0) return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  return {
    admitted: true,
    giveBack: async () => {
      try {
        await (await getTokenBuckets()).giveBack(buckets);
      } catch (error) {
        logger().error({ err: error }, "A mail request's tokens could not be given back");
      }
    },
  };
}

/**
 * Gives back the tokens an attempt should not have kept. A change that cannot be written (the
 * database went down since the attempt was admitted) is logged: the shopper still gets their answer,
 * and the attempt stays counted, the safe side for a limit.
 */
async function settle(
  buckets: ReturnType<typeof attemptBuckets>,
  outcome: AttemptOutcome,
  mail: readonly Bucket[],
): Promise<void> {
  try {
    const store = await getTokenBuckets();
    // A failure sent no mail (a wrong password, a form the service refused).
    if (outcome === "failed") await store.giveBack([buckets.sessionsFromAddress, ...mail]);
    else if (outcome === "uncounted") await store.giveBack([...Object.values(buckets), ...mail]);
    else {
      await store.giveBack([buckets.email, buckets.address]);
      await store.refill([buckets.emailFromAddress.key]);
    }
  } catch (error) {
    logger().error({ err: error }, `A sign-in attempt could not be settled as ${outcome}`);
  }
}
