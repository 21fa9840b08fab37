-- Withdrawn products (docs/catalogue.md#withdrawing-a-product): a product no longer sold is kept, with
-- its row and id, but shoppers no longer see it: not in the listing, search, the filter counts,
-- related products or the sitemap. `npm run catalogue -- withdraw ID` sets the flag, `relist ID`
-- clears it; an import writes it as any other column.

alter table public.products add column withdrawn boolean not null default false;

comment on column public.products.withdrawn is
  'No longer sold: hidden from the API roles (anon, authenticated); its page answers 410 Gone.';

-- One rule for every read a shopper's page makes, on every backend: the pages read as anon (the
-- SQL backend by SET ROLE, hosted Supabase through PostgREST), so the listing, the search
-- functions, the counts, related products and the sitemap all leave withdrawn products out
-- without a condition of their own to forget.
drop policy "Products are readable by everyone" on public.products;

create policy "Products on sale are readable by everyone"
  on public.products for select
  to anon, authenticated
  using (not withdrawn);

-- The sort indexes again, partial: the policy's `not withdrawn` is in every query the pages make,
-- and a partial index lets the planner answer it from the index alone, as before.
drop index public.products_name_sort_idx;
drop index public.products_price_idx;
drop index public.products_price_desc_idx;
drop index public.products_rating_idx;
drop index public.products_category_name_sort_idx;
drop index public.products_category_price_idx;
drop index public.products_category_price_desc_idx;
drop index public.products_category_rating_idx;
create index products_name_sort_idx on public.products (name_sort, id) where not withdrawn;
create index products_price_idx on public.products (price, id) where not withdrawn;
create index products_price_desc_idx on public.products (price desc, id) where not withdrawn;
create index products_rating_idx on public.products (rating desc nulls last, id) where not withdrawn;
create index products_category_name_sort_idx on public.products (category, name_sort, id) where not withdrawn;
create index products_category_price_idx on public.products (category, price, id) where not withdrawn;
create index products_category_price_desc_idx on public.products (category, price desc, id) where not withdrawn;
create index products_category_rating_idx on public.products (category, rating desc nulls last, id) where not withdrawn;
-- The sitemap's ids, in order, without reading the rows.
create index products_on_sale_id_idx on public.products (id) where not withdrawn;

-- A typo is corrected only to a word of what is sold: a withdrawn product's words leave the
-- vocabulary, and come back when it is relisted (the update triggers remove the old row's words,
-- then add the new row's).
create or replace function public.search_vocabulary_add() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  insert into public.search_vocabulary as v (word, products)
  select word, count(*) from new_products, unnest(public.search_words(name, description)) as word
  where not new_products.withdrawn
  group by word
  on conflict (word) do update set products = v.products + excluded.products;
  return null;
end
$$;

create or replace function public.search_vocabulary_remove() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  with gone as (
    select word, count(*) as n from old_products, unnest(public.search_words(name, description)) as word
    where not old_products.withdrawn
    group by word
  )
  update public.search_vocabulary v set products = v.products - gone.n from gone where v.word = gone.word;
  delete from public.search_vocabulary where products <= 0;
  return null;
end
$$;

-- What a withdrawn product's page says (410 Gone, with a link to its category): its id, name and
-- category, and nothing for a product on sale or one that never existed. Security definer, since
-- the policy above hides the row from the roles that ask.
create function public.withdrawn_product(product_id bigint) returns jsonb
  language sql stable security definer
  set search_path = ''
  return (
    select jsonb_build_object('id', p.id, 'name', p.name, 'category', p.category)
    from public.products p where p.id = product_id and p.withdrawn);

revoke all on function public.withdrawn_product(bigint) from public;
grant execute on function public.withdrawn_product(bigint) to anon, authenticated;
