-- The dashboard's Export Report (a day by product) in the figures Reports uses. It had three
-- columns for everything but sales and receipts: a new product's opening stock, damage and a
-- stocktake's Missing all read as "Other adjustments" (a product added today at 10 and 1 damaged
-- showed "9"), and the review's Missing was in no column of its own.
--
-- Every movement of the day falls in exactly one column, so opening + opened + received +
-- returned - sold - gone - missing - written_off + corrected = closing:
--   opened       'initial': what a product added today started with
--   gone         'gone': the review's Sold or missing (the dashboard's "sold or missing")
--   missing      a photo stocktake's 'lost': the review's Missing (Reports' Missing units is
--                the two together)
--   written_off  'damaged', and 'lost' taken off by hand: Reports' Damaged or lost
--   corrected    'count_correction' from any source, net
-- Whether a product is low is the dashboard's rule, worked out by the app from reorder_inputs(),
-- so the product's id comes with it.

create or replace function public.dashboard_day_report()
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
               'id', p.id, 'name', p.name, 'sku', p.sku,
               'opening', p.qty - coalesce(d.net, 0),
               'opened', coalesce(d.opened, 0),
               'received', coalesce(d.received, 0),
               'returned', coalesce(d.returned, 0),
               'sold', coalesce(d.sold, 0),
               'gone', coalesce(d.gone, 0),
               'missing', coalesce(d.missing, 0),
               'written_off', coalesce(d.written_off, 0),
               'corrected', coalesce(d.corrected, 0),
               'closing', p.qty) order by p.name, p.id), '[]')
        from public.products p
        left join (
          select m.product_id,
                 sum(m.delta) as net,
                 sum(m.delta) filter (where m.reason = 'initial') as opened,
                 sum(m.delta) filter (where m.reason = 'received') as received,
                 sum(m.delta) filter (where m.reason = 'returned') as returned,
                 -sum(m.delta) filter (where m.reason = 'sold') as sold,
                 -sum(m.delta) filter (where m.reason = 'gone') as gone,
                 -sum(m.delta) filter (where m.reason = 'lost' and m.source = 'photo_count') as missing,
                 -sum(m.delta) filter (where m.reason = 'damaged' or (m.reason = 'lost' and m.source <> 'photo_count')) as written_off,
                 sum(m.delta) filter (where m.reason = 'count_correction') as corrected
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
