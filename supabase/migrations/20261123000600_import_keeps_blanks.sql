-- CSV import, replaced: a null or absent value keeps what the product has (a blank
-- cell never clears data), and a row built from a preview is applied only if the
-- product still holds the values the preview showed.
--
-- A row is {sku, name, barcode, qty, low_stock_threshold, target_qty, unit_cost, unit_price}
-- plus, from a preview:
--   "id":  the product the row updates (otherwise it is matched by SKU);
--   "was": null when the preview showed a new product, or the product's values the
--          preview showed for the columns it changes. Anything else is refused as stale
--          (SQLSTATE 40001) and the whole import rolls back.
-- A row may also come as an array, [id, sku, name, barcode, qty, low_stock_threshold,
-- target_qty, unit_cost, unit_price, was], which keeps a 5,000-row request small.
create or replace function public.import_products(p_rows jsonb, p_request_id uuid)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_shop_id uuid;
  v_row jsonb;
  v_was jsonb;
  v_product public.products;
  v_found boolean;
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
    if jsonb_typeof(v_row) = 'array' then
      v_row := jsonb_strip_nulls(jsonb_build_object(
        'id', v_row -> 0, 'sku', v_row -> 1, 'name', v_row -> 2, 'barcode', v_row -> 3, 'qty', v_row -> 4,
        'low_stock_threshold', v_row -> 5, 'target_qty', v_row -> 6, 'unit_cost', v_row -> 7, 'unit_price', v_row -> 8
      )) || jsonb_build_object('was', v_row -> 9);
    end if;
    if jsonb_typeof(v_row) is distinct from 'object' then
      raise exception 'Every imported row must be an object' using errcode = '22023';
    end if;
    v_was := v_row -> 'was';
    if v_row ? 'id' then
      select * into v_product from public.products
       where id = (v_row ->> 'id')::uuid and shop_id = v_shop_id for update;
      v_found := found;
      if not v_found then
        raise exception 'The catalogue changed since the preview' using errcode = '40001';
      end if;
    elsif coalesce(v_row ->> 'sku', '') = '' then
      raise exception 'Every imported row needs a SKU' using errcode = '22023';
    else
      select * into v_product from public.products
       where shop_id = v_shop_id and sku = v_row ->> 'sku' for update;
      v_found := found;
    end if;

    if not v_found then
      if jsonb_typeof(v_was) = 'object' then
        raise exception 'The catalogue changed since the preview' using errcode = '40001';
      end if;
      insert into public.products
        (shop_id, name, sku, barcode, qty, low_stock_threshold, target_qty, unit_cost, unit_price)
      values (
        v_shop_id, v_row ->> 'name', v_row ->> 'sku', nullif(v_row ->> 'barcode', ''),
        coalesce((v_row ->> 'qty')::integer, 0), coalesce((v_row ->> 'low_stock_threshold')::integer, 0),
        (v_row ->> 'target_qty')::integer, (v_row ->> 'unit_cost')::numeric, (v_row ->> 'unit_price')::numeric
      );
      v_created := v_created + 1;
      continue;
    end if;

    if v_row ? 'was' and (
      jsonb_typeof(v_was) is distinct from 'object'
      or (v_was ? 'name' and v_was ->> 'name' is distinct from v_product.name)
      or (v_was ? 'barcode' and v_was ->> 'barcode' is distinct from v_product.barcode)
      or (v_was ? 'qty' and (v_was ->> 'qty')::integer is distinct from v_product.qty)
      or (v_was ? 'low_stock_threshold' and (v_was ->> 'low_stock_threshold')::integer is distinct from v_product.low_stock_threshold)
      or (v_was ? 'target_qty' and (v_was ->> 'target_qty')::integer is distinct from v_product.target_qty)
      or (v_was ? 'unit_cost' and (v_was ->> 'unit_cost')::numeric is distinct from v_product.unit_cost)
      or (v_was ? 'unit_price' and (v_was ->> 'unit_price')::numeric is distinct from v_product.unit_price)
    ) then
      raise exception 'The catalogue changed since the preview' using errcode = '40001';
    end if;
    -- null means keep: coalesce on every column, never a bare assignment
    update public.products set
      name = coalesce(nullif(v_row ->> 'name', ''), name),
      barcode = coalesce(nullif(v_row ->> 'barcode', ''), barcode),
      low_stock_threshold = coalesce((v_row ->> 'low_stock_threshold')::integer, low_stock_threshold),
      target_qty = coalesce((v_row ->> 'target_qty')::integer, target_qty),
      unit_cost = coalesce((v_row ->> 'unit_cost')::numeric, unit_cost),
      unit_price = coalesce((v_row ->> 'unit_price')::numeric, unit_price)
    where id = v_product.id;
    v_updated := v_updated + 1;
    if (v_row ->> 'qty') is not null
       and public.set_stock(v_product.id, (v_row ->> 'qty')::integer, 'count_correction', 'CSV import', 'import', p_request_id) is not null then
      v_adjusted := v_adjusted + 1;
    end if;
  end loop;
  return jsonb_build_object('created', v_created, 'updated', v_updated, 'adjusted', v_adjusted);
end
$$;

revoke execute on function public.import_products(jsonb, uuid) from public, anon;
grant execute on function public.import_products(jsonb, uuid) to authenticated, service_role;
