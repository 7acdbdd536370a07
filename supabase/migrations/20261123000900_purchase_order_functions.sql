-- Making, sending, cancelling and receiving purchase orders. Security definer
-- bypasses RLS, so each function checks that the order belongs to the caller.

-- The caller's order, locked: every change of one order (and every receipt on it) queues here.
create function public.lock_owned_purchase_order(p_purchase_order_id uuid) returns public.purchase_orders
language plpgsql security definer set search_path = '' as $$
declare
  v_order public.purchase_orders;
begin
  select po.* into v_order
    from public.purchase_orders po join public.shops s on s.id = po.shop_id
   where po.id = p_purchase_order_id and s.owner_id = auth.uid()
     for update of po;
  if not found then
    raise exception 'Purchase order not found' using errcode = 'P0002';
  end if;
  return v_order;
end
$$;

-- A draft for one supplier. Lines: [{product_id, packs, pack_size?, unit_cost?}]; a missing pack
-- size or cost comes from the product's link to the supplier, then the product.
create function public.create_purchase_order(
  p_supplier_id uuid,
  p_lines jsonb,
  p_notes text default null,
  p_request_id uuid default null
) returns public.purchase_orders
language plpgsql security definer set search_path = '' as $$
declare
  v_shop_id uuid;
  v_order public.purchase_orders;
begin
  select su.shop_id into v_shop_id
    from public.suppliers su join public.shops s on s.id = su.shop_id
   where su.id = p_supplier_id and s.owner_id = auth.uid();
  if not found then
    raise exception 'Supplier not found' using errcode = 'P0002';
  end if;
  if p_request_id is not null then
    select * into v_order from public.purchase_orders where shop_id = v_shop_id and request_id = p_request_id;
    if found then
      return v_order;
    end if;
  end if;
  if jsonb_typeof(p_lines) is distinct from 'array' or jsonb_array_length(p_lines) = 0 then
    raise exception 'A purchase order needs at least one line' using errcode = '22023';
  end if;
  if jsonb_array_length(p_lines) > 500 then
    raise exception 'A purchase order holds at most 500 lines' using errcode = '22023';
  end if;
  create temp table if not exists po_new_lines (product_id uuid, packs integer, pack_size integer, unit_cost numeric)
    on commit drop;
  truncate pg_temp.po_new_lines;
  insert into pg_temp.po_new_lines
  select x.product_id, x.packs, x.pack_size, x.unit_cost
    from jsonb_to_recordset(p_lines) as x(product_id uuid, packs integer, pack_size integer, unit_cost numeric);
  if exists (select 1 from pg_temp.po_new_lines where packs is null or packs < 1 or pack_size < 1 or unit_cost < 0) then
    raise exception 'Quantities must be one or more, and costs zero or more' using errcode = '22023';
  end if;
  if exists (
    select 1 from pg_temp.po_new_lines l
     where not exists (select 1 from public.products p where p.id = l.product_id and p.shop_id = v_shop_id)
  ) then
    raise exception 'A product on this order is not in your catalogue' using errcode = '22023';
  end if;
  if (select count(*) <> count(distinct product_id) from pg_temp.po_new_lines) then
    raise exception 'A product appears more than once on the order' using errcode = '22023';
  end if;
  -- two copies of one request at once: the second finds the first's order once it commits
  insert into public.purchase_orders (shop_id, supplier_id, notes, request_id)
  values (v_shop_id, p_supplier_id, nullif(btrim(p_notes), ''), p_request_id)
  on conflict (shop_id, request_id) where request_id is not null do nothing
  returning * into v_order;
  if v_order.id is null then
    select * into v_order from public.purchase_orders where shop_id = v_shop_id and request_id = p_request_id;
    return v_order;
  end if;
  insert into public.purchase_order_lines (purchase_order_id, shop_id, product_id, packs, pack_size, unit_cost)
  select v_order.id, v_shop_id, l.product_id, l.packs,
         coalesce(l.pack_size, ps.pack_size, 1),
         coalesce(l.unit_cost, ps.unit_cost, p.unit_cost)
    from pg_temp.po_new_lines l
    join public.products p on p.id = l.product_id
    left join public.product_suppliers ps on ps.product_id = l.product_id and ps.supplier_id = p_supplier_id;
  return v_order;
end
$$;

-- draft → sent; draft, sent or partly received → cancelled. Receipts set the other states.
create function public.set_purchase_order_status(p_purchase_order_id uuid, p_status text)
returns public.purchase_orders
language plpgsql security definer set search_path = '' as $$
declare
  v_order public.purchase_orders;
