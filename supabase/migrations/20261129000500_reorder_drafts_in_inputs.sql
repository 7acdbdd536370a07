-- Migration 20261129000300 added the drafts by reading reorder_inputs_of()'s answer back:
-- `->` parses the whole json, 12 ms more per load worked out for a shop of 2,000 products
-- (`npm run bench -- reports`: reorder_inputs() through the API 44.5 -> 57 ms). The drafts now
-- come from reorder_inputs_of() itself (the dashboard and deliveries ignore them), and
-- reorder_inputs() is that call again.
create or replace function public.reorder_inputs_of(p_shop_id uuid) returns json
language plpgsql volatile set search_path = '' set plan_cache_mode = 'force_custom_plan' as $$
begin
  if not coalesce(public.sees_costs(p_shop_id), false) or not public.fresh_sales_stats(p_shop_id) then
    return json_build_object('days', null, 'service_level', null, 'products', '[]'::json, 'drafts', '[]'::json);
  end if;
  return (
  with shop as (
    select s.id, s.reorder_service_level from public.shops s where s.id = p_shop_id
  ),
  on_order as (
    select l.product_id, sum(greatest(l.qty - l.received, 0))::integer as units
      from public.purchase_order_lines l
      join public.purchase_orders po on po.id = l.purchase_order_id
     where po.shop_id = p_shop_id and po.status in ('draft', 'sent', 'partly_received')
     group by l.product_id
  ),
  supplier as (
    select distinct on (ps.product_id) ps.product_id, su.id, su.name, su.lead_time_days, ps.pack_size, ps.unit_cost
      from public.product_suppliers ps
      join public.suppliers su on su.id = ps.supplier_id
     where ps.shop_id = p_shop_id
     order by ps.product_id, ps.preferred desc, su.lead_time_days, su.name
  )
  select json_build_object('days', 56, 'service_level', (select reorder_service_level from shop),
                           'products', coalesce((
    select json_agg(json_build_object(
             'product_id', p.id, 'name', p.name, 'sku', p.sku, 'qty', p.qty,
             'low_stock_threshold', p.low_stock_threshold, 'target_qty', p.target_qty, 'unit_cost', c.unit_cost,
             'on_order', coalesce(oo.units, 0), 'supplier_id', su.id, 'supplier_name', su.name,
             'lead_time_days', su.lead_time_days, 'pack_size', coalesce(su.pack_size, 1), 'supplier_unit_cost', su.unit_cost,
             -- a product added since the figures were worked out has sold nothing before today
             'sales', json_build_array(coalesce(st.selling_days, 0), coalesce(st.units, 0), coalesce(st.squares, 0), coalesce(st.sale_days, 0)))
           order by p.name, p.id)
      from public.products p
      left join public.product_sales_stats st on st.product_id = p.id and st.shop_id = p_shop_id
      left join on_order oo on oo.product_id = p.id
      left join supplier su on su.product_id = p.id
      left join public.product_costs c on c.product_id = p.id and c.shop_id = p_shop_id
     where p.shop_id = p_shop_id), '[]'::json),
                           -- each supplier's newest open draft, by created_at then number: where new lines go
                           'drafts', coalesce((
    select json_agg(json_build_object('supplier_id', d.supplier_id, 'id', d.id, 'number', d.number) order by d.number)
      from (select distinct on (po.supplier_id) po.supplier_id, po.id, po.number
              from public.purchase_orders po
             where po.shop_id = p_shop_id and po.status = 'draft'
             order by po.supplier_id, po.created_at desc, po.number desc) d), '[]'::json))
  );
end
$$;

create or replace function private.reorder_inputs_uncached() returns json
language sql volatile security invoker set search_path = '' as $$
  select public.reorder_inputs_of(public.current_shop_id(array['owner', 'manager']))
$$;
