-- Search that finds what shoppers mean (docs/catalogue.md#search, ADR 034). The specification's
-- match (a case-insensitive substring of name or description, every character literal) keeps its
-- meaning; beyond it a term's words match in any order, across joiners ("HC-SR04" = "hc sr04" =
-- "hcsr04"), singular with plural, and, only when nothing else matches, a misspelt word is
-- replaced by the nearest word of the catalogue. All of it lives here, in the database, so the
-- embedded database, a PostgreSQL server and a hosted project (through supabase-js) give the same
-- answers from one definition.
--
-- fuzzystrmatch's levenshtein_less_equal narrows the vocabulary down for a typo before the exact
-- distance below; PGlite, Debian's PostgreSQL and Supabase all ship it.
create extension if not exists fuzzystrmatch with schema extensions;

-- A word in its singular form, by English plural rules, written for matching rather than for
-- grammar: a product's words and a shopper's go through the same rules, so "servos", "batteries"
-- and "switches" meet "servo", "battery" and "switch". Words with a digit (part numbers), short
-- words and words ending in -ss, -us or -is are left alone.
create function public.search_singular(word text) returns text
  language sql immutable strict parallel safe
  set search_path = ''
  return case
    when word !~ '^[a-z]+$' or length(word) <= 3 then word
    when word ~ '[^aeiou]ies$' then left(word, -3) || 'y'
    when word ~ '(ss|sh|ch|x|zz)es$' then left(word, -2)
    when word ~ '(ss|us|is)$' then word
    when word ~ 's$' then left(word, -1)
    else word
  end;

-- A product's text as the words a search looks for: every word of the (lowercased) name and
-- description in singular form, and every two or three words joined by single joiners (`-`, `_`,
-- `.`, `/` or a space) also as one word (three only around a number or a short word), so "HC-SR04"
-- is found as "hcsr04", "e-paper" as "epaper", "heat sink" as "heatsink" and "3.3 V" as "33v". A
-- separator is any ASCII character other than a letter or digit; other characters (µ, Ω, °) stay in
-- their word. Each word has a space before and after it, so
-- `like '% word%'` finds the words that begin with `word` and `like '% word %'` the word itself.
create function public.search_terms(name text, description text) returns text
  language sql immutable parallel safe
  set search_path = ''
  return (
    with parts as (
      select m[1] as word, m[2] in ('-', '_', '.', '/', ' ') as joins_next, n
      from regexp_matches(lower(name || E'\n' || coalesce(description, '')),
        '([^\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+)([\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]*)', 'g')
        with ordinality as found(m, n)
    ), neighbours as (
      select word, joins_next, n,
        lead(word) over (order by n) as next_word,
        lead(joins_next) over (order by n) as next_joins_next,
        lead(word, 2) over (order by n) as word_after_next
      from parts
    )
    select ' ' || string_agg(concat_ws(' ',
        public.search_singular(word),
        case when joins_next then public.search_singular(word || next_word) end,
        -- Three only around a number or a letter or two ("3.3 V", "ESP32-S3-N8"): three long words
        -- joined are not something anyone types, and would make every row longer to read.
        case when joins_next and next_joins_next
          and ((word || next_word || word_after_next) ~ '[0-9]'
            or least(length(word), length(next_word), length(word_after_next)) <= 2)
          then public.search_singular(word || next_word || word_after_next) end),
      ' ' order by n) || ' '
    from neighbours
  );

-- The catalogue's own words, for correcting typos: each word of letters only, at least four (the
-- shortest a correction can reach), in singular form. search_vocabulary keeps them with the number
-- of products holding each, through the triggers below, so an import, `db:scale` or any other
-- write keeps it right.
create function public.search_words(name text, description text) returns text[]
  language sql immutable parallel safe
  set search_path = ''
  return array(
    select distinct public.search_singular(word)
    from regexp_split_to_table(lower(name || E'\n' || coalesce(description, '')),
      '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+') as word
    where word ~ '^[a-z]{4,}$');

alter table public.products
  add column search_terms text generated always as (public.search_terms(name, description)) stored;

comment on column public.products.search_terms is
  'The words of name and description in singular form, and neighbours joined across a joiner, each between spaces: what a search''s words match.';

-- fastupdate off, as for search_text: PGlite runs no autovacuum to merge GIN's pending list.
create index products_search_terms_trgm_idx on public.products
  using gin (search_terms extensions.gin_trgm_ops) with (fastupdate = off);

create table public.search_vocabulary (
  word text primary key,
  -- Above zero: a word no product holds any more is deleted.
  products integer not null
);

comment on table public.search_vocabulary is
  'Every word of the catalogue a typo may be corrected to, with the number of products holding it.';

