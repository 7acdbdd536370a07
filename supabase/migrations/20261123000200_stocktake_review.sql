-- The review of a stocktake and its confirmation: one computation for both.
-- count_session_plan() works out every number the review shows, per product,
-- including the exact movements confirming books; count_session_review()
-- adds the totals and a version (a hash of all of it); confirm_count_session()
-- books that same review, and only if its version is the one the owner saw.

drop function public.count_session_review(uuid);
drop function public.confirm_count_session(uuid, jsonb);

-- Per product, from the photos (summed over each side's photos), the owner's
-- edits and the ledger around the photos' times:
--   qty_at_start  the catalogue quantity when the morning photos were taken
--   received, sold, other_out  what the ledger recorded between the photos
--                 (receipts and returns; sales; damaged and lost)
--   gone          units that left the shelf: start + received + moved - end, never negative,
--                 split into gone_sold and gone_other (recorded) and the rest,
--                 missing (when the ledger recorded any sale or loss, the rest is missing)
--                 or sold_or_missing (with no record, nobody can tell which)
-- What the photos cover decides what is booked:
--   'shelf'  the photos measure movement only: stock goes down by the units gone that the
--            ledger did not record; an evening shelf fuller than the ledger explains was
--            refilled from storage (refill) and books nothing
--   'all'    the end count is the stock: the morning's difference from the catalogue is
--            booked on its own (opening, a count correction), and the day's unexplained
--            loss (missing or sold_or_missing) or gain (gain, a count correction)
-- A product in no photo is listed only when the photos cover everything: kept as it is
-- (absent 'keep'), or set to 0 (absent 'zero'). Stock never goes below 0: a change that
-- would take it there is cut short (clamped) and the review says so.
create type public.count_review_line as (
  product_id uuid, name text, sku text,
  in_photos boolean, coverage text, absent text, confidence numeric, analysers text,
  start_proposed integer, end_proposed integer,
  qty_at_start integer, start_count integer, received integer, sold integer, other_out integer, moved integer,
  end_count integer, gone integer, gone_sold integer, gone_other integer, missing integer, sold_or_missing integer,
  refill integer, opening integer, gain integer,
  qty_now integer, qty_after integer, clamped boolean, movements jsonb
);

create function public.count_session_plan(p_session_id uuid)
returns setof public.count_review_line
language sql stable set search_path = '' as $$
  with session as (
    select s.id, s.shop_id, s.coverage, s.started_at, s.ended_at from public.count_sessions s where s.id = p_session_id
  ), seen as (
    select l.product_id,
           coalesce(sum(l.count) filter (where ph.side = 'start'), 0)::integer as start_proposed,
           coalesce(sum(l.count) filter (where ph.side = 'end'), 0)::integer as end_proposed,
           min(l.confidence) as confidence,
           string_agg(distinct l.analyser, ', ' order by l.analyser) as analysers
      from public.count_lines l join public.count_photos ph on ph.id = l.photo_id
     where l.session_id = p_session_id
     group by l.product_id
  ), ledger as (
    -- Everything after the morning photos, through stock_movements (shop_id, created_at).
    select m.product_id,
           sum(m.delta)::integer as since_start,
           coalesce(sum(m.delta) filter (where m.created_at <= s.ended_at and m.delta > 0 and m.reason in ('received', 'returned')), 0)::integer as received,
           coalesce(-sum(m.delta) filter (where m.created_at <= s.ended_at and m.delta < 0 and m.reason = 'sold'), 0)::integer as sold,
           coalesce(-sum(m.delta) filter (where m.created_at <= s.ended_at and m.delta < 0 and m.reason in ('damaged', 'lost')), 0)::integer as other_out,
           coalesce(sum(m.delta) filter (where m.created_at <= s.ended_at), 0)::integer as window_net,
           coalesce(sum(m.delta) filter (where m.created_at > s.ended_at), 0)::integer as after_end
      from session s join public.stock_movements m on m.shop_id = s.shop_id and m.created_at > s.started_at
     group by m.product_id
  ), base as (
    select p.id as product_id, p.name, p.sku, p.qty as qty_now,
           seen.product_id is not null as in_photos,
           case when seen.product_id is not null then coalesce(e.coverage, s.coverage) end as coverage,
           case when seen.product_id is null then coalesce(e.absent, 'keep') end as absent,
           seen.confidence, seen.analysers,
           coalesce(seen.start_proposed, 0) as start_proposed,
           coalesce(seen.end_proposed, 0) as end_proposed,
           p.qty - coalesce(l.since_start, 0) as qty_at_start,
           coalesce(e.start_count, seen.start_proposed, 0) as start_count,
           coalesce(e.end_count, seen.end_proposed, 0) as end_count,
           case when seen.product_id is not null and coalesce(e.coverage, s.coverage) = 'shelf' then coalesce(e.moved, 0) else 0 end as moved,
           coalesce(l.received, 0) as received, coalesce(l.sold, 0) as sold, coalesce(l.other_out, 0) as other_out,
           coalesce(l.window_net, 0) as window_net, coalesce(l.after_end, 0) as after_end
      from session s
      join public.products p on p.shop_id = s.shop_id
      left join seen on seen.product_id = p.id
      left join public.count_edits e on e.session_id = s.id and e.product_id = p.id
      left join ledger l on l.product_id = p.id
     where seen.product_id is not null or s.coverage = 'all'
  ), day as (
    select b.*,
           g.gone, least(b.sold, g.gone) as gone_sold, least(b.other_out, g.gone - least(b.sold, g.gone)) as gone_other,
           -- what the evening count is short of (positive) or over (negative) what the ledger explains
           case when b.coverage = 'all' then b.start_count + b.window_net - b.end_count
                else b.start_count + b.received + b.moved - b.sold - b.other_out - b.end_count end as unexplained
      from base b
      cross join lateral (select case when b.in_photos then greatest(b.start_count + b.received + b.moved - b.end_count, 0) else 0 end as gone) g
  ), moves as (
    select d.*,
           case when d.coverage = 'all' then d.start_count - d.qty_at_start else 0 end as m_open,
           case when not d.in_photos then case when d.absent = 'zero' then greatest(d.after_end, 0) - d.qty_now else 0 end
                when d.coverage = 'all' then -d.unexplained
                else -greatest(d.unexplained, 0) end as m_day,
           case when not d.in_photos or -d.unexplained > 0 then 'count_correction'
                when d.sold + d.other_out > 0 then 'lost' else 'gone' end as day_reason
      from day d
  ), clamped as (
    -- A change that would take stock below 0 is cut short: the day's first, then the opening's.
    select m.*, c.short,
           m.m_day + least(c.short, greatest(-m.m_day, 0)) as day_delta,
           m.m_open + least(c.short - least(c.short, greatest(-m.m_day, 0)), greatest(-m.m_open, 0)) as open_delta
      from moves m
      cross join lateral (select greatest(-(m.qty_now + m.m_open + m.m_day), 0) as short) c
  )
  select c.product_id, c.name, c.sku, c.in_photos, c.coverage, c.absent, c.confidence, c.analysers,
         c.start_proposed, c.end_proposed,
         c.qty_at_start, c.start_count, c.received, c.sold, c.other_out, c.moved, c.end_count,
         c.gone, c.gone_sold, c.gone_other,
         case when c.in_photos and c.sold + c.other_out > 0 then greatest(c.unexplained, 0) else 0 end,
         case when c.in_photos and c.sold + c.other_out = 0 then greatest(c.unexplained, 0) else 0 end,
         case when c.in_photos and c.coverage = 'shelf' then greatest(-c.unexplained, 0) else 0 end,
         case when c.coverage = 'all' then c.start_count - c.qty_at_start else 0 end,
         case when c.in_photos and c.coverage = 'all' then greatest(-c.unexplained, 0) else 0 end,
         c.qty_now, c.qty_now + c.open_delta + c.day_delta, c.short > 0,
         (select coalesce(jsonb_agg(jsonb_build_object('kind', v.kind, 'delta', v.delta, 'reason', v.reason) order by v.delta < 0, v.ord), '[]')
            from (values (1, 'opening', c.open_delta, 'count_correction'), (2, 'day', c.day_delta, c.day_reason)) v(ord, kind, delta, reason)
           where v.delta <> 0)
    from clamped c
$$;

-- A stocktake's lines: worked out afresh while it is open; once confirmed, the
-- lines as they were booked (count_results), with the products' names now.
create function public.count_session_lines(p_session_id uuid)
returns setof public.count_review_line
language sql stable set search_path = '' as $$
  select p.* from public.count_sessions s, public.count_session_plan(s.id) p
   where s.id = p_session_id and s.status = 'open'
  union all
  select r.product_id, pr.name, pr.sku, coalesce(r.in_photos, true), r.coverage, r.absent, null, null,
         r.start_count, r.end_count, coalesce(r.qty_at_start, r.qty_before), r.start_count, r.received, r.sold,
         coalesce(r.other_out, 0), coalesce(r.moved, 0), r.end_count, coalesce(r.gone, 0), coalesce(r.gone_sold, 0),
         coalesce(r.gone_other, 0), coalesce(r.missing, 0), coalesce(r.sold_or_missing, 0), coalesce(r.refill, 0),
         coalesce(r.opening, 0), coalesce(r.gain, 0), r.qty_before, r.qty_after, coalesce(r.clamped, false),
         coalesce(r.movements, '[]')
    from public.count_sessions s
    join public.count_results r on r.session_id = s.id
    join public.products pr on pr.id = r.product_id
   where s.id = p_session_id and s.status = 'confirmed'
$$;

-- The review as the owner sees it: the lines (products in the photos first, by
-- name), the totals, and the version that confirming must be given back.
create function public.count_session_review(p_session_id uuid)
returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
           'version', md5(coalesce(string_agg(to_jsonb(p)::text, '|' order by p.product_id) filter (where p.product_id is not null), '') || s.coverage),
           'status', s.status,
           'coverage', s.coverage,
           'lines', coalesce(jsonb_agg(to_jsonb(p) order by not p.in_photos, p.name, p.product_id) filter (where p.product_id is not null), '[]'),
           'totals', jsonb_build_object(
             'products', count(p.product_id),
             'changed', count(p.product_id) filter (where p.qty_after <> p.qty_now),
             'gone', coalesce(sum(p.gone), 0),
             'sold', coalesce(sum(p.gone_sold), 0),
             'missing', coalesce(sum(p.missing), 0),
             'sold_or_missing', coalesce(sum(p.sold_or_missing), 0),
             'refill', coalesce(sum(p.refill), 0),
             'change', coalesce(sum(p.qty_after - p.qty_now), 0),
             'stock_after', coalesce(sum(p.qty_after), 0)))
    from public.count_sessions s
    left join lateral public.count_session_lines(s.id) p on true
   where s.id = p_session_id
   group by s.id, s.status, s.coverage
