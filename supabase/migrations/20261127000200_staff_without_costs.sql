-- Staff do not read costs: not through the pages, not through the raw REST API with their own token.
-- Every member signs in as the one role `authenticated`, so this is done by privileges, not by roles:
-- authenticated may read every column of products but unit_cost (a query naming it, or `select=*`, is
-- refused with 42501, for owners too), and owners and managers read costs through product_costs,
-- a view that runs as its owner and shows only the shops where the caller is owner or manager.
-- Supplier prices (product_suppliers), purchase orders and reports were owner and manager only already.
--
-- Trap: a column added to products later is readable by nobody but the service role until it is
-- granted below in a migration of its own.

revoke select on table public.products from authenticated;
grant select (id, shop_id, name, sku, barcode, image_url, qty, low_stock_threshold, target_qty, unit_price,
              category, created_at, updated_at)
  on table public.products to authenticated;

-- Whether the caller may see the costs (and the reports made of them) of this shop: as its owner or
-- a manager, or as the service role (deliveries, feeds). Security invoker on purpose: inside a
-- security definer function current_user is the function's owner, never service_role.
create function public.sees_costs(p_shop_id uuid) returns boolean
language sql stable security invoker set search_path = '' as $$
  select current_user = 'service_role' or p_shop_id in (select public.member_shops(array['owner', 'manager']))
$$;
revoke execute on function public.sees_costs(uuid) from public, anon;
grant execute on function public.sees_costs(uuid) to authenticated, service_role;

-- The costs a caller may see. security_invoker = false: it reads products as its owner (who is not
-- held by the column privileges above, nor by RLS), so its own filter is the whole access check.
-- Two branches, each a plain filter on products.shop_id, so a query for one shop uses its index.
create view public.product_costs with (security_invoker = false) as
  select p.id as product_id, p.shop_id, p.unit_cost
    from public.products p
   where p.shop_id in (select public.member_shops(array['owner', 'manager']))
  union all
  select p.id, p.shop_id, p.unit_cost
    from public.products p
   where current_user = 'service_role';
revoke all on table public.product_costs from public, anon, authenticated, service_role;
grant select on table public.product_costs to authenticated, service_role;

-- The functions that read costs as the caller read them through product_costs now, and answer
-- staff nothing: a report, a reorder list or the figures under them are for the owner and managers.
create or replace function public.report_figures(p_shop_id uuid, p_start timestamptz, p_end timestamptz)
returns jsonb
language sql stable set search_path = '' set plan_cache_mode = 'force_generic_plan' as $$
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
   where public.sees_costs(p_shop_id)
$$;

create or replace function public.shop_report_of(p_shop_id uuid, p_from date default null, p_to date default null, p_range text default null)
returns jsonb
language plpgsql stable set search_path = '' set plan_cache_mode = 'force_generic_plan' as $$
declare
  v_shop record;
  v_today date;
  v_from date := p_from;
  v_to date := p_to;
  v_start timestamptz;
  v_end timestamptz;
  v_slow_start timestamptz;
  v_new_since timestamptz;