alter table public.search_vocabulary enable row level security;

create policy "The search vocabulary is readable by everyone"
  on public.search_vocabulary for select
  to anon, authenticated
  using (true);

revoke all on table public.search_vocabulary from anon, authenticated;
grant select on table public.search_vocabulary to anon, authenticated;

-- Statement triggers with transition tables: an import of thousands of products updates the
-- vocabulary once, not once a row.
create function public.search_vocabulary_add() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  insert into public.search_vocabulary as v (word, products)
  select word, count(*) from new_products, unnest(public.search_words(name, description)) as word group by word
  on conflict (word) do update set products = v.products + excluded.products;
  return null;
end
$$;

create function public.search_vocabulary_remove() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  with gone as (
    select word, count(*) as n from old_products, unnest(public.search_words(name, description)) as word group by word
  )
  update public.search_vocabulary v set products = v.products - gone.n from gone where v.word = gone.word;
  delete from public.search_vocabulary where products <= 0;
  return null;
end
$$;

create trigger search_vocabulary_after_insert after insert on public.products
  referencing new table as new_products
  for each statement execute function public.search_vocabulary_add();

create trigger search_vocabulary_after_delete after delete on public.products
  referencing old table as old_products
  for each statement execute function public.search_vocabulary_remove();

-- An update takes the old words away and adds the new, through the same two functions (each reads
-- one transition table by its own name). Triggers fire in name order: removal first.
create trigger search_vocabulary_after_update_1 after update on public.products
  referencing old table as old_products
  for each statement execute function public.search_vocabulary_remove();

create trigger search_vocabulary_after_update_2 after update on public.products
  referencing new table as new_products
  for each statement execute function public.search_vocabulary_add();

insert into public.search_vocabulary (word, products)
select word, count(*) from public.products, unnest(public.search_words(name, description)) as word group by word;

-- The optimal string alignment distance: the edits (insert, delete, replace, or swap two
-- neighbouring letters) that turn one word into the other, so "ardiuno" is one edit from
-- "arduino" where Levenshtein counts two. Only run on the few words levenshtein_less_equal lets through.
create function public.search_distance(a text, b text) returns integer
  language plpgsql immutable strict parallel safe
  set search_path = ''
as $$
declare
  la integer := length(a);
  lb integer := length(b);
  before_previous integer[];
  previous integer[];
  row_now integer[];
begin
  if la = 0 or lb = 0 then
    return greatest(la, lb);
  end if;
  -- previous[j + 1] is the distance from a's first i - 1 letters to b's first j.
  previous := array(select generate_series(0, lb));
  for i in 1..la loop
    row_now := array[i] || array_fill(0, array[lb]);
    for j in 1..lb loop
      row_now[j + 1] := least(previous[j + 1] + 1, row_now[j] + 1,
        previous[j] + case when substr(a, i, 1) = substr(b, j, 1) then 0 else 1 end);
      if i > 1 and j > 1 and substr(a, i, 1) = substr(b, j - 1, 1) and substr(a, i - 1, 1) = substr(b, j, 1) then
        row_now[j + 1] := least(row_now[j + 1], before_previous[j - 1] + 1);
      end if;
    end loop;
    before_previous := previous;
    previous := row_now;
  end loop;
  return previous[lb + 1];
end
$$;

-- Common English words that neither have to be found nor count towards "half of the words".
create function public.search_is_stop_word(word text) returns boolean
  language sql immutable strict parallel safe
  set search_path = ''
  return word = any (array[
    'a', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'but', 'by', 'can', 'do', 'for', 'from', 'has',
    'have', 'i', 'if', 'in', 'into', 'is', 'it', 'its', 'my', 'no', 'not', 'of', 'on', 'or', 'our',
    'so', 'such', 'than', 'that', 'the', 'their', 'them', 'then', 'there', 'these', 'they', 'this',
    'to', 'too', 'very', 'was', 'we', 'were', 'what', 'which', 'will', 'with', 'you', 'your']);

-- How one word of a term is looked for: a condition on a product row (SQL text, every value
-- quoted), whether it counts towards "half of the words", and the form a typo correction
-- compares. Null for a word that is not looked for on its own: a stop word, or only joiners.
create function public.search_word(word text) returns jsonb
  language plpgsql immutable strict parallel safe
  set search_path = ''
as $$
declare
  joined text := regexp_replace(word, '[-_./]', '', 'g');
  ends_short boolean := length(joined) < 3;
  singular text;
