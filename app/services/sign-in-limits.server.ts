import ipaddr from "ipaddr.js";

import { getSignInLimitStore } from "~/backends/index.server";
import { BackendError, type Bucket, type SignInLimitStore } from "~/backends/types.server";
import { logger } from "~/lib/log.server";

/** Sign-in limits: docs/accounts.md#sign-in-limits says what each bucket counts and why, ADR 023 the decisions. */

const MINUTE = 60_000;

export const SIGN_IN_LIMITS = {
  emailFromAddress: { capacity: 5, refillMs: MINUTE }, // failures for one email from one address
  email: { capacity: 100, refillMs: 30_000 }, // failures for one email from anywhere
  address: { capacity: 100, refillMs: 36_000 }, // failures from one address, any email
  sessionsFromAddress: { capacity: 30, refillMs: MINUTE }, // sign-ins and sign-ups that succeed from one address
} as const;

/** The buckets of mails a visitor may make the shop send, so it cannot flood an inbox (ADR 035). */
export const MAIL_LIMITS = {
  mailTo: { capacity: 3, refillMs: 20 * MINUTE }, // mails to one email
  mailFrom: { capacity: 20, refillMs: 3 * MINUTE }, // reset and resend requests from one address
} as const;

/** What `clientAddress` counts as: IPv4 as it is, IPv6 as its /64 (one subscriber's block), anything else as itself. */
export function addressBlock(clientAddress: string): string {
  if (!ipaddr.isValid(clientAddress)) return clientAddress;
  const address = ipaddr.process(clientAddress);
  if (address.kind() === "ipv4") return address.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/64`);
  return `${prefix.toString()}/64`;
}

function signInBuckets(clientAddress: string, email: string) {
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

/** "failed": an answer a guesser gets (wrong password, email taken); "uncounted": nobody's doing (an outage). */
export type AttemptOutcome = "succeeded" | "failed" | "uncounted";

type Refusal = { admitted: false; retryAfterSeconds: number };
export type SignInAdmission = { admitted: true; settle(outcome: AttemptOutcome): Promise<void> } | Refusal;
export type MailAdmission = { admitted: true; giveBack(): Promise<void> } | Refusal;

/** Admits a sign-in or sign-up (which mails: `sendsMail`) or says how long to wait; the caller settles it. */
export async function admitSignIn(
  clientAddress: string,
  email: string,
  options: { sendsMail?: boolean } = {},
): Promise<SignInAdmission> {
  const buckets = signInBuckets(clientAddress, email);
  const mail = options.sendsMail ? [mailBuckets(clientAddress, email).mailTo] : [];
  const waitMs = await take([...Object.values(buckets), ...mail]);
  if (waitMs > 0) return refusal(waitMs);
  return { admitted: true, settle: (outcome) => settle(buckets, outcome, mail) };
}

/** Admits a request that mails `email`, account or not, so a refusal tells nothing. */
export async function admitMailRequest(clientAddress: string, email: string): Promise<MailAdmission> {
  const buckets = Object.values(mailBuckets(clientAddress, email));
  const waitMs = await take(buckets);
  if (waitMs > 0) return refusal(waitMs);
  const giveBack = () => write((store) => store.giveBack(buckets), "A mail request's tokens could not be given back");
  return { admitted: true, giveBack };
}

/** 0, or the milliseconds to wait; limits that cannot be read are an outage, never an unchecked attempt. */
async function take(buckets: readonly Bucket[]): Promise<number> {
  try {
    return await (await getSignInLimitStore()).take(buckets);
  } catch (error) {
    throw new BackendError("The sign-in limits could not be read.", { kind: "unavailable", cause: error });
  }
}

function refusal(waitMs: number): Refusal {
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Gives back the tokens an attempt should not keep; a success also forgets the address's failures for that email. */
function settle(buckets: ReturnType<typeof signInBuckets>, outcome: AttemptOutcome, mail: readonly Bucket[]) {
  return write(async (store) => {
    // A failure sent no mail.
    if (outcome === "failed") await store.giveBack([buckets.sessionsFromAddress, ...mail]);
    else if (outcome === "uncounted") await store.giveBack([...Object.values(buckets), ...mail]);
    else {
      await store.giveBack([buckets.email, buckets.address]);
      await store.refill([buckets.emailFromAddress.key]);
    }
  }, `A sign-in attempt could not be settled as ${outcome}`);
}

/** A change after the answer: one that cannot be written is logged, and the attempt stays counted (the safe side). */
async function write(change: (store: SignInLimitStore) => Promise<void>, failure: string): Promise<void> {
  try {
    await change(await getSignInLimitStore());
  } catch (error) {
    logger().error({ err: error }, failure);
  }
}