begin
  v_order := public.lock_owned_purchase_order(p_purchase_order_id);
  if v_order.status = p_status then
    return v_order;
  end if;
  if p_status = 'sent' and v_order.status = 'draft' then
    if not exists (select 1 from public.purchase_order_lines where purchase_order_id = v_order.id) then
      raise exception 'Add a line before sending the order' using errcode = '22023';
    end if;
    update public.purchase_orders set status = 'sent', sent_at = now() where id = v_order.id returning * into v_order;
  elsif p_status = 'cancelled' and v_order.status in ('draft', 'sent', 'partly_received') then
    update public.purchase_orders set status = 'cancelled', cancelled_at = now() where id = v_order.id returning * into v_order;
  else
    raise exception 'A % purchase order cannot be marked %', replace(v_order.status, '_', ' '), coalesce(p_status, 'nothing')
      using errcode = '22023';
  end if;
  return v_order;
end
$$;

-- Receives units on lines of one order: [{line_id, units, received_before}]. `received_before` is
-- what the owner's screen showed as received; if the line has moved on since (a double submit, a
-- retry, another device), that receipt already happened and is not applied again. Each receipt is a
-- 'received' movement whose request id is made from the line and `received_before`, so the ledger's
-- unique request index refuses a second copy too. More than is outstanding needs p_allow_over.
create function public.receive_purchase_order(
  p_purchase_order_id uuid,
  p_lines jsonb,
  p_allow_over boolean default false
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_order public.purchase_orders;
  v_line public.purchase_order_lines;
  v_name text;
  v_item record;
  v_applied jsonb := '[]';
begin
  v_order := public.lock_owned_purchase_order(p_purchase_order_id);
  if v_order.status = 'cancelled' then
    raise exception 'This purchase order is cancelled: nothing can be received on it' using errcode = '22023';
  end if;
  if jsonb_typeof(p_lines) is distinct from 'array' or jsonb_array_length(p_lines) = 0 then
    raise exception 'Say what was received' using errcode = '22023';
  end if;
  for v_item in
    select x.line_id, x.units, x.received_before
      from jsonb_to_recordset(p_lines) as x(line_id uuid, units integer, received_before integer)
     order by x.line_id
  loop
    if v_item.units is null or v_item.units < 1 then
      raise exception 'Receive one unit or more' using errcode = '22023';
    end if;
    if v_item.received_before is null or v_item.received_before < 0 then
      raise exception 'Say how many were received before' using errcode = '22023';
    end if;
    select * into v_line from public.purchase_order_lines
     where id = v_item.line_id and purchase_order_id = v_order.id for update;
    if not found then
      raise exception 'That line is not on this purchase order' using errcode = 'P0002';
    end if;
    if v_line.received <> v_item.received_before then
      v_applied := v_applied || jsonb_build_object('line_id', v_line.id, 'received', v_line.received, 'applied', false);
      continue;
    end if;
    if v_item.units > v_line.qty - v_line.received and not coalesce(p_allow_over, false) then
      select name into v_name from public.products where id = v_line.product_id;
      raise exception '%: only % of % still to come. Confirm to receive more than ordered.',
        v_name, greatest(v_line.qty - v_line.received, 0), v_line.qty
        using errcode = '22023', hint = 'over_receive';
    end if;
    perform public.apply_stock_change(
      public.lock_owned_product(v_line.product_id), v_item.units, 'received',
      'PO-' || lpad(v_order.number::text, 4, '0'), 'purchase_order',
      md5('purchase_order_line:' || v_line.id::text || ':' || v_item.received_before::text)::uuid);
    update public.purchase_order_lines set received = received + v_item.units where id = v_line.id
    returning * into v_line;
    v_applied := v_applied || jsonb_build_object('line_id', v_line.id, 'received', v_line.received, 'applied', true);
  end loop;
  if not exists (select 1 from public.purchase_order_lines where purchase_order_id = v_order.id and received < qty) then
    update public.purchase_orders set status = 'received', received_at = now() where id = v_order.id returning * into v_order;
  elsif exists (select 1 from public.purchase_order_lines where purchase_order_id = v_order.id and received > 0) then
    update public.purchase_orders set status = 'partly_received', received_at = null where id = v_order.id returning * into v_order;
  end if;
  return jsonb_build_object('status', v_order.status, 'lines', v_applied);
end
$$;

revoke execute on function public.lock_owned_purchase_order(uuid) from public, anon, authenticated;
revoke execute on function public.create_purchase_order(uuid, jsonb, text, uuid) from public, anon;
revoke execute on function public.set_purchase_order_status(uuid, text) from public, anon;
revoke execute on function public.receive_purchase_order(uuid, jsonb, boolean) from public, anon;
grant execute on function public.create_purchase_order(uuid, jsonb, text, uuid) to authenticated, service_role;
grant execute on function public.set_purchase_order_status(uuid, text) to authenticated, service_role;
grant execute on function public.receive_purchase_order(uuid, jsonb, boolean) to authenticated, service_role;