begin
  if joined = '' or public.search_is_stop_word(word) then
    return null;
  end if;
  if joined ~ '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]' then
    -- A symbol that is not a joiner (100%, 3.5", C++): the word is matched as typed.
    return jsonb_build_object(
      'condition', format('search_text like %L escape %L', '%' || regexp_replace(word, '([\\%_])', '\\\1', 'g') || '%', '\'),
      'counts', length(joined) >= 3,
      'correctable', false,
      'joined', null);
  end if;
  singular := public.search_singular(joined);
  return jsonb_build_object(
    -- A word of one or two characters is only found whole ("usb c" is not "usb" and any word
    -- beginning with c); a longer one also begins a word ("sens" finds "sensor"). Typed with a
    -- joiner, it is the joined form that counts: "usb-c" begins a word as "usbc" does.
    'condition', format('search_terms like %L', '% ' || singular || case when ends_short then ' %' else '%' end),
    'counts', length(joined) >= 3,
    -- Numbers and part numbers are never corrected; below five letters a word has too many neighbours.
    'correctable', singular ~ '^[a-z]+$' and length(joined) >= 5,
    'max_edits', case when length(joined) >= 9 then 2 else 1 end,
    'joined', joined);
end
$$;

-- The products a term finds without correcting it, as a jsonb array of ids (lowest first) with how
-- many of its words they hold (`held` of `counted`); null when none. `most` false: the
-- specification's match (the term as a substring), every word in any order, or all the words
-- joined into one (a part number typed with spaces). `most` true: the products holding the most of
-- the words that count (three characters or more), then of all the words, provided that is at least
-- half of the words that count.
create function public.search_match(term text, words text[], most boolean) returns jsonb
  language plpgsql stable parallel safe
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
      (select string_agg(format('select id from public.products where %s', part), ' union ')
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
    (select string_agg(format('select id from public.products where %s', w ->> 'condition'), ' union ')
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

-- The word of the catalogue nearest to `typo`, at most `max_edits` away; null when there is none.
-- Ties go to the word more products hold, then to the first in alphabetical order.
create function public.search_nearest_word(typo text, max_edits integer) returns text
  language sql stable parallel safe
  set search_path = ''
  return (
    select near.word
    from (
      select v.word, v.products, public.search_distance(typo, v.word) as distance
      from public.search_vocabulary v
      where length(v.word) between length(typo) - max_edits and length(typo) + max_edits
        -- A swap of two letters is two edits to Levenshtein: one more than max_edits lets it through.
        and extensions.levenshtein_less_equal(typo, v.word, max_edits + 1) <= max_edits + 1
      offset 0) as near
    where near.distance <= max_edits
    order by near.distance, near.products desc, near.word
    limit 1);

-- Each word of `words` that finds nothing on its own replaced by the nearest word of the catalogue
-- (when it may be corrected and there is one): the words unchanged when none is.
create function public.search_corrected(words text[]) returns text[]
  language plpgsql stable parallel safe
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
      execute format('select not exists (select 1 from public.products where %s)', looked ->> 'condition')
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

-- How a search term is read (docs/catalogue.md#search), as jsonb: `kind` (as-typed, some-words,
-- corrected or nothing), `ids` (every product found, lowest id first), `held` and `counted` (how
-- many of the words looked for the products hold), `term` (the corrected term) and `suggestion`
-- (a corrected term that finds products, offered when `exact` asked for no correction). Only the
-- first 100 characters, and in them the first ten words that are looked for, are used.
--
-- In order: every word as typed; every word after correcting those that find nothing (a shopper
-- who misspelt one word of two wants products with both, not every product with the other); the
-- most of the words as typed; the most of the corrected words.
create function public.search_resolve(term text, exact boolean default false) returns jsonb
  language plpgsql stable parallel safe
  set search_path = ''
as $$
declare
  cut text := btrim(left(coalesce(term, ''), 100));
  typed text[] := array(
    -- Spaces and the invisible characters pasted text brings (no-break and zero-width spaces,
    -- direction marks, byte order marks) all separate words.
    select w from regexp_split_to_table(lower(cut), '[\s\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u2060\u3000\ufeff]+')
      with ordinality as t(w, n)
    where w <> '' and public.search_word(w) is not null order by n limit 10);
  corrected text[];
  corrected_term text;
  found jsonb;
begin
  if cut = '' then
    return jsonb_build_object('kind', 'as-typed', 'ids', '[]'::jsonb, 'held', 0, 'counted', 0);
  end if;
  found := public.search_match(cut, typed, false);
  if found is not null then
    return found || '{"kind": "as-typed"}';
  end if;
  corrected := public.search_corrected(typed);
  corrected_term := case when corrected is distinct from typed then array_to_string(corrected, ' ') end;
  if corrected_term is not null and not exact then
    found := public.search_match(corrected_term, corrected, false);
    if found is not null then
      return found || jsonb_build_object('kind', 'corrected', 'term', corrected_term);
    end if;
  end if;
  found := public.search_match(cut, typed, true);
  if found is not null then
    return found || '{"kind": "some-words"}';
  end if;
  if corrected_term is null then
    return '{"kind": "nothing", "ids": [], "suggestion": null}';
  end if;
  if exact then
    -- Offered only if it finds something.
    found := coalesce(public.search_match(corrected_term, corrected, false), public.search_match(corrected_term, corrected, true));
    return jsonb_build_object('kind', 'nothing', 'ids', '[]'::jsonb,
      'suggestion', case when found is not null then corrected_term end);
  end if;
  found := public.search_match(corrected_term, corrected, true);
  if found is not null then
    return found || jsonb_build_object('kind', 'corrected', 'term', corrected_term);
  end if;
  return '{"kind": "nothing", "ids": [], "suggestion": null}';
end
$$;

-- The products a term finds, as rows: what a hosted project's API filters, sorts and pages
-- (supabase-js `rpc('search_products', ...)` with the catalogue's filters after it). The SQL backend
-- calls search_resolve itself, to share one reading between a page's listing and its counts.
create function public.search_products(term text, exact boolean default false) returns setof public.products
  language sql stable parallel safe
  set search_path = ''
as $$
  select p.* from public.products p
  where p.id in (select jsonb_array_elements_text(public.search_resolve(term, exact) -> 'ids')::bigint)
$$;

-- The numbers beside the filter values (docs/catalogue.md#filters) among the products `ids` (null:
-- every product): per category with the price and stock filters; per price range (`price_ranges`,
-- a jsonb array of [min, max] pairs in dollars, null for no bound) with the category and stock
-- filters. `min_price` and `max_price` null mean no bound, `category` null all categories.
create function public.catalogue_counts(
  ids bigint[],
  category text,
  min_price numeric,
  max_price numeric,
  in_stock boolean,
  price_ranges jsonb
) returns jsonb
  language plpgsql stable parallel safe
  set search_path = ''
as $$
declare
  -- Only the products the search found (by id: as many index lookups), or all of them.
  found text := case when ids is null then 'true' else 'p.id = any($1)' end;
  stock text := case when coalesce(in_stock, false) then 'p.in_stock' else 'true' end;
  per_range text;
  categories jsonb;
  prices jsonb;
begin
  -- One count per range in one pass, each range's bounds written into the statement once: the
  -- (category, price) index answers both statements without reading the table.
  per_range := (
    select string_agg(format('count(*) filter (where %s and %s)',
        case when r ->> 0 is null then 'true' else format('p.price >= %L::numeric', r ->> 0) end,
        case when r ->> 1 is null then 'true' else format('p.price <= %L::numeric', r ->> 1) end), ', ' order by n)
    from jsonb_array_elements(coalesce(price_ranges, '[]'::jsonb)) with ordinality as given(r, n));
  execute format(
    'select coalesce(jsonb_object_agg(category, n), %L) from (
       select p.category, count(*) as n from public.products p
       where %s and %s and ($2::numeric is null or p.price >= $2) and ($3::numeric is null or p.price <= $3)
       group by p.category) as per_category',
    '{}', found, stock) using ids, min_price, max_price into categories;
  if per_range is null then
    prices := '[]';
  else
    execute format(
      'select to_jsonb(array[%s]) from public.products p where %s and %s and ($2::text is null or p.category = $2)',
      per_range, found, stock) using ids, category into prices;
  end if;
  return jsonb_build_object('categories', categories, 'prices', prices);
end
$$;

-- The same with a search, and how it read the term (`search`, search_resolve's answer without the
-- ids; null without a term): what a hosted project's API answers in one call. The SQL backend
-- reads the term once for a page's listing and counts and calls catalogue_counts itself.
create function public.catalogue_facets(
  term text,
  exact boolean,
  category text,
  min_price numeric,
  max_price numeric,
  in_stock boolean,
  price_ranges jsonb
) returns jsonb
  language plpgsql stable parallel safe
  set search_path = ''
as $$
declare
  reading jsonb;
begin
  if btrim(coalesce(term, '')) = '' then
    return public.catalogue_counts(null, category, min_price, max_price, in_stock, price_ranges)
      || '{"search": null}';
  end if;
  reading := public.search_resolve(term, exact);
  return public.catalogue_counts(array(select jsonb_array_elements_text(reading -> 'ids')::bigint),
      category, min_price, max_price, in_stock, price_ranges)
    || jsonb_build_object('search', reading - 'ids');
end
$$;
