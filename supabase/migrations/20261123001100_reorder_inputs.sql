-- What reorder suggestions are computed from, per product of the caller's shop:
-- stock, what is on order, the supplier to order from, and units sold (or gone)
-- per selling day over the last p_days complete local days, leaving out days the
-- product was out of stock (none at the start of the day and none sold). The
-- arithmetic is lib/reorder/suggest.ts. Security invoker: RLS applies.
create function public.reorder_inputs(p_days integer default 56)
returns table (
  product_id uuid,
  name text,
  sku text,
  qty integer,
  low_stock_threshold integer,
  target_qty integer,
  unit_cost numeric,
  on_order integer,
  supplier_id uuid,
  supplier_name text,
  lead_time_days integer,
  pack_size integer,
  supplier_unit_cost numeric,
  daily_sales integer[]
)
language sql stable security invoker set search_path = '' as $$
  with shop as (
    select s.id, s.timezone, (now() at time zone s.timezone)::date as today
      from public.shops s where s.owner_id = (select auth.uid())
  ),
  window_start as (
    select shop.id as shop_id, shop.timezone,
           (shop.today - greatest(1, least(coalesce(p_days, 56), 366))) as first_day,
           shop.today - 1 as last_day,
           ((shop.today - greatest(1, least(coalesce(p_days, 56), 366)))::timestamp at time zone shop.timezone) as starts_at,
           (shop.today::timestamp at time zone shop.timezone) as ends_at
      from shop
  ),
  products as (
    select p.* from public.products p join window_start w on w.shop_id = p.shop_id
  ),
  day_moves as (
    select m.product_id, (m.created_at at time zone w.timezone)::date as day,
           sum(case when m.reason in ('sold', 'gone') then -m.delta else 0 end)::integer as sold,
           (array_agg(m.qty_after order by m.created_at desc, m.id desc))[1] as end_qty
      from public.stock_movements m join window_start w on w.shop_id = m.shop_id
     where m.created_at >= w.starts_at and m.created_at < w.ends_at
     group by 1, 2
  ),
  opening as (
    select p.id as product_id,
           coalesce((select m.qty_after from public.stock_movements m
                      where m.product_id = p.id and m.created_at < w.starts_at
                      order by m.created_at desc, m.id desc limit 1), 0) as qty
      from products p cross join window_start w
  ),
  grid as (
    select p.id as product_id, d.day, coalesce(dm.sold, 0) as sold, dm.end_qty, o.qty as opening_qty,
           count(dm.end_qty) over (partition by p.id order by d.day) as run
      from products p
      cross join window_start w
      cross join lateral generate_series(w.first_day, w.last_day, interval '1 day') as g(d)
      cross join lateral (select g.d::date as day) d
      join opening o on o.product_id = p.id
      left join day_moves dm on dm.product_id = p.id and dm.day = d.day
  ),
  levels as (
    select g.product_id, g.day, g.sold,
           coalesce(first_value(g.end_qty) over (partition by g.product_id, g.run order by g.day), g.opening_qty) as end_qty,
           g.opening_qty
      from grid g
  ),
  selling as (
    select l.product_id, l.day, l.sold,
           coalesce(lag(l.end_qty) over (partition by l.product_id order by l.day), l.opening_qty) as start_qty
      from levels l
  ),
  sales as (
    select s.product_id, array_agg(s.sold order by s.day) filter (where s.start_qty > 0 or s.sold > 0) as daily
      from selling s group by s.product_id
  ),
  on_order as (
    select l.product_id, sum(greatest(l.qty - l.received, 0))::integer as units
      from public.purchase_order_lines l
      join public.purchase_orders po on po.id = l.purchase_order_id
      join window_start w on w.shop_id = po.shop_id
     where po.status in ('draft', 'sent', 'partly_received')
     group by l.product_id
  ),
  supplier as (
    select distinct on (ps.product_id) ps.product_id, su.id, su.name, su.lead_time_days, ps.pack_size, ps.unit_cost
      from public.product_suppliers ps
      join public.suppliers su on su.id = ps.supplier_id
      join window_start w on w.shop_id = ps.shop_id
     order by ps.product_id, ps.preferred desc, su.lead_time_days, su.name
  )
  select p.id, p.name, p.sku, p.qty, p.low_stock_threshold, p.target_qty, p.unit_cost,
         coalesce(oo.units, 0), su.id, su.name, su.lead_time_days, coalesce(su.pack_size, 1), su.unit_cost,
         coalesce(sa.daily, '{}')
    from products p
    left join sales sa on sa.product_id = p.id
    left join on_order oo on oo.product_id = p.id
    left join supplier su on su.product_id = p.id
   order by p.name
$$;

revoke execute on function public.reorder_inputs(integer) from public, anon;
grant execute on function public.reorder_inputs(integer) to authenticated, service_role;
