-- reorder_inputs() for a given shop, so that a delivery (service role, no
-- session) computes the same low-stock list as the owner's dashboard. Security
-- invoker: RLS decides which shops a caller may read. reorder_inputs() is the
-- owner's own shop through it.
create function public.reorder_inputs_of(p_shop_id uuid, p_days integer default 56) returns json
language sql stable security invoker set search_path = '' as $$
  with shop as (
    select s.id, s.timezone, s.reorder_service_level, (now() at time zone s.timezone)::date as today
      from public.shops s where s.id = p_shop_id
  ),
  win as (
    select shop.id as shop_id, shop.timezone, d.days, shop.today - d.days as first_day,
           ((shop.today - d.days)::timestamp at time zone shop.timezone) as starts_at,
           (shop.today::timestamp at time zone shop.timezone) as ends_at
      from shop cross join (select greatest(1, least(coalesce(p_days, 56), 366)) as days) d
  ),
  day_moves as (
    select m.product_id, (m.created_at at time zone w.timezone)::date - w.first_day as day,
           sum(case when m.reason in ('sold', 'gone') then -m.delta else 0 end)::integer as sold,
           (array_agg(m.qty_after order by m.created_at desc, m.id desc))[1] as end_qty
      from public.stock_movements m join win w on w.shop_id = m.shop_id
     where m.created_at >= w.starts_at and m.created_at < w.ends_at
     group by 1, 2
  ),
  moves as (
    select dm.product_id, json_agg(json_build_array(dm.day, dm.sold, dm.end_qty) order by dm.day) as days
      from day_moves dm group by dm.product_id
  ),
  on_order as (
    select l.product_id, sum(greatest(l.qty - l.received, 0))::integer as units
      from public.purchase_order_lines l
      join public.purchase_orders po on po.id = l.purchase_order_id
      join win w on w.shop_id = po.shop_id
     where po.status in ('draft', 'sent', 'partly_received')
     group by l.product_id
  ),
  supplier as (
    select distinct on (ps.product_id) ps.product_id, su.id, su.name, su.lead_time_days, ps.pack_size, ps.unit_cost
      from public.product_suppliers ps
      join public.suppliers su on su.id = ps.supplier_id
      join win w on w.shop_id = ps.shop_id
     order by ps.product_id, ps.preferred desc, su.lead_time_days, su.name
  )
  select json_build_object('days', (select days from win), 'service_level', (select reorder_service_level from shop),
                           'products', coalesce((
    select json_agg(json_build_object(
             'product_id', p.id, 'name', p.name, 'sku', p.sku, 'qty', p.qty,
             'low_stock_threshold', p.low_stock_threshold, 'target_qty', p.target_qty, 'unit_cost', p.unit_cost,
             'on_order', coalesce(oo.units, 0), 'supplier_id', su.id, 'supplier_name', su.name,
             'lead_time_days', su.lead_time_days, 'pack_size', coalesce(su.pack_size, 1), 'supplier_unit_cost', su.unit_cost,
             'opening_qty', coalesce((select m.qty_after from public.stock_movements m
                                       where m.product_id = p.id and m.created_at < w.starts_at
                                       order by m.created_at desc, m.id desc limit 1), 0),
             'moves', coalesce(mv.days, '[]'::json))
           order by p.name, p.id)
      from public.products p
      join win w on w.shop_id = p.shop_id
      left join moves mv on mv.product_id = p.id
      left join on_order oo on oo.product_id = p.id
      left join supplier su on su.product_id = p.id), '[]'::json))
$$;

revoke execute on function public.reorder_inputs_of(uuid, integer) from public, anon;
grant execute on function public.reorder_inputs_of(uuid, integer) to authenticated, service_role;

create or replace function public.reorder_inputs(p_days integer default 56) returns json
language sql stable security invoker set search_path = '' as $$
  select public.reorder_inputs_of(
    (select s.id from public.shops s where s.owner_id = (select auth.uid()) order by s.created_at, s.id limit 1), p_days)
$$;