$$;

-- Both sides have photos, and every photo has been counted.
create function public.count_session_ready(p_session_id uuid) returns boolean
language sql stable set search_path = '' as $$
  select count(*) filter (where side = 'start') > 0
     and count(*) filter (where side = 'end') > 0
     and count(*) filter (where status <> 'analysed') = 0
    from public.count_photos where session_id = p_session_id
$$;

-- Books the review the owner confirmed, in one transaction, exactly once: the
-- stocktake row is locked (a second confirm finds it confirmed and applies
-- nothing), then every product the review covers (a sale at the till waits),
-- then the review is worked out again and booked only if its version is the
-- one the owner saw; if the ledger moved in between, nothing is booked.
create function public.confirm_count_session(p_session_id uuid, p_version text)
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
    for v_move in select * from jsonb_array_elements(v_line->'movements') loop
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

revoke execute on function public.count_session_plan(uuid) from public, anon;
revoke execute on function public.count_session_lines(uuid) from public, anon;
revoke execute on function public.count_session_review(uuid) from public, anon;
revoke execute on function public.count_session_ready(uuid) from public, anon;
revoke execute on function public.confirm_count_session(uuid, text) from public, anon;
grant execute on function public.count_session_plan(uuid) to authenticated, service_role;
grant execute on function public.count_session_lines(uuid) to authenticated, service_role;
grant execute on function public.count_session_review(uuid) to authenticated, service_role;
grant execute on function public.count_session_ready(uuid) to authenticated, service_role;
grant execute on function public.confirm_count_session(uuid, text) to authenticated, service_role;
