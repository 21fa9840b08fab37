-- Catalogue search reads one column (ADR 014, docs/catalogue.md#search).
--
-- A search matches a term in the name or the description, ignoring case. Written as
-- `name ilike p or description ilike p`, PostgreSQL lowercases both texts of every candidate row
-- again for each search (ILIKE is lower(text) LIKE lower(pattern)), and combines two trigram
-- indexes. `search_text` keeps that lowercased text once, when a product is written: a search
-- is then one trigram index and a plain LIKE per candidate row. The line break between the two
-- parts keeps a term from matching across them: search terms never contain one
-- (app/models/forms/request-text.ts), and `%` and `_` in a term are escaped (ADR 004).

alter table public.products
  add column search_text text generated always as (lower(name || E'\n' || description)) stored;

comment on column public.products.search_text is
  'lower(name), a line break, lower(description): what a catalogue search matches.';

-- fastupdate off, as before: PGlite runs no autovacuum to merge GIN's pending list.
create index products_search_text_trgm_idx on public.products
  using gin (search_text extensions.gin_trgm_ops) with (fastupdate = off);

-- Both backends search search_text now; the two indexes it replaces would only slow writes.
drop index public.products_name_trgm_idx;
drop index public.products_description_trgm_idx;
