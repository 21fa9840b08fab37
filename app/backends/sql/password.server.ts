import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";

import pLimit from "p-limit";

import { memoisePromise } from "~/lib/memoise-promise.server";
import { appCounter, appGauge } from "~/lib/metrics.server";

/**
 * Password hashing for the embedded backend (ADR 030, OWASP ASVS 5): scrypt, memory-hard,
 * with N=2^15, r=8, p=3 (32 MiB and a couple of hundred milliseconds per hash), a 16-byte random
 * salt and a constant-time comparison. The stored string names its parameters
 * (`scrypt$N$r$p$salt$hash`, base64url), so they can change without breaking old hashes.
 *
 * Why these (ADR 012): they are one of OWASP's equivalent minimums for scrypt, as N=2^17, r=8,
 * p=1 (what older accounts hold, 128 MiB a hash) is. scrypt's memory is 128 * N * r bytes
 * whatever p is, and 32 MiB is just above the size from which glibc's malloc always maps a block
 * of its own and unmaps it when freed; a smaller hash (N=2^14, 16 MiB) was kept by malloc in each
 * libuv thread's arena after it finished, tens of MB for good. Old hashes still verify, and a
 * successful sign-in rewrites them with these parameters (needsRehash).
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/**
 * A stored hash needing more memory than this (128 * N * r bytes) is not one we wrote: refuse it
 * rather than spend the memory. The old parameters (N=2^17, r=8) need exactly this much.
 */
const MAX_SCRYPT_BYTES = 128 * 1024 * 1024;

/**
 * Hashes run one at a time, so a burst of sign-ins does not multiply their memory
 * (docs/budgets.md#memory). They run on libuv's thread pool, so the event loop stays free.
 */
const hashes = pLimit(1);

/**
 * How many hashes may wait behind the one running: a few per core, about a second's worth. One
 * more is refused at once (PasswordHashesBusy) instead of joining a queue that would grow for as
 * long as sign-ins arrive faster than they can be checked (ADR 024).
 */
export const MAX_WAITING_HASHES = 2 * availableParallelism();

/** Thrown instead of queueing a hash when MAX_WAITING_HASHES already wait: the shop is busy, try again shortly. */
export class PasswordHashesBusy extends Error {
  constructor() {
    super(`${MAX_WAITING_HASHES} password hashes are already waiting`);
    this.name = "PasswordHashesBusy";
  }
}

appGauge({
  name: "makervolt_password_hashes",
  help: "Password hashes (sign-in, sign-up) running and waiting to run; one more than MAX_WAITING_HASHES waiting is refused.",
  labelNames: ["state"],
  collect() {
    this.set({ state: "running" }, hashes.activeCount);
    this.set({ state: "waiting" }, hashes.pendingCount);
  },
});

const hashRefusals = appCounter({
  name: "makervolt_password_hash_refusals_total",
  help: "Sign-ins and sign-ups refused at once (503) because the queue of password hashes was full.",
});

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  if (hashes.pendingCount >= MAX_WAITING_HASHES) {
    hashRefusals.inc();
    return Promise.reject(new PasswordHashesBusy());
  }
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  return hashes(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, KEY_BYTES, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || 128 * N * r > MAX_SCRYPT_BYTES || p > 16) return null;
  const salt = Buffer.from(parts[4]!, "base64url");
  const key = Buffer.from(parts[5]!, "base64url");
  if (salt.length === 0 || key.length === 0) return null;
  return { params: { N, r, p }, salt, key };
}

/** True when `password` matches `stored`; false (never an error) for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when `stored` was hashed with other parameters than new hashes get: rewrite it after a successful sign-in. */
export function needsRehash(stored: string): boolean {
  const params = parseHash(stored)?.params;
  return (
    !params ||
    params.N !== DEFAULT_SCRYPT_PARAMS.N ||
    params.r !== DEFAULT_SCRYPT_PARAMS.r ||
    params.p !== DEFAULT_SCRYPT_PARAMS.p
  );
}

const dummyHash = memoisePromise(() => hashPassword(randomBytes(16).toString("base64url")));

/**
 * Spends the same time as checking a real password, for an email with no account: answering
 * an unknown email faster would tell an attacker which emails are registered.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  await verifyPassword(password, await dummyHash());
  return false;
}