begin
  select s.id, s.name, s.currency, s.timezone into v_shop from public.shops s where s.id = p_shop_id and public.sees_costs(s.id);
  if not found then
    return null;
  end if;
  v_today := (now() at time zone v_shop.timezone)::date;
  if p_range is not null then
    case p_range
      when 'today' then v_from := v_today; v_to := v_today;
      when 'yesterday' then v_from := v_today - 1; v_to := v_today - 1;
      when '7d' then v_from := v_today - 6; v_to := v_today;
      when '30d' then v_from := v_today - 29; v_to := v_today;
      when 'month' then v_from := date_trunc('month', v_today)::date; v_to := v_today;
      else raise exception 'Unknown report period' using errcode = '22023', hint = 'range_unknown';
    end case;
  end if;
  if v_from is null or v_to is null then
    raise exception 'Choose a start and an end date' using errcode = '22023', hint = 'range_missing';
  end if;
  if v_to < v_from then
    raise exception 'The end date is before the start date' using errcode = '22023', hint = 'range_backwards';
  end if;
  if v_to > (v_from + interval '2 years')::date then
    raise exception 'A report covers at most 2 years' using errcode = '22023', hint = 'range_too_long';
  end if;
  v_start := v_from::timestamp at time zone v_shop.timezone;
  v_end := (v_to + 1)::timestamp at time zone v_shop.timezone;
  v_slow_start := (v_to - 29)::timestamp at time zone v_shop.timezone;
  -- A product added in the period, or in the 30 days a slow mover went unsold, has not had the time to be one.
  v_new_since := least(v_start, v_slow_start);

  return (
    with products as (
      select p.id, p.name, p.sku, p.qty, c.unit_cost, p.unit_price, p.created_at
        from public.products p left join public.product_costs c on c.product_id = p.id and c.shop_id = v_shop.id
       where p.shop_id = v_shop.id
    ), since as (
      -- Everything from the period's start to now, valued: the stock at any later moment
      -- is the stock now less what moved after it.
      select m.product_id, m.reason, m.delta, m.created_at,
             (m.created_at at time zone v_shop.timezone)::date as day, p.unit_cost, p.unit_price
        from public.stock_movements m join products p on p.id = m.product_id
       where m.shop_id = v_shop.id and m.created_at >= v_start
    ), stock as (
      select p.id, p.name, p.sku, p.unit_cost, p.created_at,
             p.qty - coalesce(sum(s.delta), 0) as qty_start,
             p.qty - coalesce(sum(s.delta) filter (where s.created_at >= v_end), 0) as qty_end
        from products p left join since s on s.product_id = p.id
       group by p.id, p.name, p.sku, p.qty, p.unit_cost, p.created_at
    ), buckets as (
      select s.day,
             coalesce(-sum(s.delta) filter (where s.reason = 'sold'), 0) as sold,
             coalesce(-sum(s.delta * s.unit_price) filter (where s.reason = 'sold'), 0) as sales_value,
             coalesce(sum(s.delta * s.unit_cost), 0) as value_change
        from since s group by s.day
    ), shrink as (
      select c.id as session_id, (c.ended_at at time zone v_shop.timezone)::date as day, c.ended_at,
             r.product_id, p.name, p.sku, p.unit_cost,
             coalesce(r.missing, 0) + coalesce(r.sold_or_missing, 0) as units
        from public.count_sessions c
        join public.count_results r on r.session_id = c.id
        join products p on p.id = r.product_id
       where c.shop_id = v_shop.id and c.status = 'confirmed' and c.ended_at >= v_start and c.ended_at < v_end
    ), value_now as (
      select coalesce(sum(p.qty * p.unit_cost), 0) as value from products p
    )
    select jsonb_build_object(
      'shop_name', v_shop.name,
      'currency', v_shop.currency,
      'timezone', v_shop.timezone,
      'range', coalesce(p_range, 'custom'),
      'today', to_char(v_today, 'YYYY-MM-DD'),
      'from', to_char(v_from, 'YYYY-MM-DD'),
      'to', to_char(v_to, 'YYYY-MM-DD'),
      'start', v_start,
      'end', v_end,
      'generated_at', to_char(now() at time zone v_shop.timezone, 'YYYY-MM-DD HH24:MI:SS'),
      'figures', public.report_figures(v_shop.id, v_start, v_end),
      'stock', (
        select jsonb_build_object(
                 'products', count(*),
                 'costed_products', count(unit_cost),
                 'units_start', coalesce(sum(qty_start), 0),
                 'units_end', coalesce(sum(qty_end), 0),
                 'value_start', coalesce(sum(qty_start * unit_cost), 0),
                 'value_end', coalesce(sum(qty_end * unit_cost), 0))
          from stock),
      -- [date, units sold, sales value, stock value at the day's end]
      'daily', (
        select coalesce(jsonb_agg(jsonb_build_array(
                 to_char(d.day, 'YYYY-MM-DD'), coalesce(b.sold, 0), coalesce(b.sales_value, 0),
                 (select v.value from value_now v) - coalesce((select sum(l.value_change) from buckets l where l.day > d.day), 0))
                 order by d.day), '[]')
          from (select g::date as day from generate_series(v_from::timestamp, v_to::timestamp, interval '1 day') g) d
          left join buckets b on b.day = d.day),
      -- [Monday of the week, units, value at cost: null when none of the units has a cost]
      'weekly_shrinkage', (
        select coalesce(jsonb_agg(jsonb_build_array(to_char(w.week, 'YYYY-MM-DD'), w.units, w.value) order by w.week), '[]')
          from (select date_trunc('week', s.day)::date as week, sum(s.units) as units,
                       case when sum(s.units) filter (where s.unit_cost is not null) > 0 or sum(s.units) = 0
                            then coalesce(sum(s.units * s.unit_cost), 0) end as value
                  from shrink s group by 1) w),
      'top_sellers', (
        select coalesce(jsonb_agg(to_jsonb(t) order by t.units desc, t.name, t.id), '[]')
          from (
            select s.product_id as id, p.name, p.sku, -sum(s.delta) as units, -sum(s.delta * s.unit_price) as sales_value
              from since s join products p on p.id = s.product_id
             where s.reason = 'sold' and s.created_at < v_end
             group by s.product_id, p.name, p.sku
            having -sum(s.delta) > 0
             order by 4 desc, p.name, s.product_id
             limit 10
          ) t),
      -- In stock at the period's end with no sale in the 30 days before it, and in the catalogue since before
      -- both the period and those 30 days: most money on the shelf first. A sale undone is no sale.
      'slow_movers', (
        with slow as (
          select st.id, st.name, st.sku, st.qty_end as qty, st.qty_end * st.unit_cost as value
            from stock st
           where st.qty_end > 0
             and st.created_at < v_new_since
             and not exists (
               select 1 from public.stock_movements m
                where m.product_id = st.id and m.reason = 'sold' and m.delta < 0 and m.created_at >= v_slow_start and m.created_at < v_end
                  and not exists (select 1 from public.stock_movements u
                                   where u.product_id = m.product_id and u.request_id = public.undo_request_id(m.request_id)))
        )
        select jsonb_build_object(
                 'total', (select count(*) from slow),
                 'products', (
                   select coalesce(jsonb_agg(jsonb_build_object(
                            'id', l.id, 'name', l.name, 'sku', l.sku, 'qty', l.qty, 'value', l.value,
                            'last_sold_at', (select max(m.created_at) from public.stock_movements m
                                              where m.product_id = l.id and m.reason = 'sold' and m.delta < 0 and m.created_at < v_end
                                                and not exists (select 1 from public.stock_movements u
                                   where u.product_id = m.product_id and u.request_id = public.undo_request_id(m.request_id))))
                            order by l.value desc nulls last, l.qty desc, l.name, l.id), '[]')
                     from (select * from slow order by value desc nulls last, qty desc, name, id limit 50) l))),
      'shrinkage_products', (
        select coalesce(jsonb_agg(to_jsonb(t) order by t.value desc nulls last, t.units desc, t.name, t.id), '[]')
          from (
            select s.product_id as id, s.name, s.sku, sum(s.units) as units, sum(s.units) * s.unit_cost as value,
                   count(distinct s.session_id) as stocktakes
              from shrink s where s.units > 0
             group by s.product_id, s.name, s.sku, s.unit_cost
             order by 5 desc nulls last, 4 desc, s.name, s.product_id
             limit 50
          ) t),
      'stocktakes', (
        select coalesce(jsonb_agg(to_jsonb(t) order by t.ended_at desc, t.id), '[]')
          from (
            select s.session_id as id, to_char(s.day, 'YYYY-MM-DD') as date, s.ended_at,
                   sum(s.units) as units,
                   -- unknown (null) when none of the products short has a cost, as by product
                   case when count(*) filter (where s.units > 0 and s.unit_cost is not null) > 0 or sum(s.units) = 0
                        then coalesce(sum(s.units * s.unit_cost) filter (where s.units > 0), 0) end as value,
                   count(*) filter (where s.units > 0) as products,
                   count(*) filter (where s.units > 0 and s.unit_cost is null) as uncosted_products
              from shrink s
             group by s.session_id, s.day, s.ended_at
             order by s.ended_at desc, s.session_id
             limit 100
          ) t)
    )
  );
end
$$;

create or replace function public.dashboard_summary() returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  v_day record;
begin
  select * into v_day from public.shop_today();
  if not found then
    return null;
  end if;

  return jsonb_build_object(
    'currency', v_day.currency,
    'timezone', v_day.timezone,
    'day', jsonb_build_object('date', to_char(v_day.local_now, 'YYYY-MM-DD'), 'start', v_day.day_start, 'end', v_day.day_end),
    'today', public.report_figures(v_day.shop_id, v_day.day_start, v_day.day_end),
    'stock', (
      select jsonb_build_object(
        'products', count(*),
        'units', coalesce(sum(p.qty), 0),
        'costed_products', count(c.unit_cost),
        'value', coalesce(sum(p.qty * c.unit_cost), 0))
        from public.products p left join public.product_costs c on c.product_id = p.id and c.shop_id = v_day.shop_id
       where p.shop_id = v_day.shop_id),
    'last_scan_at', (select max(ph.analysed_at) from public.count_photos ph where ph.shop_id = v_day.shop_id),
    'recent', (
      select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at desc, r.id desc), '[]')
        from (
          -- The 20 newest first, then their names: the join must not run ahead of the limit.
          select m.id, m.product_id, p.name, m.delta, m.qty_after, m.reason, m.source, m.created_at
            from (
              select * from public.stock_movements sm
               where sm.shop_id = v_day.shop_id
               order by sm.created_at desc, sm.id desc
               limit 20
            ) m
            join public.products p on p.id = m.product_id
        ) r)
  );
