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
-- The look-up is planned per row (execute): a plan cached while an import's
-- first rows went in would scan the table for each of the next thousands.
create function public.products_codes_ignore_case() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_field text;
  v_code text;
  v_other text;
begin
  foreach v_field in array array['sku', 'barcode'] loop
    v_code := to_jsonb(new) ->> v_field;
    continue when v_code is null
      or (tg_op = 'UPDATE' and lower(v_code) is not distinct from lower(to_jsonb(old) ->> v_field))
      or to_regclass(format('public.products_shop_%s_lower_key', v_field)) is not null;
    execute format('select p.%1$I from public.products p
                     where p.shop_id = $1 and lower(p.%1$I) = lower($2) and p.id <> $3
                     order by p.created_at, p.id limit 1', v_field)
       into v_other using new.shop_id, v_code, new.id;
    if v_other is not null then
      raise exception 'duplicate key value violates unique constraint "products_shop_%_lower_key"', v_field
        using errcode = '23505', constraint = format('products_shop_%s_lower_key', v_field),
              detail = format('Key (shop_id, lower(%s))=(%s, %s) already exists.', v_field, new.shop_id, lower(v_code)),
              hint = v_other;
    end if;
  end loop;
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
  v_field text;
  v_clashes bigint;
  v_report jsonb := '{}';
begin
  foreach v_field in array array['sku', 'barcode'] loop
    execute format('select count(*) from (select 1 from public.products where %1$I is not null
                                           group by shop_id, lower(%1$I) having count(*) > 1) c', v_field)
       into v_clashes;
    if v_clashes = 0 then
      execute format('create unique index if not exists products_shop_%1$s_lower_key on public.products (shop_id, lower(%1$I))', v_field);
      execute format('drop index if exists public.products_shop_%s_lower_idx', v_field);
    else
      execute format('create index if not exists products_shop_%1$s_lower_idx on public.products (shop_id, lower(%1$I))', v_field);
      raise warning '% % are used twice in a shop, differing only in case: products_shop_%_lower_key is not made yet',
        v_clashes, case v_field when 'sku' then 'SKUs' else 'barcodes' end, v_field
        using hint = 'Each owner sees theirs on the products page. Once they are changed, run: select public.ensure_product_code_indexes();';
    end if;
    v_report := v_report || jsonb_build_object(v_field || '_clashes', v_clashes, v_field || '_unique', v_clashes = 0);
  end loop;
  return v_report;
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
