-- The dashboard's rows (20261129000400) were read back out of reorder_inputs_of()'s json: for
-- 2,000 products that parse cost 141 ms each time the dashboard was worked out again (psql).
-- Both now read one set of typed rows, private.reorder_rows(), and build their own json from it.
create function private.reorder_rows(p_shop_id uuid)
returns table (product_id uuid, name text, sku text, qty integer, low_stock_threshold integer, target_qty integer,
               unit_cost numeric, on_order integer, supplier_id uuid, supplier_name text, lead_time_days integer,
               pack_size integer, supplier_unit_cost numeric, selling_days integer, units integer, squares bigint, sale_days integer)
language plpgsql volatile security invoker set search_path = '' set plan_cache_mode = 'force_custom_plan' as $$
begin
  -- planned for each call's shop (plpgsql, a custom plan): the plan kept for any shop took 63 ms
  -- against 16 ms for 2,000 products (20261127001300); as a sql function it took 86 ms against 28
  return query
  with on_order as (
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
  select p.id, p.name::text, p.sku::text, p.qty, p.low_stock_threshold, p.target_qty, c.unit_cost::numeric,
         coalesce(oo.units, 0), su.id, su.name::text, su.lead_time_days, coalesce(su.pack_size, 1), su.unit_cost::numeric,
         -- a product added since the figures were worked out has sold nothing before today
         coalesce(st.selling_days, 0), coalesce(st.units, 0), coalesce(st.squares, 0)::bigint, coalesce(st.sale_days, 0)
    from public.products p
    left join public.product_sales_stats st on st.product_id = p.id and st.shop_id = p_shop_id
    left join on_order oo on oo.product_id = p.id
    left join supplier su on su.product_id = p.id
    left join public.product_costs c on c.product_id = p.id and c.shop_id = p_shop_id
   where p.shop_id = p_shop_id;
end
$$;

create or replace function public.reorder_inputs_of(p_shop_id uuid) returns json
language plpgsql volatile set search_path = '' as $$
begin
  if not coalesce(public.sees_costs(p_shop_id), false) or not public.fresh_sales_stats(p_shop_id) then
    return json_build_object('days', null, 'service_level', null, 'products', '[]'::json, 'drafts', '[]'::json);
  end if;
  return json_build_object(
    'days', 56,
    'service_level', (select s.reorder_service_level from public.shops s where s.id = p_shop_id),
    'products', coalesce((
      select json_agg(json_build_object(
               'product_id', r.product_id, 'name', r.name, 'sku', r.sku, 'qty', r.qty,
               'low_stock_threshold', r.low_stock_threshold, 'target_qty', r.target_qty, 'unit_cost', r.unit_cost,
               'on_order', r.on_order, 'supplier_id', r.supplier_id, 'supplier_name', r.supplier_name,
               'lead_time_days', r.lead_time_days, 'pack_size', r.pack_size, 'supplier_unit_cost', r.supplier_unit_cost,
               'sales', json_build_array(r.selling_days, r.units, r.squares, r.sale_days))
             order by r.name, r.product_id)
        from private.reorder_rows(p_shop_id) r), '[]'::json),
    -- each supplier's newest open draft, by created_at then number: where new lines go
    'drafts', coalesce((
      select json_agg(json_build_object('supplier_id', d.supplier_id, 'id', d.id, 'number', d.number) order by d.number)
        from (select distinct on (po.supplier_id) po.supplier_id, po.id, po.number
                from public.purchase_orders po
               where po.shop_id = p_shop_id and po.status = 'draft'
               order by po.supplier_id, po.created_at desc, po.number desc) d), '[]'::json));
end
$$;

-- Left out: a product above its reorder point worked out with z = 3.1 (> probit(0.999)), plus a unit.
create or replace function private.dashboard_stock_rows(p_shop_id uuid) returns json
language plpgsql volatile security invoker set search_path = '' as $$
begin
  if not coalesce(public.sees_costs(p_shop_id), false) or not public.fresh_sales_stats(p_shop_id) then
    return json_build_object('days', null, 'service_level', null, 'products', '[]'::json);
  end if;
  return json_build_object(
    'days', 56,
    'service_level', (select s.reorder_service_level from public.shops s where s.id = p_shop_id),
    -- [product_id, name, sku, qty, low_stock_threshold, target_qty, on_order, lead_time_days, pack_size, sales]
    'products', coalesce((
      select json_agg(json_build_array(r.product_id, r.name, r.sku, r.qty, r.low_stock_threshold, r.target_qty, r.on_order,
                                       r.lead_time_days, r.pack_size, json_build_array(r.selling_days, r.units, r.squares, r.sale_days))
                      order by r.name, r.product_id)
        from private.reorder_rows(p_shop_id) r
       where r.qty <= case
               when r.selling_days > 0 and r.sale_days > 0 then
                 ceil(r.units::float8 / r.selling_days * coalesce(r.lead_time_days, 7))
                 + ceil(3.1 * (sqrt(greatest(0, r.selling_days::float8 * r.squares - r.units::float8 * r.units)) / r.selling_days)
                        * sqrt(coalesce(r.lead_time_days, 7)::float8)) + 1
               else r.low_stock_threshold
             end), '[]'::json));
end
$$;

revoke execute on function private.reorder_rows(uuid) from public, anon;
grant execute on function private.reorder_rows(uuid) to authenticated, service_role;
