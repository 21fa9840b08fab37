/**
 * Our stand-in, on the embedded database and on a PostgreSQL server, for what Supabase Auth
 * (GoTrue) owns on a hosted project: `auth.users` and the server-side sessions. It is not a migration in `supabase/migrations`, because the
 * `auth` schema belongs to Supabase there and a migration touching it would fail or clash on
 * `supabase db push`. Applied after the Supabase prelude at every start, so it is idempotent.
 *
 * Sessions store the SHA-256 of the token, never the token: a copy of the database does not
 * let anyone sign in as a shopper.
 */
export const ACCOUNTS_SCHEMA = /* sql */ `
create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  encrypted_password text not null,
  email_confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One account per email, whatever its case: also what settles two racing sign-ups.
create unique index if not exists users_email_lower_key on auth.users (lower(email));

create table if not exists auth.sessions (
  id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- Only the server (as the owner) reads these; the API roles never do.
revoke all on auth.users, auth.sessions from anon, authenticated;
`;
