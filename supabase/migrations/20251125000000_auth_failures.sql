-- Failed sign-ins and sign-ups counted per email and per client address where every server process
-- sees them (docs/accounts.md#sign-in-limits, ADR 019): with several processes, a count kept in each
-- process's memory would give an attacker one allowance per process.
--
-- Only the shop's server may read or change the counts: on a hosted project it calls these
-- functions with the service_role key; the API roles (anon, authenticated) may not call them, or
-- anyone holding the public anon key could clear their own count or lock out someone else's email.

create schema if not exists private;
revoke all on schema private from public;

create table if not exists private.auth_failures (
  -- "email:<lower-case email>" or "address:<client address>"
  key text primary key,
  failures integer not null,
  window_ends_at timestamptz not null
);

-- The failures of each key whose window is still open.
create or replace function public.count_auth_failures(failure_keys text[])
  returns table (key text, failures integer)
  language sql stable
  set search_path = ''
  as $$
    select f.key, f.failures from private.auth_failures f
    where f.key = any (failure_keys) and f.window_ends_at > now()
  $$;

-- One more failure for a key, atomically (two processes counting at once both count): a new
-- window of window_seconds when none is open. Returns the failures in the window.
create or replace function public.record_auth_failure(failure_key text, window_seconds integer)
  returns integer
  language plpgsql
  set search_path = ''
  as $$
  declare
    counted integer;
  begin
    insert into private.auth_failures as f (key, failures, window_ends_at)
    values (failure_key, 1, now() + make_interval(secs => window_seconds))
    on conflict (key) do update set
      failures = case when f.window_ends_at <= now() then 1 else f.failures + 1 end,
      window_ends_at = case when f.window_ends_at <= now() then excluded.window_ends_at else f.window_ends_at end
    returning f.failures into counted;
    -- Now and then, sweep closed windows, so the table holds about an hour's keys.
    if random() < 0.01 then
      delete from private.auth_failures where window_ends_at <= now();
    end if;
    return counted;
  end
  $$;

-- Forgets a key's failures (a successful sign-in for that email).
create or replace function public.forget_auth_failures(failure_key text)
  returns void
  language sql
  set search_path = ''
  as $$ delete from private.auth_failures where key = failure_key $$;

revoke all on function public.count_auth_failures(text[]) from public, anon, authenticated;
revoke all on function public.record_auth_failure(text, integer) from public, anon, authenticated;
revoke all on function public.forget_auth_failures(text) from public, anon, authenticated;
revoke all on private.auth_failures from public, anon, authenticated;

grant usage on schema private to service_role;
grant select, insert, update, delete on private.auth_failures to service_role;
grant execute on function public.count_auth_failures(text[]) to service_role;
grant execute on function public.record_auth_failure(text, integer) to service_role;
grant execute on function public.forget_auth_failures(text) to service_role;
