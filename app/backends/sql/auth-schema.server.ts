/**
 * Our stand-in, on the embedded database and on a PostgreSQL server, for what Supabase Auth
 * (GoTrue) owns on a hosted project: `auth.users` and the server-side sessions. It is not a migration in `supabase/migrations`, because the
 * `auth` schema belongs to Supabase there and a migration touching it would fail or clash on
 * `supabase db push`. Applied after the Supabase prelude at every start, so it is idempotent.
 *
 * Sessions and the links in mails store the SHA-256 of their token, never the token: a copy of the
 * database does not let anyone sign in as a shopper. Accounts made before confirmation existed have
 * email_confirmed_at set and stay confirmed.
 *
 * The mail outbox (ADR 035) is filled in the same transaction as the account or link a mail
 * belongs to, and emptied by the mail worker (mail-worker.server.ts): a row is deleted once sent, so
 * a link's token is at rest only until its mail has gone.
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

-- Confirmation ("signup") and password reset ("recovery") links: single use (the row is deleted
-- when followed), with their own expiry.
create table if not exists auth.email_links (
  id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  type text not null check (type in ('signup', 'recovery')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists email_links_user_id_idx on auth.email_links (user_id);

create table if not exists auth.mail_outbox (
  id bigint generated always as identity primary key,
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now(),
  -- When a worker may (next) try it; a worker that claims it moves this on by its lease first.
  next_attempt_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text
);
create index if not exists mail_outbox_next_attempt_idx on auth.mail_outbox (next_attempt_at);

-- Only the server (as the owner) reads these; the API roles never do.
revoke all on auth.users, auth.sessions, auth.email_links, auth.mail_outbox from anon, authenticated;
`;