end
$$;

create or replace function public.reorder_inputs_of(p_shop_id uuid, p_days integer default 56) returns json
language plpgsql stable set search_path = '' as $$
begin
  return (
  with shop as (
    select s.id, s.timezone, s.reorder_service_level, (now() at time zone s.timezone)::date as today
      from public.shops s where s.id = p_shop_id and public.sees_costs(s.id)
  ),
  win as (
    select shop.id as shop_id, d.days, shop.today - d.days as first_day, shop.today
      from shop cross join (select greatest(1, least(coalesce(p_days, 56), 366)) as days) d
  ),
  moves as (
    select sd.product_id, json_agg(json_build_array(sd.day - w.first_day, sd.sold, sd.end_qty) order by sd.day) as days
      from public.stock_days sd join win w on w.shop_id = sd.shop_id
     where sd.day >= w.first_day and sd.day < w.today
     group by sd.product_id
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
             'low_stock_threshold', p.low_stock_threshold, 'target_qty', p.target_qty, 'unit_cost', c.unit_cost,
             'on_order', coalesce(oo.units, 0), 'supplier_id', su.id, 'supplier_name', su.name,
             'lead_time_days', su.lead_time_days, 'pack_size', coalesce(su.pack_size, 1), 'supplier_unit_cost', su.unit_cost,
             'opening_qty', coalesce((select sd.end_qty from public.stock_days sd
                                       where sd.product_id = p.id and sd.day < w.first_day
                                       order by sd.day desc limit 1), 0),
             'moves', coalesce(mv.days, '[]'::json))
           order by p.name, p.id)
      from public.products p
      join win w on w.shop_id = p.shop_id
      left join moves mv on mv.product_id = p.id
      left join on_order oo on oo.product_id = p.id
      left join supplier su on su.product_id = p.id
      left join public.product_costs c on c.product_id = p.id and c.shop_id = w.shop_id), '[]'::json))
  );
end
$$;

-- The caller's shops, their role in each, and the one they work in now (current_shop_id(): the shop
-- the request's x-shop-id names, else the one they own, else the first): the app's header, its shop
-- switcher and every page's role, in one request that chooses exactly as the database's functions do.
create function public.my_shops()
returns table (id uuid, name text, currency text, timezone text, reorder_service_level numeric,
               staff_can_confirm boolean, role text, current boolean)
language sql stable security invoker set search_path = '' as $$
  with here as (select public.current_shop_id() as shop_id)
  select s.id, s.name, s.currency, s.timezone, s.reorder_service_level, s.staff_can_confirm, m.role,
         s.id is not distinct from here.shop_id
    from public.my_memberships() m
    join public.shops s on s.id = m.shop_id
    cross join here
   order by s.name, s.id
$$;
revoke execute on function public.my_shops() from public, anon;
grant execute on function public.my_shops() to authenticated, service_role;
