-- The dashboard and its daily report. All three functions are security invoker: RLS decides
-- what the caller reads, and the caller's shop is the one they own. "Today" is
-- the shop's day in its own time zone, from local midnight to local midnight
-- (23 or 25 hours on a daylight-saving change). Every read is bounded by the
-- shop: movements through stock_movements (shop_id, created_at desc), the last
-- scan through count_photos (shop_id, analysed_at desc), products by shop_id.

-- The caller's shop and its day: local midnight to local midnight. No row
-- without a shop.
create function public.shop_today()
returns table (
  shop_id uuid, shop_name text, currency text, timezone text,
  local_now timestamp, day_start timestamptz, day_end timestamptz
)
language sql stable set search_path = '' as $$
  select s.id, s.name, s.currency, s.timezone, l.local_now,
         date_trunc('day', l.local_now) at time zone s.timezone,
         (date_trunc('day', l.local_now) + interval '1 day') at time zone s.timezone
    from public.shops s
    cross join lateral (select now() at time zone s.timezone as local_now) l
   where s.owner_id = (select auth.uid())
$$;

create function public.dashboard_summary()
returns jsonb
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
    'today', (
      select jsonb_build_object(
        'sold', coalesce(-sum(m.delta) filter (where m.reason = 'sold'), 0),
        'sales', count(*) filter (where m.reason = 'sold'),
        'gone', coalesce(-sum(m.delta) filter (where m.reason = 'gone'), 0),
        'received', coalesce(sum(m.delta) filter (where m.reason = 'received'), 0),
        'movements', count(*))
        from public.stock_movements m
       where m.shop_id = v_day.shop_id and m.created_at >= v_day.day_start and m.created_at < v_day.day_end),
    'stock', (
      select jsonb_build_object(
        'products', count(*),
        'units', coalesce(sum(p.qty), 0),
        'costed_products', count(p.unit_cost),
        'value', coalesce(sum(p.qty * p.unit_cost), 0),
        'low', count(*) filter (where p.qty <= p.low_stock_threshold))
        from public.products p
       where p.shop_id = v_day.shop_id),
    'last_scan_at', (select max(ph.analysed_at) from public.count_photos ph where ph.shop_id = v_day.shop_id),
    -- Emptiest first: the share of the optimal quantity left on the shelf. Optimal is the
    -- product's target or, when none is set (or it is 0), twice the low-stock level and at least 1.
    'low_stock', (
      select coalesce(jsonb_agg(to_jsonb(l) order by l.qty::numeric / l.optimal, l.name, l.id), '[]')
        from (
          select * from (
            select p.id, p.name, p.sku, p.qty, p.low_stock_threshold,
                   coalesce(nullif(p.target_qty, 0), greatest(2 * p.low_stock_threshold, 1)) as optimal,
                   coalesce(p.target_qty, 0) > 0 as optimal_is_target
              from public.products p
             where p.shop_id = v_day.shop_id and p.qty <= p.low_stock_threshold
          ) low
           order by low.qty::numeric / low.optimal, low.name, low.id
           limit 50
        ) l),
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

-- The day's report for the CSV: every product's opening and closing quantity
-- and what moved in between, and the day's movements (the first 10000; the
-- total says whether any were left out). Closing is the quantity now: the day
-- is today, and nothing is written with a later time.
create function public.dashboard_day_report()
returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  v_day record;
begin
  select * into v_day from public.shop_today();
  if not found then
    return null;
  end if;

  return jsonb_build_object(
    'shop_name', v_day.shop_name,
    'timezone', v_day.timezone,
    'date', to_char(v_day.local_now, 'YYYY-MM-DD'),
    'generated_at', to_char(v_day.local_now, 'YYYY-MM-DD HH24:MI:SS'),
    'products', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'name', p.name, 'sku', p.sku,
               'opening', p.qty - coalesce(d.net, 0),
               'received', coalesce(d.received, 0),
               'sold', coalesce(d.sold, 0),
               'gone', coalesce(d.gone, 0),
               'other', coalesce(d.other, 0),
               'closing', p.qty,
               'low', p.qty <= p.low_stock_threshold) order by p.name, p.id), '[]')
        from public.products p
        left join (
          select m.product_id,
                 sum(m.delta) as net,
                 sum(m.delta) filter (where m.reason = 'received') as received,
                 -sum(m.delta) filter (where m.reason = 'sold') as sold,
                 -sum(m.delta) filter (where m.reason = 'gone') as gone,
                 sum(m.delta) filter (where m.reason not in ('received', 'sold', 'gone')) as other
            from public.stock_movements m
           where m.shop_id = v_day.shop_id and m.created_at >= v_day.day_start and m.created_at < v_day.day_end
           group by m.product_id
        ) d on d.product_id = p.id
       where p.shop_id = v_day.shop_id),
    'movements_total', (
      select count(*) from public.stock_movements m
       where m.shop_id = v_day.shop_id and m.created_at >= v_day.day_start and m.created_at < v_day.day_end),
    'movements', (
      select coalesce(jsonb_agg(to_jsonb(t) order by t.at, t.id), '[]')
        from (
          select m.id, m.created_at as at, to_char(m.created_at at time zone v_day.timezone, 'YYYY-MM-DD HH24:MI:SS') as time,
                 p.name, p.sku, m.reason, m.delta, m.qty_after, m.source, m.note
            from public.stock_movements m
            join public.products p on p.id = m.product_id
           where m.shop_id = v_day.shop_id and m.created_at >= v_day.day_start and m.created_at < v_day.day_end
           order by m.created_at, m.id
           limit 10000
        ) t)
  );
end
$$;

revoke execute on function public.shop_today() from public, anon;
revoke execute on function public.dashboard_summary() from public, anon;
revoke execute on function public.dashboard_day_report() from public, anon;
grant execute on function public.shop_today() to authenticated, service_role;
grant execute on function public.dashboard_summary() to authenticated, service_role;
grant execute on function public.dashboard_day_report() to authenticated, service_role;
