-- CSV import: upsert by SKU in one transaction. New products open their ledger
-- with an initial movement (source import); a changed quantity on an existing
-- product is a count correction. Columns absent from a row keep their value.
create function public.import_products(p_rows jsonb, p_request_id uuid)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_shop_id uuid;
  v_row jsonb;
  v_id uuid;
  v_inserted boolean;
  v_created integer := 0;
  v_updated integer := 0;
  v_adjusted integer := 0;
begin
  select id into v_shop_id from public.shops where owner_id = auth.uid();
  if not found then
    raise exception 'No shop found' using errcode = 'P0002';
  end if;
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) not between 1 and 5000 then
    raise exception 'An import holds between 1 and 5000 rows' using errcode = '22023';
  end if;
  perform set_config('shelfsnap.stock_source', 'import', true);
  for v_row in select value from jsonb_array_elements(p_rows) loop
    if jsonb_typeof(v_row) is distinct from 'object' or coalesce(v_row ->> 'sku', '') = '' then
      raise exception 'Every imported row needs a SKU' using errcode = '22023';
    end if;
    insert into public.products as p
      (shop_id, name, sku, barcode, qty, low_stock_threshold, target_qty, unit_cost, unit_price)
    values (
      v_shop_id, v_row ->> 'name', v_row ->> 'sku', nullif(v_row ->> 'barcode', ''),
      coalesce((v_row ->> 'qty')::integer, 0), coalesce((v_row ->> 'low_stock_threshold')::integer, 0),
      (v_row ->> 'target_qty')::integer, (v_row ->> 'unit_cost')::numeric, (v_row ->> 'unit_price')::numeric
    )
    on conflict (shop_id, sku) do update set
      name = excluded.name,
      barcode = case when v_row ? 'barcode' then excluded.barcode else p.barcode end,
      low_stock_threshold = case when v_row ? 'low_stock_threshold' then excluded.low_stock_threshold else p.low_stock_threshold end,
      target_qty = case when v_row ? 'target_qty' then excluded.target_qty else p.target_qty end,
      unit_cost = case when v_row ? 'unit_cost' then excluded.unit_cost else p.unit_cost end,
      unit_price = case when v_row ? 'unit_price' then excluded.unit_price else p.unit_price end
    returning id, (xmax = 0) into v_id, v_inserted;
    if v_inserted then
      v_created := v_created + 1;
    else
      v_updated := v_updated + 1;
      if v_row ? 'qty' and public.set_stock(v_id, (v_row ->> 'qty')::integer, 'count_correction', 'CSV import', 'import', p_request_id) is not null then
        v_adjusted := v_adjusted + 1;
      end if;
    end if;
  end loop;
  return jsonb_build_object('created', v_created, 'updated', v_updated, 'adjusted', v_adjusted);
end
$$;

revoke execute on function public.import_products(jsonb, uuid) from public, anon;
grant execute on function public.import_products(jsonb, uuid) to authenticated, service_role;
