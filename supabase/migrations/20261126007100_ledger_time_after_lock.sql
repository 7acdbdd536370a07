-- A movement's time is taken once its product is locked, not when its
-- transaction began. Two taps on one product at once take turns on the
-- product's row; with now() the second to book could carry the earlier time,
-- so "the day's last movement" (by time, then id: the stock at the day's end
-- in stock_days and the reorder figures) named the wrong one. clock_timestamp()
-- read under the lock orders a product's movements as they were booked.
create or replace function public.apply_stock_change(
  p_product public.products,
  p_delta integer,
  p_reason text,
  p_note text,
  p_source text,
  p_request_id uuid
) returns public.stock_movements
language plpgsql security definer set search_path = '' as $$
declare
  v_movement public.stock_movements;
begin
  if p_request_id is not null then
    select * into v_movement from public.stock_movements
     where product_id = p_product.id and request_id = p_request_id;
    if found then
      return v_movement;
    end if;
  end if;
  if p_product.qty + p_delta < 0 then
    raise exception 'Not enough stock: only % in stock', p_product.qty using errcode = '23514';
  end if;
  perform set_config('shelfsnap.stock_write', 'on', true);
  update public.products set qty = p_product.qty + p_delta where id = p_product.id;
  perform set_config('shelfsnap.stock_write', 'off', true);
  insert into public.stock_movements (shop_id, product_id, delta, qty_after, reason, note, source, created_by, request_id, created_at)
  values (p_product.shop_id, p_product.id, p_delta, p_product.qty + p_delta, p_reason, nullif(btrim(p_note), ''),
          p_source, auth.uid(), p_request_id, clock_timestamp())
  returning * into v_movement;
  return v_movement;
end
$$;
