import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";

import pLimit from "p-limit";

import { memoisePromise } from "~/lib/memoise-promise.server";
import { appCounter, appGauge } from "~/lib/metrics.server";

/**
 * The SQL backend's password hashes: scrypt, stored as `scrypt$N$r$p$salt$hash` so that the parameters can change
 * (ADR 030; why these: ADR 037). Older hashes still verify, and a sign-in rewrites them (needsRehash).
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 14, r: 8, p: 5 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** A stored hash needing more (128 * N * r bytes) is not one we wrote, even the oldest: refused, not computed. */
const MAX_SCRYPT_BYTES = 128 * 1024 * 1024;

/** Hashes that may wait behind the one running, about a second's worth; one more is refused at once (ADR 024). */
export const MAX_WAITING_HASHES = 2 * availableParallelism();

/** The longest a new hash may expect to wait for its turn, by the recent hashes' times (ADR 033). */
export const MAX_EXPECTED_HASH_WAIT_MS = 1_000;

/** Below this many running and waiting, none is refused for its expected wait: two sign-ins at once are checked. */
export const HASHES_ALWAYS_ADMITTED = 2;

/** How many of the last hashes' times make the recent mean. */
const RECENT_HASHES = 8;

/** Thrown instead of queueing a hash when the queue is full or too slow: the shop is busy, try again shortly. */
export class PasswordHashesBusy extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "PasswordHashesBusy";
  }
}

export interface HashQueueOptions {
  maxWaiting: number;
  maxExpectedWaitMs: number;
  /** For tests: the clock hash times are read from (ms). */
  now?: () => number;
}

/** One hash at a time, so a burst of sign-ins does not multiply their memory (docs/budgets.md#memory). */
export class HashQueue {
  private readonly limit = pLimit(1);
  private readonly recentMs: number[] = [];
  private readonly now: () => number;

  constructor(private readonly options: HashQueueOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  get running(): number {
    return this.limit.activeCount;
  }

  get waiting(): number {
    return this.limit.pendingCount;
  }

  /** The recent mean time of one hash (ms); NaN before the first has finished. */
  get meanHashMs(): number {
    return this.recentMs.reduce((sum, ms) => sum + ms, 0) / this.recentMs.length;
  }

  /** Runs `hash` in its turn, or rejects at once with PasswordHashesBusy. */
  run<T>(hash: () => Promise<T>): Promise<T> {
    const ahead = this.running + this.waiting;
    if (this.waiting >= this.options.maxWaiting) {
      return Promise.reject(new PasswordHashesBusy(`${this.waiting} password hashes are already waiting`));
    }
    const expectedWaitMs = ahead * this.meanHashMs;
    if (ahead >= HASHES_ALWAYS_ADMITTED && expectedWaitMs > this.options.maxExpectedWaitMs) {
      return Promise.reject(
        new PasswordHashesBusy(`a password hash would wait about ${Math.round(expectedWaitMs)} ms for its turn`),
      );
    }
    return this.limit(async () => {
      const started = this.now();
      try {
        return await hash();
      } finally {
        this.recentMs.push(this.now() - started);
        if (this.recentMs.length > RECENT_HASHES) this.recentMs.shift();
      }
    });
  }
}

const hashes = new HashQueue({ maxWaiting: MAX_WAITING_HASHES, maxExpectedWaitMs: MAX_EXPECTED_HASH_WAIT_MS });

appGauge({
  name: "makervolt_password_hashes",
  help: "Password hashes (sign-in, sign-up) running and waiting to run; one more than MAX_WAITING_HASHES waiting is refused.",
  labelNames: ["state"],
  collect() {
    this.set({ state: "running" }, hashes.running);
    this.set({ state: "waiting" }, hashes.waiting);
  },
});

const hashRefusals = appCounter({
  name: "makervolt_password_hash_refusals_total",
  help: "Sign-ins and sign-ups refused at once (503) because the queue of password hashes was full or would wait over a second.",
});

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  const key = hashes.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, KEY_BYTES, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
  key.catch((error: unknown) => {
    if (error instanceof PasswordHashesBusy) hashRefusals.inc();
  });
  return key;
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

/** As long as a real check, for an email without an account: a faster answer would tell which have one. */
export async function verifyDummyPassword(password: string): Promise<false> {
  await verifyPassword(password, await dummyHash());
  return false;
}
