-- A sale and its undo count as no sale. An undo is a movement of its own (the
-- reverse of the change, same reason, noted 'Undone') whose request id is
-- derived from the change's: undo_request_id() is that derivation, the one
-- place both the undo and every count of sales read it. (Not a column on the
-- ledger: the ledger functions' callers test their returned row with
-- `is not null`, which a column left null would turn false.)

create function public.undo_request_id(p_request_id uuid) returns uuid
language sql immutable parallel safe set search_path = '' as $$
  select md5('undo:' || p_request_id::text)::uuid
$$;

create or replace function public.undo_stock_change(p_product_id uuid, p_request_id uuid) returns public.stock_movements
language plpgsql security definer set search_path = '' as $$
declare
  v_product public.products;
  v_change public.stock_movements;
begin
  v_product := public.lock_owned_product(p_product_id);
  -- Only a tap's change (manual, no note): never an undo, a stocktake or an import.
  select * into v_change from public.stock_movements
   where product_id = v_product.id and request_id = p_request_id
     and source = 'manual' and reason in ('sold', 'received') and note is null;
  if not found then
    raise exception 'There is no change to undo' using errcode = 'P0002';
  end if;
  return public.apply_stock_change(v_product, -v_change.delta, v_change.reason, 'Undone', 'manual',
                                   public.undo_request_id(p_request_id));
end
$$;

-- As in 20261123001500, except `sales`: a sale (units out) undone within the
-- period is no sale, and the undo (units back) none either.
create or replace function public.report_figures(p_shop_id uuid, p_start timestamptz, p_end timestamptz)
returns jsonb
language sql stable set search_path = '' as $$
  with moves as (
    select m.product_id, m.reason, m.delta, m.request_id
      from public.stock_movements m
     where m.shop_id = p_shop_id and m.created_at >= p_start and m.created_at < p_end
  ), sold as (
    select -sum(mv.delta) as units, p.unit_price, p.unit_cost
      from moves mv join public.products p on p.id = mv.product_id
     where mv.reason = 'sold'
     group by p.id
  ), shrink as (
    select sum(coalesce(r.missing, 0) + coalesce(r.sold_or_missing, 0)) as units, p.unit_cost
      from public.count_sessions s
      join public.count_results r on r.session_id = s.id
      join public.products p on p.id = r.product_id
     where s.shop_id = p_shop_id and s.status = 'confirmed' and s.ended_at >= p_start and s.ended_at < p_end
     group by p.id
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
$$;

revoke execute on function public.undo_request_id(uuid) from public, anon;
grant execute on function public.undo_request_id(uuid) to authenticated, service_role;
