-- A change's reason says which way stock went: a sale, damage or a loss takes stock away, a
-- delivery or a customer's return adds to it ("Add 3 · Sold" was booked as a sale of +3, and the
-- reports took it off the day's sales). Undos write the opposite of a change with its reason, and
-- stocktakes book through apply_stock_change() directly: neither comes through here.
create function public.check_stock_reason(p_reason text, p_delta integer) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if (p_reason in ('sold', 'damaged', 'lost', 'gone') and p_delta > 0) or (p_reason in ('received', 'returned') and p_delta < 0) then
    raise exception '%', case when p_delta > 0 then 'Choose a reason that adds stock' else 'Choose a reason that takes stock away' end
      using errcode = '22023';
  end if;
end
$$;

revoke execute on function public.check_stock_reason(text, integer) from public, anon, authenticated;
grant execute on function public.check_stock_reason(text, integer) to service_role;

create or replace function public.adjust_stock(
  p_product_id uuid,
  p_delta integer,
  p_reason text,
  p_note text default null,
  p_source text default 'manual',
  p_request_id uuid default null
) returns public.stock_movements
language plpgsql security definer set search_path = '' as $$
declare
  v_product public.products;
begin
  if p_delta is null or p_delta = 0 then
    raise exception 'The change must be a whole number other than zero' using errcode = '22023';
  end if;
  perform public.check_stock_reason(p_reason, p_delta);
  v_product := public.lock_owned_product(p_product_id);
  if p_reason = 'count_correction' and not public.corrects_counts(v_product.shop_id) then
    raise exception 'Correcting a count needs the owner or a manager' using errcode = '42501';
  end if;
  return public.apply_stock_change(v_product, p_delta, p_reason, p_note, p_source, p_request_id);
end
$$;

create or replace function public.set_stock(
  p_product_id uuid,
  p_qty integer,
  p_reason text default 'count_correction',
  p_note text default null,
  p_source text default 'manual',
  p_request_id uuid default null
) returns public.stock_movements
language plpgsql security definer set search_path = '' as $$
declare
  v_product public.products;
begin
  if p_qty is null or p_qty < 0 then
    raise exception 'A count must be zero or more' using errcode = '22023';
  end if;
  v_product := public.lock_owned_product(p_product_id);
  if not public.corrects_counts(v_product.shop_id) then
    raise exception 'Correcting a count needs the owner or a manager' using errcode = '42501';
  end if;
  if v_product.qty = p_qty then
    return null;
  end if;
  perform public.check_stock_reason(p_reason, p_qty - v_product.qty);
  return public.apply_stock_change(v_product, p_qty - v_product.qty, p_reason, p_note, p_source, p_request_id);
end
$$;
