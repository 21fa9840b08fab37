import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SqlSignInLimitStore } from "~/backends/sql/sign-in-limit-store.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";
import type { Bucket } from "~/backends/types.server";

import { openTestDatabase, SQL_DRIVERS, stopTestPostgres } from "../support/sql-databases";

/**
 * The sign-in limits' store in the database (supabase/migrations, ADR 023) on both
 * drivers: what every process on one PostgreSQL server shares.
 */

afterAll(stopTestPostgres);

const bucket = (key: string, capacity = 5, refillMs = 60_000): Bucket => ({ key, capacity, refillMs });

describe.each(SQL_DRIVERS)("the sign-in limit store on %s", (driver) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let buckets: SqlSignInLimitStore;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(driver, { seed: false }));
    buckets = new SqlSignInLimitStore(db);
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  /** Moves a bucket's last change `seconds` into the past, as if that much time had gone by. */
  const age = (key: string, seconds: number) =>
    db.query(
      "update private.auth_buckets set updated_at = updated_at - make_interval(secs => $2), full_at = full_at - make_interval(secs => $2) where key = $1",
      [key, seconds],
    );

  it("admits a bucket's capacity, then says how long until the next token", async () => {
    const pair = bucket("email-from:a@example.com 192.0.2.1");
    for (let i = 0; i < 5; i++) expect(await buckets.take([pair])).toBe(0);
    const wait = await buckets.take([pair]);
    expect(wait).toBeGreaterThan(59_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    await age(pair.key, 60);
    expect(await buckets.take([pair])).toBe(0);
    expect(await buckets.take([pair])).toBeGreaterThan(59_000);
  });

  it("takes from every bucket or from none", async () => {
    const small = bucket("email-from:b@example.com 192.0.2.1", 1);
    const large = bucket("address:192.0.2.9", 3);
    expect(await buckets.take([small, large])).toBe(0);
    expect(await buckets.take([small, large])).toBeGreaterThan(0);
    expect(await buckets.take([large])).toBe(0);
    expect(await buckets.take([large])).toBe(0);
    expect(await buckets.take([large])).toBeGreaterThan(0);
  });

  it("admits exactly a bucket's capacity of attempts sent at once (over several connections on a server)", async () => {
    const shared = bucket("address:192.0.2.77", 5);
    const pairs = Array.from({ length: 20 }, (_, i) => bucket(`email-from:race${i % 3}@example.com 192.0.2.77`, 50));
    // Overlapping sets of keys, in different orders: rows are locked in key order, so none deadlocks.
    const waits = await Promise.all(pairs.map((pair, i) => buckets.take(i % 2 ? [shared, pair] : [pair, shared])));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it("gives tokens back (never above the capacity), also while others take, and refills buckets whole", async () => {
    const pair = bucket("email-from:c@example.com 192.0.2.1", 2);
    await buckets.take([pair]);
    await buckets.take([pair]);
    await Promise.all([
      buckets.giveBack([pair]),
      buckets.take([bucket("address:192.0.2.1")]),
      buckets.giveBack([pair]),
    ]);
    expect(await buckets.take([pair])).toBe(0);
    expect(await buckets.take([pair])).toBe(0);
    expect(await buckets.take([pair])).toBeGreaterThan(0);
    await buckets.refill([pair.key]);
    const { rows } = await db.query("select 1 from private.auth_buckets where key = $1", [pair.key]);
    expect(rows).toHaveLength(0);
    expect(await buckets.take([pair])).toBe(0);
  });

  it("lets neither API role read, call or change them", async () => {
    for (const role of ["anon", "authenticated"]) {
      const attempt = (sql: string) =>
        db.transaction(async (tx) => {
          await tx.exec(`set local role ${role}`);
          return tx.query(sql);
        });
      await expect(attempt("select public.refill_auth_buckets(array['email:a@example.com'])")).rejects.toThrow(
        /permission denied/,
      );
      await expect(
        attempt("select public.take_auth_tokens(array['x'], array[5]::float8[], array[60]::float8[])"),
      ).rejects.toThrow(/permission denied/);
      await expect(
        attempt("select public.give_auth_tokens(array['x'], array[5]::float8[], array[60]::float8[])"),
      ).rejects.toThrow(/permission denied/);
      await expect(attempt("select * from private.auth_buckets")).rejects.toThrow(/permission denied/);
    }
  });

  it("refuses arrays that do not line up", async () => {
    await expect(
      db.query("select public.take_auth_tokens(array['x', 'y'], array[5]::float8[], array[60]::float8[])"),
    ).rejects.toThrow(/2 keys, 1 capacities/);
  });
});
