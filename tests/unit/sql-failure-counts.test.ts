import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SqlFailureCounts } from "~/backends/sql/failure-counts.server";
import type { SqlClient } from "~/backends/sql/sql-client.server";

import { openTestDatabase, SQL_DRIVERS, stopTestPostgres } from "../support/sql-databases";

/**
 * Failed sign-ins counted in the database (supabase/migrations, ADR 019) on both drivers: what two
 * processes on one PostgreSQL server share.
 */

afterAll(stopTestPostgres);

describe.each(SQL_DRIVERS)("failure counts on %s", (driver) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let counts: SqlFailureCounts;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(driver, { seed: false }));
    counts = new SqlFailureCounts(db);
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  it("counts each key's failures in its window, and forgets a key", async () => {
    for (let i = 0; i < 3; i++) await counts.record("email:a@example.com", 60_000);
    await counts.record("address:192.0.2.1", 3_600_000);
    expect(await counts.count(["email:a@example.com", "address:192.0.2.1", "email:b@example.com"])).toEqual(
      new Map([
        ["email:a@example.com", 3],
        ["address:192.0.2.1", 1],
      ]),
    );
    await counts.forget("email:a@example.com");
    expect(await counts.count(["email:a@example.com"])).toEqual(new Map());
  });

  it("loses no failure when many are recorded at once (atomic)", async () => {
    // With a pool these run on several connections at once, as two processes would.
    await Promise.all(Array.from({ length: 20 }, () => counts.record("email:race@example.com", 60_000)));
    expect((await counts.count(["email:race@example.com"])).get("email:race@example.com")).toBe(20);
  });

  it("starts a new window once the old one has closed", async () => {
    await counts.record("email:old@example.com", 60_000);
    await db.query("update private.auth_failures set window_ends_at = now() - interval '1 second' where key = $1", [
      "email:old@example.com",
    ]);
    expect(await counts.count(["email:old@example.com"])).toEqual(new Map());
    await counts.record("email:old@example.com", 60_000);
    expect((await counts.count(["email:old@example.com"])).get("email:old@example.com")).toBe(1);
  });

  it("lets neither API role read, call or change them", async () => {
    for (const role of ["anon", "authenticated"]) {
      const attempt = (sql: string) =>
        db.transaction(async (tx) => {
          await tx.exec(`set local role ${role}`);
          return tx.query(sql);
        });
      await expect(attempt("select public.forget_auth_failures('email:a@example.com')")).rejects.toThrow(
        /permission denied/,
      );
      await expect(attempt("select * from public.count_auth_failures(array['x'])")).rejects.toThrow(
        /permission denied/,
      );
      await expect(attempt("select * from private.auth_failures")).rejects.toThrow(/permission denied/);
    }
  });
});
