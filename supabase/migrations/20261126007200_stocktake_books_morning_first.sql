-- Confirming a stocktake books a product's morning correction before the day's.
-- Since a movement's time is read as it is booked (20261126007100), the ledger
-- keeps the order confirming books in: the morning count corrects the stock the
-- day started from, so it comes first, and each movement's stock after follows
-- the day as it happened. (With one time for the whole transaction the two were
-- tied, and which one was "last" was left to their ids.)
create or replace function public.confirm_count_session(p_session_id uuid, p_version text)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_session public.count_sessions;
  v_review jsonb;
  v_line jsonb;
  v_move jsonb;
  v_product public.products;
  v_changed integer := 0;
  v_booked integer := 0;
begin
  if p_version is null or p_version !~ '^[0-9a-f]{32}$' then
    raise exception 'The review could not be read. Reload the page and try again.' using errcode = '22023';
  end if;
  v_session := public.lock_owned_count_session(p_session_id);
  if v_session.status = 'confirmed' then
    return jsonb_build_object('already_confirmed', true, 'movements', 0, 'changed',
      (select count(*) from public.count_results r where r.session_id = p_session_id and r.qty_after <> r.qty_before));
  end if;
  if v_session.status <> 'open' then
    raise exception 'This stocktake was left unfinished for 7 days and closed. Start a new one.' using errcode = '22023';
  end if;
  if not public.count_session_ready(p_session_id) then
    raise exception 'This stocktake is not ready to confirm: every photo must be counted first' using errcode = '22023';
  end if;

  perform 1 from public.products p
   where p.shop_id = v_session.shop_id
     and (v_session.coverage = 'all' or p.id in (select l.product_id from public.count_lines l where l.session_id = p_session_id))
   order by p.id
     for update;
  v_review := public.count_session_review(p_session_id);
  if v_review->>'version' is distinct from p_version then
    raise exception 'Stock changed since you opened this review: check the new numbers' using errcode = 'PT409';
  end if;

  for v_line in select * from jsonb_array_elements(v_review->'lines') loop
    for v_move in select m.value from jsonb_array_elements(v_line->'movements') with ordinality as m(value, n)
                   order by (m.value->>'kind') is distinct from 'opening', m.n loop
      select * into v_product from public.products where id = (v_line->>'product_id')::uuid;
      perform public.apply_stock_change(
        v_product, (v_move->>'delta')::integer, v_move->>'reason',
        case v_move->>'kind' when 'opening' then 'Photo stocktake: morning count' else 'Photo stocktake' end,
        'photo_count',
        case v_move->>'kind' when 'opening' then md5(p_session_id::text || ':opening')::uuid else p_session_id end);
      v_booked := v_booked + 1;
    end loop;
    if (v_line->>'qty_after')::integer <> (v_line->>'qty_now')::integer then
      v_changed := v_changed + 1;
    end if;
    insert into public.count_results
      (session_id, shop_id, product_id, coverage, in_photos, absent, qty_at_start, start_count, received, sold, other_out,
       moved, end_count, gone, gone_sold, gone_other, missing, sold_or_missing, refill, opening, gain,
       qty_before, qty_after, clamped, movements)
    select p_session_id, v_session.shop_id, r.product_id, r.coverage, r.in_photos, r.absent, r.qty_at_start, r.start_count,
           r.received, r.sold, r.other_out, r.moved, r.end_count, r.gone, r.gone_sold, r.gone_other, r.missing,
           r.sold_or_missing, r.refill, r.opening, r.gain, r.qty_now, r.qty_after, r.clamped, v_line->'movements'
      from jsonb_to_record(v_line) as r(
        product_id uuid, coverage text, in_photos boolean, absent text, qty_at_start integer, start_count integer,
        received integer, sold integer, other_out integer, moved integer, end_count integer, gone integer,
        gone_sold integer, gone_other integer, missing integer, sold_or_missing integer, refill integer,
        opening integer, gain integer, qty_now integer, qty_after integer, clamped boolean);
  end loop;

  update public.count_sessions set status = 'confirmed', confirmed_at = now() where id = p_session_id;
  return jsonb_build_object('already_confirmed', false, 'changed', v_changed, 'movements', v_booked);
end
$$;
