-- The review's ledger figures net each change against its undo. An undo is a movement of the
-- same reason the other way (a sale undone is +1 'sold'), and the review summed only one
-- direction of each reason: two sales, their undo and two more sales read as 4 sold, and the
-- 2 units the undo put back as a refill, so a missing unit was booked as nothing.
-- Now, within the photos' window, each kind's net: sales, losses (damaged, lost) and receipts
-- (received, returned). A kind whose undos outweigh it there (the change itself was made
-- before the morning photo) counts on the other side: a sale undone puts a unit back on the
-- shelf as a receipt does, and a receipt undone takes one away as a loss does.
create or replace function public.count_session_plan(p_session_id uuid)
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
    select n.product_id, n.since_start, n.window_net, n.after_end,
           greatest(n.received, 0) + greatest(-n.sold, 0) + greatest(-n.other_out, 0) as received,
           greatest(n.sold, 0) as sold,
           greatest(n.other_out, 0) + greatest(-n.received, 0) as other_out
      from (
        select m.product_id,
               sum(m.delta)::integer as since_start,
               coalesce(sum(m.delta) filter (where m.created_at <= s.ended_at and m.reason in ('received', 'returned')), 0)::integer as received,
               coalesce(-sum(m.delta) filter (where m.created_at <= s.ended_at and m.reason = 'sold'), 0)::integer as sold,
               coalesce(-sum(m.delta) filter (where m.created_at <= s.ended_at and m.reason in ('damaged', 'lost')), 0)::integer as other_out,
               coalesce(sum(m.delta) filter (where m.created_at <= s.ended_at), 0)::integer as window_net,
               coalesce(sum(m.delta) filter (where m.created_at > s.ended_at), 0)::integer as after_end
          from session s join public.stock_movements m on m.shop_id = s.shop_id and m.created_at > s.started_at
         group by m.product_id
      ) n
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

