-- /reports, fixed where it misled the owner (issue 23):
--   shrinkage by stocktake (and by week) is unknown (null, shown "—"), not 0, when
--   none of the products short has a cost, as shrinkage by product already was; a
--   stocktake says how many of its products short had no cost;
--   a slow mover has been in the catalogue since before the period and the 30 days
--   it went unsold, and a sale undone (20261126002100) is no sale for it.
-- Otherwise as in 20261123001500.
create or replace function public.shop_report_of(p_shop_id uuid, p_from date default null, p_to date default null, p_range text default null)
returns jsonb
language plpgsql stable set search_path = '' as $$
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
  select s.id, s.name, s.currency, s.timezone into v_shop from public.shops s where s.id = p_shop_id;
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
      select p.id, p.name, p.sku, p.qty, p.unit_cost, p.unit_price, p.created_at from public.products p where p.shop_id = v_shop.id
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
