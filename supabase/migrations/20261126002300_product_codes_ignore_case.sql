-- SKUs and barcodes are unique per shop whatever their capitals: "egg-6" is the
-- SKU "EGG-6" (the photo counter and the CSV import match them so).
--
-- A unique index on lower(...) cannot be made while a shop holds two products
-- whose codes differ only in case, and refusing to migrate (or changing an
-- owner's codes for them) would lose data. So:
--   * while a unique index is missing, a trigger refuses every new clash in its
--     place, with the other product's code as the hint (the app turns either
--     refusal into the field's message); once the index is there it does nothing;
--   * ensure_product_code_indexes() makes the unique indexes where no clash is
--     left, reports the clashes where some are (a warning here, and the app
--     shows each owner theirs on the products page), and can be run again once
--     they are fixed: select public.ensure_product_code_indexes();

-- Security invoker on purpose: RLS limits the look-up to the caller's own shop.
-- Custom plans: a plan cached while an import's first rows went in would scan
-- the table for each of the next thousands.
create function public.products_codes_ignore_case() returns trigger
language plpgsql set search_path = '' set plan_cache_mode = force_custom_plan as $$
declare
  v_other text;
begin
  if new.sku is not null and (tg_op = 'INSERT' or lower(new.sku) is distinct from lower(old.sku))
     and to_regclass('public.products_shop_sku_lower_key') is null then
    select p.sku into v_other from public.products p
     where p.shop_id = new.shop_id and lower(p.sku) = lower(new.sku) and p.id <> new.id
     order by p.created_at, p.id
     limit 1;
    if found then
      raise exception 'duplicate key value violates unique constraint "products_shop_sku_lower_key"'
        using errcode = '23505', constraint = 'products_shop_sku_lower_key',
              detail = format('Key (shop_id, lower(sku))=(%s, %s) already exists.', new.shop_id, lower(new.sku)),
              hint = v_other;
    end if;
  end if;
  if new.barcode is not null and (tg_op = 'INSERT' or lower(new.barcode) is distinct from lower(old.barcode))
     and to_regclass('public.products_shop_barcode_lower_key') is null then
    select p.barcode into v_other from public.products p
     where p.shop_id = new.shop_id and lower(p.barcode) = lower(new.barcode) and p.id <> new.id
     order by p.created_at, p.id
     limit 1;
    if found then
      raise exception 'duplicate key value violates unique constraint "products_shop_barcode_lower_key"'
        using errcode = '23505', constraint = 'products_shop_barcode_lower_key',
              detail = format('Key (shop_id, lower(barcode))=(%s, %s) already exists.', new.shop_id, lower(new.barcode)),
              hint = v_other;
    end if;
  end if;
  return new;
end
$$;

create trigger products_codes_ignore_case before insert or update of sku, barcode on public.products
  for each row execute function public.products_codes_ignore_case();

-- Per code: the unique index when no shop has a clash, else a plain one (the
-- trigger's look-up needs it either way) and a warning naming how many.
create function public.ensure_product_code_indexes() returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_sku_clashes bigint;
  v_barcode_clashes bigint;
begin
  select count(*) into v_sku_clashes from (
    select 1 from public.products where sku is not null group by shop_id, lower(sku) having count(*) > 1) c;
  if v_sku_clashes = 0 then
    create unique index if not exists products_shop_sku_lower_key on public.products (shop_id, lower(sku));
    drop index if exists public.products_shop_sku_lower_idx;
  else
    create index if not exists products_shop_sku_lower_idx on public.products (shop_id, lower(sku));
    raise warning '% SKUs are used twice in a shop, differing only in case: products_shop_sku_lower_key is not made yet', v_sku_clashes
      using hint = 'Each owner sees theirs on the products page. Once they are changed, run: select public.ensure_product_code_indexes();';
  end if;

  select count(*) into v_barcode_clashes from (
    select 1 from public.products where barcode is not null group by shop_id, lower(barcode) having count(*) > 1) c;
  if v_barcode_clashes = 0 then
    create unique index if not exists products_shop_barcode_lower_key on public.products (shop_id, lower(barcode));
    drop index if exists public.products_shop_barcode_lower_idx;
  else
    create index if not exists products_shop_barcode_lower_idx on public.products (shop_id, lower(barcode));
    raise warning '% barcodes are used twice in a shop, differing only in case: products_shop_barcode_lower_key is not made yet', v_barcode_clashes
      using hint = 'Each owner sees theirs on the products page. Once they are changed, run: select public.ensure_product_code_indexes();';
  end if;

  return jsonb_build_object(
    'sku_clashes', v_sku_clashes, 'sku_unique', v_sku_clashes = 0,
    'barcode_clashes', v_barcode_clashes, 'barcode_unique', v_barcode_clashes = 0);
end
$$;

-- The other products of a product's shop whose SKU or barcode is its own but
-- for capitals: what its edit page warns about. RLS applies.
create function public.product_code_twins(p_product_id uuid)
returns table (id uuid, name text, sku text, barcode text)
language sql stable set search_path = '' as $$
  select o.id, o.name, o.sku, o.barcode
    from public.products p
    join public.products o
      on o.shop_id = p.shop_id and o.id <> p.id
     and (lower(o.sku) = lower(p.sku) or lower(o.barcode) = lower(p.barcode))
   where p.id = p_product_id
   order by o.name, o.id
$$;

revoke execute on function public.product_code_twins(uuid) from public, anon;
grant execute on function public.product_code_twins(uuid) to authenticated, service_role;
revoke execute on function public.products_codes_ignore_case() from public, anon, authenticated;
revoke execute on function public.ensure_product_code_indexes() from public, anon, authenticated, service_role;

select public.ensure_product_code_indexes();

-- A code on a label that fits more than one product is not counted: it is listed
-- with the products it fits, for the owner to tell them apart.
alter table public.count_unmatched add column matches uuid[];
alter table public.count_unmatched add constraint count_unmatched_matches_check check (cardinality(matches) between 2 and 20);
grant insert (matches) on table public.count_unmatched to authenticated;
