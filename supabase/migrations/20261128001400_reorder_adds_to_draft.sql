-- The reorder page's ticked suggestions go into the supplier's open draft when there is one,
-- instead of a second draft beside it (a supplier was sent two orders, or the owner merged
-- them by hand). The suggestions already count a draft as on order, so what is added is the
-- shortfall beyond it. A retried submit adds nothing twice: the request ids a draft took lines
-- from are kept on it.
alter table public.purchase_orders add column added_request_ids uuid[] not null default '{}';

create function public.order_suggestions(p_supplier_id uuid, p_lines jsonb, p_request_id uuid)
returns table (id uuid, number integer, added boolean)
language plpgsql security definer set search_path = '' as $$
declare
  v_shop_id uuid;
  v_order public.purchase_orders;
begin
  select su.shop_id into v_shop_id
    from public.suppliers su
   where su.id = p_supplier_id and su.shop_id in (select public.member_shops(array['owner', 'manager']))
     -- one submit at a time per supplier: two at once would both miss the other's draft
     for update of su;
  if not found then
    raise exception 'Supplier not found' using errcode = 'P0002';
  end if;
  if p_request_id is null then
    raise exception 'Reload the page and try again' using errcode = '22023';
  end if;
  select * into v_order from public.purchase_orders po
   where po.shop_id = v_shop_id and (po.request_id = p_request_id or p_request_id = any (po.added_request_ids));
  if found then
    return query select v_order.id, v_order.number, v_order.request_id is distinct from p_request_id;
    return;
  end if;

  select * into v_order from public.purchase_orders po
   where po.shop_id = v_shop_id and po.supplier_id = p_supplier_id and po.status = 'draft'
   order by po.created_at desc, po.number desc
   limit 1;
  if not found then
    v_order := public.create_purchase_order(p_supplier_id, p_lines, null, p_request_id);
    return query select v_order.id, v_order.number, false;
    return;
  end if;

  if jsonb_typeof(p_lines) is distinct from 'array' or jsonb_array_length(p_lines) = 0 then
    raise exception 'A purchase order needs at least one line' using errcode = '22023';
  end if;
  create temp table if not exists po_added_lines (product_id uuid, packs integer) on commit drop;
  truncate pg_temp.po_added_lines;
  insert into pg_temp.po_added_lines
  select x.product_id, x.packs from jsonb_to_recordset(p_lines) as x(product_id uuid, packs integer);
  if exists (select 1 from pg_temp.po_added_lines l where l.packs is null or l.packs < 1) then
    raise exception 'Quantities must be one or more' using errcode = '22023';
  end if;
  if exists (
    select 1 from pg_temp.po_added_lines l
     where not exists (select 1 from public.products p where p.id = l.product_id and p.shop_id = v_shop_id)
  ) then
    raise exception 'A product on this order is not in your catalogue' using errcode = '22023';
  end if;
  if (select count(*) <> count(distinct l.product_id) from pg_temp.po_added_lines l) then
    raise exception 'A product appears more than once on the order' using errcode = '22023';
  end if;
  if (select count(*) from (
        select l.product_id from pg_temp.po_added_lines l
        union
        select pol.product_id from public.purchase_order_lines pol where pol.purchase_order_id = v_order.id) u) > 500 then
    raise exception 'A purchase order holds at most 500 lines' using errcode = '22023';
  end if;

  -- A product already on the draft gets the packs added; its line keeps its own pack size, so
  -- units at another pack size are rounded up to whole packs of the line's.
  begin
    insert into public.purchase_order_lines as pol (purchase_order_id, shop_id, product_id, packs, pack_size, unit_cost)
    select v_order.id, v_shop_id, l.product_id, l.packs, coalesce(ps.pack_size, 1), coalesce(ps.unit_cost, p.unit_cost)
      from pg_temp.po_added_lines l
      join public.products p on p.id = l.product_id
      left join public.product_suppliers ps on ps.product_id = l.product_id and ps.supplier_id = p_supplier_id
    on conflict (purchase_order_id, product_id) do update
      set packs = pol.packs + ceil(excluded.packs * excluded.pack_size::numeric / pol.pack_size)::integer;
  exception when check_violation or numeric_value_out_of_range then
    raise exception 'A line of an order holds at most 100,000 packs' using errcode = '22023';
  end;

  update public.purchase_orders po set added_request_ids = po.added_request_ids || p_request_id
   where po.id = v_order.id;
  return query select v_order.id, v_order.number, true;
end
$$;

revoke execute on function public.order_suggestions(uuid, jsonb, uuid) from public, anon;
grant execute on function public.order_suggestions(uuid, jsonb, uuid) to authenticated, service_role;
