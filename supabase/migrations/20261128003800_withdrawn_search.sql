-- Withdrawn products and search (docs/catalogue.md#withdrawing-a-product, ADR 036): the search's own
-- reads of the products, as their owner, with `not withdrawn` written in.
--
-- 20261128003700_withdrawn_products.sql hides withdrawn products with a read policy. A policy with
-- a condition makes every other condition of the same query wait for it unless its operator is
-- leakproof, and LIKE is not: as anon the trigram indexes went unused, and each word of a search
-- read every row (at 10,000 products, 217 ms instead of 20 for one word, EXPLAIN ANALYZE on PGlite).
-- The conditions are the ones search_word builds, every value quoted as before; only products on
-- sale are read, as the policy would have it.

create or replace function public.search_match(term text, words text[], most boolean) returns jsonb
  language plpgsql stable parallel safe security definer
  set search_path = ''
as $$
declare
  looked jsonb[] := array(select w from unnest(words) as typed, public.search_word(typed) as w where w is not null);
  literal text := format('search_text like %L escape %L',
    '%' || regexp_replace(lower(term), '([\\%_])', '\\\1', 'g') || '%', '\');
  all_words text;
  joined_words text;
  ids jsonb;
  held integer;
  held_counting integer;
  counting integer := (select count(*) from unnest(looked) as w where (w ->> 'counts')::boolean);
begin
  if not most then
    all_words := (select string_agg('(' || (w ->> 'condition') || ')', ' and ') from unnest(looked) as w);
    if cardinality(looked) > 1 and not exists (select 1 from unnest(looked) as w where w ->> 'joined' is null) then
      joined_words := format('search_terms like %L',
        '% ' || public.search_singular((select string_agg(w ->> 'joined', '') from unnest(looked) as w)) || '%');
    end if;
    -- A union rather than `or`: each part is one trigram index's to answer, where an `or` of
    -- two columns' conditions makes the planner read every row.
    execute format('select jsonb_agg(id order by id) from (%s) as found',
      (select string_agg(format('select id from public.products where not withdrawn and %s', part), ' union ')
       from unnest(array[literal, all_words, joined_words]) as part where part is not null)) into ids;
    return case when ids is null then null
      else jsonb_build_object('ids', ids, 'held', cardinality(looked), 'counted', cardinality(looked)) end;
  end if;
  if cardinality(looked) < 2 or counting = 0 then
    return null;
  end if;
  execute format(
    'with candidates as (%s),
       hits as (select id, %s as held, %s as held_counting from public.products join candidates using (id)),
       best as (select id, held, held_counting from hits
         where (held_counting, held) = (select held_counting, held from hits order by 1 desc, 2 desc limit 1))
     select jsonb_agg(id order by id), max(held), min(held_counting) from best',
    (select string_agg(format('select id from public.products where not withdrawn and %s', w ->> 'condition'), ' union ')
     from unnest(looked) as w),
    (select string_agg('(' || (w ->> 'condition') || ')::integer', ' + ') from unnest(looked) as w),
    coalesce((select string_agg('(' || (w ->> 'condition') || ')::integer', ' + ')
      from unnest(looked) as w where (w ->> 'counts')::boolean), '0')) into ids, held, held_counting;
  if ids is null or held_counting * 2 < counting then
    return null;
  end if;
  return jsonb_build_object('ids', ids, 'held', held, 'counted', cardinality(looked));
end
$$;

create or replace function public.search_corrected(words text[]) returns text[]
  language plpgsql stable parallel safe security definer
  set search_path = ''
as $$
declare
  corrected text[] := words;
  looked jsonb;
  finds_nothing boolean;
  nearest text;
begin
  for i in 1..coalesce(cardinality(words), 0) loop
    looked := public.search_word(words[i]);
    if (looked ->> 'correctable')::boolean then
      execute format('select not exists (select 1 from public.products where not withdrawn and %s)', looked ->> 'condition')
        into finds_nothing;
      if finds_nothing then
        nearest := public.search_nearest_word(looked ->> 'joined', (looked ->> 'max_edits')::integer);
        corrected[i] := coalesce(nearest, words[i]);
      end if;
    end if;
  end loop;
  return corrected;
end
$$;
