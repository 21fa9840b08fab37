-- Withdrawn products without a policy condition (docs/catalogue.md#withdrawing-a-product, ADR 036).
--
-- 20261128003700_withdrawn_products.sql hid withdrawn products with the read policy `not withdrawn`.
-- A policy's condition comes before every other condition of a query whose operator is not
-- leakproof, and numeric comparisons are not: a price filter could no longer narrow the sort
-- indexes and was checked on every entry (the listing with min and max at 10,000 products, about
-- twice as slow), as LIKE could no longer use the trigram indexes (20261128003800_withdrawn_search.sql).
-- So the policy is `true` again, folded away as before, and every read of the shop's pages says
-- `not withdrawn` itself: the SQL and Supabase backends' product reads, the search's own reads, and
-- the counts below. The partial sort indexes (`where not withdrawn`) serve those reads as before.

drop policy "Products on sale are readable by everyone" on public.products;

create policy "Products are readable by everyone"
  on public.products for select
  to anon, authenticated
  using (true);

create or replace function public.catalogue_counts(
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
  -- Only the products the search found (by id: as many index lookups), or all of those on sale.
  -- A search's ids hold only products on sale (search_match); without one, the rest are left out here.
  found text := case when ids is null then 'not p.withdrawn' else 'p.id = any($1)' end;
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
