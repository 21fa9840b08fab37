/**
 * The SQL backend's stand-in for what Supabase Auth owns on a hosted project, applied at every start: never a
 * migration, since Supabase owns `auth` there (ADR 030). Tokens are kept as their SHA-256, so a copy of the database
 * signs nobody in; the outbox is ADR 035's.
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
