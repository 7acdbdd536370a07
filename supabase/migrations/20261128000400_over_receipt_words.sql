-- More than ordered is asked about in words that fit where the line stands. Nothing received yet
-- read "only 36 of 36 still to come"; now "40 arrived, but 36 were ordered", and part received
-- "19 arrived, but only 14 of the 24 ordered are still to come". The rest of the function is as
-- 20261126005100 left it.

create or replace function public.receive_purchase_order(
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
    -- A retry of a receipt that happened is answered above, whatever the order's status now.
    if v_order.status = 'draft' then
      raise exception 'This purchase order is still a draft: mark it sent before receiving stock on it' using errcode = '22023';
    end if;
    if v_order.status = 'received' then
      raise exception 'This purchase order is received in full: nothing more can be received on it' using errcode = '22023';
    end if;
    if v_item.units > v_line.qty - v_line.received and not coalesce(p_allow_over, false) then
      select name into v_name from public.products where id = v_line.product_id;
      raise exception '%: % arrived, but %. Confirm to receive more than ordered.',
        v_name, v_item.units,
        case when v_line.received = 0 then format('%s %s ordered', v_line.qty, case when v_line.qty = 1 then 'was' else 'were' end)
             when v_line.received >= v_line.qty then format('all %s ordered have been received', v_line.qty)
             else format('only %s of the %s ordered %s still to come', v_line.qty - v_line.received, v_line.qty,
                         case when v_line.qty - v_line.received = 1 then 'is' else 'are' end) end
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
