-- A count correction (setting the stock to what was counted, or a change booked as one) is what
-- confirming a stocktake books, so it needs whoever may confirm one: the owner, a manager, or
-- staff where the owner lets staff confirm (shops.staff_can_confirm). Staff still sell, receive
-- and book damaged, lost or returned stock. Found by supabase/local/test/cross-role.int.test.ts's
-- review: set_stock was open to every member.

create function public.corrects_counts(p_shop_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select p_shop_id in (select public.member_shops(array['owner', 'manager']))
      or (p_shop_id in (select public.member_shops())
          and coalesce((select s.staff_can_confirm from public.shops s where s.id = p_shop_id), false))
$$;

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
  return public.apply_stock_change(v_product, p_qty - v_product.qty, p_reason, p_note, p_source, p_request_id);
end
$$;

revoke execute on function public.corrects_counts(uuid) from public, anon;
grant execute on function public.corrects_counts(uuid) to authenticated, service_role;
