import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import { StartupError } from "~/lib/startup-error.server";

import { ACCOUNTS_SCHEMA } from "./auth-schema.server";
import type { SqlClient, SqlQueries } from "./sql-client.server";

/** The database brought up to date from the Supabase CLI's `supabase/` folder, on both drivers (ADR 001, ADR 016). */

/** What Supabase provides before any migration, so they run unchanged here; idempotent, as it runs at every start. */
const SUPABASE_PRELUDE = /* sql */ `
do $$
declare
  role_name text;
begin
  foreach role_name in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = role_name) then
      execute format('create role %I nologin noinherit', role_name);
    end if;
  end loop;
  -- Asked once, since only a superuser may grant it: later starts may run as the owner (ADR 016).
  if not (select rolbypassrls from pg_roles where rolname = 'service_role') then
    alter role service_role bypassrls;
  end if;
  -- Reads run as anon (SET ROLE), which the server's own role must be a member of.
  if not pg_has_role(current_user, 'anon', 'member') then
    execute format('grant anon to %I', current_user);
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- The signed-in user's id, as Supabase's auth.uid(): null when nobody is signed in.
create or replace function auth.uid() returns uuid
  language sql stable
  as $$ select nullif(current_setting('request.jwt.claim.sub', true), '')::uuid $$;

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text not null,
  applied_at timestamptz not null default now()
);
`;

/** `20250101000000_products.sql` -> version "20250101000000", name "products" (the CLI's scheme). */
function migrationVersion(fileName: string): { version: string; name: string } {
  const stem = fileName.replace(/\.sql$/, "");
  const underscore = stem.indexOf("_");
  return underscore === -1
    ? { version: stem, name: "" }
    : { version: stem.slice(0, underscore), name: stem.slice(underscore + 1) };
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

async function migrationFiles(migrationsDir: string): Promise<string[]> {
  try {
    const names = await readdir(migrationsDir);
    // Byte order, as the Supabase CLI applies them: the timestamp prefix decides.
    return names.filter((n) => n.endsWith(".sql")).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

async function applyMigrations(tx: SqlQueries, migrationsDir: string): Promise<string[]> {
  const applied = new Set(
    (await tx.query<{ version: string }>("select version from supabase_migrations.schema_migrations")).rows.map(
      (r) => r.version,
    ),
  );
  const appliedNow: string[] = [];
  for (const file of await migrationFiles(migrationsDir)) {
    const { version, name } = migrationVersion(file);
    if (applied.has(version)) continue;
    const sql = await readFile(path.join(migrationsDir, file), "utf8");
    try {
      await tx.exec(sql);
      await tx.query("insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)", [
        version,
        name,
      ]);
    } catch (error) {
      throw new StartupError(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    appliedNow.push(file);
  }
  return appliedNow;
}

async function seedIfEmpty(tx: SqlQueries, seedFile: string): Promise<boolean> {
  const { rows } = await tx.query<{ empty: boolean }>(
    "select to_regclass('public.products') is not null and not exists (select 1 from public.products) as empty",
  );
  if (!rows[0]?.empty) return false;
  const sql = await readOptional(seedFile);
  if (sql == null) return false;
  try {
    await tx.exec(sql);
  } catch (error) {
    throw new Error(`Seeding from ${seedFile} failed: ${(error as Error).message}`, { cause: error });
  }
  return true;
}

export interface PrepareOptions {
  /** The Supabase CLI folder holding migrations/*.sql and seed.sql. */
  supabaseDir: string;
  /** Run seed.sql when the catalogue is empty. */
  seed: boolean;
}

export interface Prepared {
  /** Migration files applied now, in order (empty when the database was current). */
  appliedMigrations: string[];
  seeded: boolean;
}

/** The prelude, the accounts schema, new migrations and the seed, all or none, under an advisory lock (ADR 016). */
export async function prepareDatabase(client: SqlClient, options: PrepareOptions): Promise<Prepared> {
  const prepared = await client.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('makervolt: prepare the database'))");
    await tx.exec(SUPABASE_PRELUDE);
    await tx.exec(ACCOUNTS_SCHEMA);
    const appliedMigrations = await applyMigrations(tx, path.join(options.supabaseDir, "migrations"));
    const seeded = options.seed ? await seedIfEmpty(tx, path.join(options.supabaseDir, "seed.sql")) : false;
    return { appliedMigrations, seeded };
  });
  // PGlite runs no autovacuum, and a server's would come later (ADR 004): statistics and index-only counts.
  if (prepared.appliedMigrations.length > 0 || prepared.seeded) await client.exec("vacuum analyze");
  return prepared;
}

/** What preparing changed, for the start-up log line: ": applied x.sql, seeded from ..." or ", up to date". */
export function describePrepared({ appliedMigrations, seeded }: Prepared): string {
  const changes = [
    ...appliedMigrations.map((file) => `applied ${file}`),
    ...(seeded ? ["seeded from supabase/seed.sql"] : []),
  ];
  return changes.length ? `: ${changes.join(", ")}` : ", up to date";
}
