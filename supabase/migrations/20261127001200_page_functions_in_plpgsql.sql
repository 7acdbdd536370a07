-- The functions behind the pages (the catalogue, the shop switcher, the day's figures) in
-- PL/pgSQL, as the membership helpers before them: the same queries, planned once per
-- connection. A SQL function with a SET clause is never inlined, so each call planned its
-- body again: catalogue() 1.1 -> 0.7 ms, my_shops() 0.33 -> 0.20 ms, dashboard_summary() (report_figures)
-- 2.0 -> 1.3 ms, shop_report for today 2.8 -> 1.6 ms (PostgreSQL, 200 products, 6,000 movements).
--
-- report_figures() is planned for each call's own shop and dates (force_custom_plan), no longer
-- once for any: since product_costs (20261127000200) its generic plan guessed one sale, and joined
-- the view once per sale. `npm run bench -- reports` (2,000 products, 100,000 movements) took
-- 1,400 ms for 30 days, against 57 ms now; the day's figures there 22 ms against 4.4.

create or replace function public.catalogue() returns json
language plpgsql stable security invoker set search_path = '' as $$
begin
  return (
  with shop as (
    select s.id, s.name from public.shops s
     where s.id = public.current_shop_id()
  ),
  on_order as (
    select * from public.units_on_order()
  )
  select json_build_object(
    'shop', json_build_object('id', shop.id, 'name', shop.name),
    'rows', coalesce((
      select json_agg(json_build_array(p.id, p.name, p.sku, p.barcode, p.qty, p.low_stock_threshold, p.category,
                                       p.image_url, floor(extract(epoch from p.updated_at) * 1000)::bigint,
                                       coalesce(oo.units, 0))
                      order by p.name, p.id)
        from public.products p left join on_order oo on oo.product_id = p.id
       where p.shop_id = shop.id), '[]'::json))
  from shop);
end
$$;

create or replace function public.my_shops()
returns table (id uuid, name text, currency text, timezone text, reorder_service_level numeric,
               staff_can_confirm boolean, role text, current boolean)
language plpgsql stable security invoker set search_path = '' as $$
begin
  return query
  with here as (select public.current_shop_id() as shop_id)
  select s.id, s.name, s.currency, s.timezone, s.reorder_service_level, s.staff_can_confirm, m.role,
         s.id is not distinct from here.shop_id
    from public.my_memberships() m
    join public.shops s on s.id = m.shop_id
    cross join here
   order by s.name, s.id;
end
$$;

create or replace function public.report_figures(p_shop_id uuid, p_start timestamptz, p_end timestamptz)
returns jsonb
language plpgsql stable set search_path = '' set plan_cache_mode = 'force_custom_plan' as $$
begin
  return (
  with moves as (
    select m.product_id, m.reason, m.delta, m.request_id
      from public.stock_movements m
     where m.shop_id = p_shop_id and m.created_at >= p_start and m.created_at < p_end
  ), sold as (
    select -sum(mv.delta) as units, p.unit_price, c.unit_cost
      from moves mv join public.products p on p.id = mv.product_id
      left join public.product_costs c on c.product_id = p.id and c.shop_id = p_shop_id
     where mv.reason = 'sold'
     group by p.id, c.unit_cost
  ), shrink as (
    select sum(coalesce(r.missing, 0) + coalesce(r.sold_or_missing, 0)) as units, c.unit_cost
      from public.count_sessions s
      join public.count_results r on r.session_id = s.id
      join public.products p on p.id = r.product_id
      left join public.product_costs c on c.product_id = p.id and c.shop_id = p_shop_id
     where s.shop_id = p_shop_id and s.status = 'confirmed' and s.ended_at >= p_start and s.ended_at < p_end
     group by p.id, c.unit_cost
    having sum(coalesce(r.missing, 0) + coalesce(r.sold_or_missing, 0)) > 0
  )
  select jsonb_build_object(
           'sold', t.sold, 'sales', t.sales, 'gone', t.gone, 'received', t.received, 'movements', t.movements,
           'sales_value', s.sales_value, 'unpriced_products', s.unpriced_products,
           'cogs', s.cogs, 'uncosted_products', s.uncosted_products,
           'margin_sales_value', s.margin_sales_value, 'gross_margin', s.margin_sales_value - s.margin_cost,
           'shrinkage_units', k.units, 'shrinkage_value', k.value, 'shrinkage_uncosted_products', k.uncosted)
    from (
      select coalesce(-sum(delta) filter (where reason = 'sold'), 0) as sold,
             -- the undo looked up by the ledger's (product_id, request_id) index, not in the CTE, which
             -- is materialised once it is read twice and would be scanned once per sale
             (select count(*) from moves sale
               where sale.reason = 'sold' and sale.delta < 0
                 and not exists (select 1 from public.stock_movements undo
                                  where undo.product_id = sale.product_id
                                    and undo.request_id = public.undo_request_id(sale.request_id)
                                    and undo.created_at >= p_start and undo.created_at < p_end)) as sales,
             coalesce(-sum(delta) filter (where reason = 'gone'), 0) as gone,
             coalesce(sum(delta) filter (where reason = 'received'), 0) as received,
             count(*) as movements
        from moves
    ) t,
    (
      select coalesce(sum(units * unit_price), 0) as sales_value,
             count(*) filter (where unit_price is null and units <> 0) as unpriced_products,
             coalesce(sum(units * unit_cost), 0) as cogs,
             count(*) filter (where unit_cost is null and units <> 0) as uncosted_products,
             coalesce(sum(units * unit_price) filter (where unit_cost is not null), 0) as margin_sales_value,
             coalesce(sum(units * unit_cost) filter (where unit_price is not null), 0) as margin_cost
        from sold
    ) s,
    (
      select coalesce(sum(units), 0) as units, coalesce(sum(units * unit_cost), 0) as value,
             count(*) filter (where unit_cost is null) as uncosted
        from shrink
    ) k
   where public.sees_costs(p_shop_id));
end
$$;
