-- The dashboard carried reorder_inputs_of() whole: every product's row as an object, 75 KB for
-- 200 products, which the app read on every load and 60 s refresh only to count and list the
-- low ones. It now carries, as arrays, only the products that can be low at any service level;
-- the app still decides which are (lib/reorder/suggest.ts, the reorder page's rule).
--
-- A product is low at or below its reorder point: its low-stock level without sales, else
-- ceil(daily average × lead time) + ceil(z × spread × √lead time), z at most probit(0.999) = 3.0902.
-- Left out: those above that point with z = 3.1, plus one unit, so a rounding can never drop a
-- low one. The app's count of low products stays exact.
create function private.dashboard_stock_rows(p_shop_id uuid) returns json
language sql volatile security invoker set search_path = '' as $$
  with inputs as (select public.reorder_inputs_of(p_shop_id) as i),
  rows as (
    select e.p, e.ord, (e.p ->> 'qty')::integer as qty, (e.p ->> 'low_stock_threshold')::integer as threshold,
           coalesce((e.p ->> 'lead_time_days')::integer, 7)::float8 as lead,
           (e.p -> 'sales' ->> 0)::float8 as days, (e.p -> 'sales' ->> 1)::float8 as units,
           (e.p -> 'sales' ->> 2)::float8 as squares, (e.p -> 'sales' ->> 3)::integer as sale_days
      from inputs, json_array_elements(inputs.i -> 'products') with ordinality as e(p, ord)
  )
  select json_build_object(
    'days', inputs.i -> 'days',
    'service_level', inputs.i -> 'service_level',
    -- [product_id, name, sku, qty, low_stock_threshold, target_qty, on_order, lead_time_days, pack_size, sales]
    'products', coalesce((
      select json_agg(json_build_array(r.p -> 'product_id', r.p -> 'name', r.p -> 'sku', r.p -> 'qty', r.p -> 'low_stock_threshold',
                                       r.p -> 'target_qty', r.p -> 'on_order', r.p -> 'lead_time_days', r.p -> 'pack_size', r.p -> 'sales')
                      order by r.ord)
        from rows r
       where r.qty <= case
               when r.days > 0 and r.sale_days > 0 then
                 ceil(r.units / r.days * r.lead)
                 + ceil(3.1 * (sqrt(greatest(0, r.days * r.squares - r.units * r.units)) / r.days) * sqrt(r.lead)) + 1
               else r.threshold
             end), '[]'::json))
    from inputs
$$;

revoke execute on function private.dashboard_stock_rows(uuid) from public, anon;
grant execute on function private.dashboard_stock_rows(uuid) to authenticated, service_role;

create or replace function private.dashboard_uncached() returns json
language plpgsql volatile security invoker set search_path = '' as $$
declare
  v_summary jsonb := public.dashboard_summary();
  v_shop_id uuid;
  v_recent uuid[];
begin
  if v_summary is null then
    return null;
  end if;
  -- the shop dashboard_summary() just reported on (shop_today() is that shop with its day)
  v_shop_id := public.current_shop_id(array['owner', 'manager']);
  v_recent := array(select (r ->> 'id')::uuid from jsonb_array_elements(v_summary -> 'recent') r);
  return json_build_object(
    'summary', v_summary,
    'open_stocktake', (
      select json_build_object(
               'id', c.id, 'created_at', c.created_at,
               'photos', coalesce((select json_agg(json_build_object('side', ph.side, 'status', ph.status, 'codes_found', ph.codes_found))
                                     from public.count_photos ph where ph.session_id = c.id), '[]'::json))
        from public.count_sessions c
       where c.shop_id = v_shop_id and c.status = 'open'
       order by c.created_at desc
       limit 1),
    'stock_rows', private.dashboard_stock_rows(v_shop_id),
    'recent_by', (
      select coalesce(json_object_agg(m.id, p.name), '{}'::json)
        from public.stock_movements m
        join public.shop_people p on p.shop_id = m.shop_id and p.user_id = m.created_by
       where m.id = any(v_recent) and m.shop_id = v_shop_id));
end
$$;
