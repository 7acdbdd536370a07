-- The review of a stocktake, and its confirmation.

-- One row per product seen in the session's photos: the counts summed over each
-- side's photos, and what the ledger recorded between the two sides' photos.
-- Security invoker: RLS decides what the caller sees.
create function public.count_session_review(p_session_id uuid)
returns table (
  product_id uuid, name text, sku text, qty integer, low_stock_threshold integer,
  start_count integer, end_count integer, confidence numeric, analysers text,
  received integer, sold integer
)
language sql stable set search_path = '' as $$
  with session as (
    select id, shop_id, started_at, ended_at from public.count_sessions where id = p_session_id
  ), lines as (
    select l.product_id,
           sum(l.count) filter (where ph.side = 'start')::integer as start_count,
           sum(l.count) filter (where ph.side = 'end')::integer as end_count,
           min(l.confidence) as confidence,
           string_agg(distinct l.analyser, ', ' order by l.analyser) as analysers
      from public.count_lines l join public.count_photos ph on ph.id = l.photo_id
     where l.session_id = p_session_id
     group by l.product_id
  )
  select p.id, p.name, p.sku, p.qty, p.low_stock_threshold,
         coalesce(lines.start_count, 0), coalesce(lines.end_count, 0), lines.confidence, lines.analysers,
         coalesce(m.received, 0), coalesce(m.sold, 0)
    from lines
    join session on true
    join public.products p on p.id = lines.product_id and p.shop_id = session.shop_id
    left join lateral (
      select sum(sm.delta) filter (where sm.reason in ('received', 'returned'))::integer as received,
             (-sum(sm.delta) filter (where sm.reason = 'sold'))::integer as sold
        from public.stock_movements sm
       where sm.product_id = p.id and sm.created_at between session.started_at and session.ended_at
    ) m on true
   order by p.name, p.id
$$;

-- Confirms a stocktake: for each product the owner's end count (plus whatever
-- the ledger recorded after the end-of-day photos) becomes the quantity, the
-- difference is written to the ledger, and the session is closed. All in this
-- one transaction, exactly once: the session row is locked, a confirmed
-- session applies nothing, and each movement carries the session id as its
-- request id.
create function public.confirm_count_session(p_session_id uuid, p_counts jsonb)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_session public.count_sessions;
  v_product public.products;
  v_line record;
  v_received integer;
  v_sold integer;
  v_after integer;
  v_target integer;
  v_changed integer := 0;
begin
  select s.* into v_session
    from public.count_sessions s join public.shops sh on sh.id = s.shop_id
   where s.id = p_session_id and sh.owner_id = auth.uid()
     for update of s;
  if not found then
    raise exception 'Stocktake not found' using errcode = 'P0002';
  end if;
  if v_session.status = 'confirmed' then
    return jsonb_build_object('already_confirmed', true, 'changed',
      (select count(*) from public.count_results r where r.session_id = p_session_id and r.qty_after <> r.qty_before));
  end if;
  if v_session.status <> 'review' then
    raise exception 'This stocktake is not ready to confirm' using errcode = '22023';
  end if;
  if jsonb_typeof(p_counts) is distinct from 'array' or jsonb_array_length(p_counts) not between 1 and 5000 then
    raise exception 'Send between 1 and 5000 counts' using errcode = '22023';
  end if;
  if exists (
    select from jsonb_to_recordset(p_counts) as c(product_id uuid, start_count integer, end_count integer)
     where c.product_id is null or c.start_count is null or c.end_count is null
        or c.start_count not between 0 and 1000000 or c.end_count not between 0 and 1000000
  ) then
    raise exception 'Every count must be a whole number from 0 to 1000000' using errcode = '22023';
  end if;
  if (select count(distinct c.product_id) <> count(*) from jsonb_to_recordset(p_counts) as c(product_id uuid)) then
    raise exception 'A product is counted twice' using errcode = '22023';
  end if;

  -- Ordered by id so that two confirmations lock products in the same order.
  for v_line in
    select c.product_id, c.start_count, c.end_count
      from jsonb_to_recordset(p_counts) as c(product_id uuid, start_count integer, end_count integer)
     order by c.product_id
  loop
    v_product := public.lock_owned_product(v_line.product_id);
    if v_product.shop_id <> v_session.shop_id then
      raise exception 'Product not found' using errcode = 'P0002';
    end if;
    select coalesce(sum(delta) filter (where reason in ('received', 'returned')
                                        and created_at between v_session.started_at and v_session.ended_at), 0),
           coalesce(-sum(delta) filter (where reason = 'sold'
                                         and created_at between v_session.started_at and v_session.ended_at), 0),
           coalesce(sum(delta) filter (where created_at > v_session.ended_at), 0)
      into v_received, v_sold, v_after
      from public.stock_movements where product_id = v_product.id;
    v_target := greatest(v_line.end_count + v_after, 0);
    if v_target <> v_product.qty then
      perform public.apply_stock_change(
        v_product, v_target - v_product.qty,
        case when v_target > v_product.qty then 'count_correction' when v_sold > 0 then 'lost' else 'gone' end,
        'Photo stocktake', 'photo_count', p_session_id);
      v_changed := v_changed + 1;
    end if;
    insert into public.count_results
      (session_id, shop_id, product_id, start_count, end_count, received, sold, qty_before, qty_after)
    values (p_session_id, v_session.shop_id, v_product.id, v_line.start_count, v_line.end_count,
            v_received, v_sold, v_product.qty, v_target);
  end loop;

  update public.count_sessions set status = 'confirmed', confirmed_at = now() where id = p_session_id;
  return jsonb_build_object('already_confirmed', false, 'changed', v_changed);
end
$$;

revoke execute on function public.count_session_review(uuid) from public, anon;
revoke execute on function public.confirm_count_session(uuid, jsonb) from public, anon;
grant execute on function public.count_session_review(uuid) to authenticated, service_role;
grant execute on function public.confirm_count_session(uuid, jsonb) to authenticated, service_role;
