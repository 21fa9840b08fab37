-- Sign-in and sign-up attempts admitted through token buckets, taken before any password is checked
-- (docs/accounts.md#sign-in-limits, ADR 023). They replace the failure counts of
-- 20251125000000_auth_failures.sql, whose check and count were two statements: attempts sent in
-- parallel all passed the check before any was counted.
--
-- A bucket holds up to `capacity` tokens and regains one every `refill_seconds`; an attempt takes a
-- token from each of its buckets (per email and address, per address, per email, sessions per
-- address), all or none, in one statement. A bucket with no row is full.
--
-- As before, only the shop's server may read or change them: on a hosted project it calls these
-- functions with the service_role key; the API roles (anon, authenticated) may not call them, or
-- anyone holding the public anon key could refill their own buckets or empty someone else's.

drop function if exists public.count_auth_failures(text[]);
drop function if exists public.record_auth_failure(text, integer);
drop function if exists public.forget_auth_failures(text);
drop table if exists private.auth_failures;

create table if not exists private.auth_buckets (
  -- "email-from:<email> <address block>", "email:<email>", "address:<block>", "sessions:<block>"
  key text primary key,
  -- Tokens left at updated_at (fractions count: a token comes back a little at a time).
  tokens double precision not null,
  updated_at timestamptz not null,
  -- When the bucket is full again, and so the same as no row: the sweep removes rows past it.
  full_at timestamptz not null
);

-- A bucket's tokens at `at`: what it held at updated_at plus what came back since, at most capacity.
create or replace function private.bucket_level(
  tokens double precision,
  updated_at timestamptz,
  capacity double precision,
  refill_seconds double precision,
  at timestamptz
)
  returns double precision
  language sql immutable
  set search_path = ''
  as $$ select least(capacity, tokens + greatest(0, extract(epoch from at - updated_at)) / refill_seconds) $$;

-- Takes one token from every bucket named, or none: returns 0 when taken, otherwise the seconds
-- until each bucket will have a token again (nothing is taken then). The three arrays are read in
-- step: bucket_keys[i] holds up to capacities[i] tokens and regains one every refill_seconds[i].
create or replace function public.take_auth_tokens(
  bucket_keys text[],
  capacities double precision[],
  refill_seconds double precision[]
)
  returns double precision
  language plpgsql
  set search_path = ''
  as $$
  declare
    at timestamptz;
    wait double precision;
  begin
    if cardinality(bucket_keys) <> cardinality(capacities) or cardinality(bucket_keys) <> cardinality(refill_seconds) then
      raise exception 'take_auth_tokens: % keys, % capacities, % refill times', cardinality(bucket_keys),
        cardinality(capacities), cardinality(refill_seconds);
    end if;
    -- A row for every bucket (a new one is full), then every row locked in key order: processes
    -- taking overlapping buckets at once queue behind each other instead of deadlocking, and the
    -- second sees what the first took.
    insert into private.auth_buckets as a (key, tokens, updated_at, full_at)
      select b.key, b.capacity, now(), now()
      from unnest(bucket_keys, capacities) as b (key, capacity)
      order by b.key
      on conflict (key) do nothing;
    perform 1 from private.auth_buckets a where a.key = any (bucket_keys) order by a.key for update;
    -- After the locks: now() is when the transaction began, perhaps before another took a token.
    at := clock_timestamp();

    select coalesce(max(greatest(0, 1 - private.bucket_level(a.tokens, a.updated_at, b.capacity, b.refill, at)) * b.refill), 0)
      into wait
      from unnest(bucket_keys, capacities, refill_seconds) as b (key, capacity, refill)
      join private.auth_buckets a on a.key = b.key;
    if wait > 0 then
      return wait;
    end if;

    update private.auth_buckets a set
      tokens = l.level - 1,
      updated_at = at,
      full_at = at + make_interval(secs => (l.capacity - l.level + 1) * l.refill)
    from (
      select b.key, b.capacity, b.refill, private.bucket_level(a2.tokens, a2.updated_at, b.capacity, b.refill, at) as level
      from unnest(bucket_keys, capacities, refill_seconds) as b (key, capacity, refill)
      join private.auth_buckets a2 on a2.key = b.key
    ) l
    where a.key = l.key;

    -- Now and then, sweep buckets that are full again, so the table holds about an hour's keys.
    if random() < 0.01 then
      delete from private.auth_buckets where full_at <= at;
    end if;
    return 0;
  end
  $$;

-- Gives one token back to every bucket named that has a row (never above its capacity): an attempt
-- that turned out not to count (the service was down, or it was not a failure for this bucket).
create or replace function public.give_auth_tokens(
  bucket_keys text[],
  capacities double precision[],
  refill_seconds double precision[]
)
  returns void
  language plpgsql
  set search_path = ''
  as $$
  declare
    at timestamptz;
  begin
    -- Locked in key order, as take_auth_tokens locks them, so the two never wait on each other in a circle.
    perform 1 from private.auth_buckets a where a.key = any (bucket_keys) order by a.key for update;
    at := clock_timestamp();
    update private.auth_buckets a set
      tokens = l.level,
      updated_at = at,
      full_at = at + make_interval(secs => (l.capacity - l.level) * l.refill)
    from (
      select b.key, b.capacity, b.refill,
        least(b.capacity, private.bucket_level(a2.tokens, a2.updated_at, b.capacity, b.refill, at) + 1) as level
      from unnest(bucket_keys, capacities, refill_seconds) as b (key, capacity, refill)
      join private.auth_buckets a2 on a2.key = b.key
    ) l
    where a.key = l.key;
  end
  $$;

-- Fills the buckets named again (a successful sign-in forgets that address's failures for that email).
create or replace function public.refill_auth_buckets(bucket_keys text[])
  returns void
  language sql
  set search_path = ''
  as $$ delete from private.auth_buckets where key = any (bucket_keys) $$;

revoke all on function private.bucket_level(double precision, timestamptz, double precision, double precision, timestamptz)
  from public, anon, authenticated;
revoke all on function public.take_auth_tokens(text[], double precision[], double precision[]) from public, anon, authenticated;
revoke all on function public.give_auth_tokens(text[], double precision[], double precision[]) from public, anon, authenticated;
revoke all on function public.refill_auth_buckets(text[]) from public, anon, authenticated;
revoke all on private.auth_buckets from public, anon, authenticated;

grant select, insert, update, delete on private.auth_buckets to service_role;
grant execute on function private.bucket_level(double precision, timestamptz, double precision, double precision, timestamptz)
  to service_role;
grant execute on function public.take_auth_tokens(text[], double precision[], double precision[]) to service_role;
grant execute on function public.give_auth_tokens(text[], double precision[], double precision[]) to service_role;
grant execute on function public.refill_auth_buckets(text[]) to service_role;
