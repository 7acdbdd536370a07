-- The opening stock of products added in the period is a figure of the report ('opened'): a new
-- shop's report read "Stock value at start £0.00, at end £57.40, Units received 0", and no figure
-- said where the stock came from. The rest of report_figures() is as 20261128000700 left it.

create or replace function public.report_figures(p_shop_id uuid, p_start timestamptz, p_end timestamptz)
returns jsonb
language plpgsql stable set search_path = '' set plan_cache_mode = 'force_custom_plan' as $$
begin
  return (
  with moves as (
    select m.product_id, m.reason, m.delta, m.request_id, m.source
      from public.stock_movements m
     where m.shop_id = p_shop_id and m.created_at >= p_start and m.created_at < p_end
  ), sold as (
    select -sum(mv.delta) as units, p.unit_price, c.unit_cost
      from moves mv join public.products p on p.id = mv.product_id
      left join public.product_costs c on c.product_id = p.id and c.shop_id = p_shop_id
     where mv.reason = 'sold'
     group by p.id, c.unit_cost
  ), written as (
    select -sum(mv.delta) as units, c.unit_cost
      from moves mv join public.products p on p.id = mv.product_id
      left join public.product_costs c on c.product_id = p.id and c.shop_id = p_shop_id
     where mv.reason in ('damaged', 'lost') and mv.source <> 'photo_count'
     group by p.id, c.unit_cost
    having sum(mv.delta) <> 0
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
           'shrinkage_units', k.units, 'shrinkage_value', k.value, 'shrinkage_uncosted_products', k.uncosted,
           'damaged', t.damaged, 'lost', t.lost, 'corrected', t.corrected,
           'written_off_value', w.value, 'written_off_uncosted_products', w.uncosted, 'opened', t.opened)
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
             coalesce(-sum(delta) filter (where reason = 'damaged' and source <> 'photo_count'), 0) as damaged,
             coalesce(-sum(delta) filter (where reason = 'lost' and source <> 'photo_count'), 0) as lost,
             coalesce(sum(delta) filter (where reason = 'count_correction' and source <> 'photo_count'), 0) as corrected,
             coalesce(sum(delta) filter (where reason = 'initial'), 0) as opened,
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
    ) k,
    (
      select coalesce(sum(units * unit_cost), 0) as value, count(*) filter (where unit_cost is null) as uncosted
        from written
    ) w
   where public.sees_costs(p_shop_id));
end
$$;
