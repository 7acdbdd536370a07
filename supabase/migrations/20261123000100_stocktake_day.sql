-- A stocktake that lasts the day. It is open from its first photo until it is
-- confirmed, discarded (deleted) or, unfinished after 7 days, expired (its
-- photos removed). Where it stands (morning photos in, evening photos in,
-- counting, ready to review) follows from its photos, so nothing can say
-- "ready" while a photo is still being counted. Each photo carries its own
-- time (the camera's, or when it arrived) and its own analysis; the owner's
-- corrections of a side's time and of the counts are kept apart from what the
-- photos said.

update public.count_sessions set status = 'open' where status in ('uploading', 'analysing', 'review', 'failed');
alter table public.count_sessions drop constraint count_sessions_status_check;
alter table public.count_sessions alter column status set default 'open';
alter table public.count_sessions add constraint count_sessions_status_check check (status in ('open', 'confirmed', 'expired'));

-- Each photo now says which analyser read it and what that cost.
alter table public.count_photos
  add column analyser text,
  add column prompt_tokens integer not null default 0,
  add column completion_tokens integer not null default 0,
  add column cost_usd numeric(12, 6),
  add constraint count_photos_analyser_check check (analyser in ('barcode', 'vision')),
  add constraint count_photos_tokens_check check (prompt_tokens >= 0 and completion_tokens >= 0 and cost_usd >= 0);
update public.count_photos ph
   set analyser = s.analyser, prompt_tokens = s.prompt_tokens, completion_tokens = s.completion_tokens, cost_usd = s.cost_usd
  from (select distinct on (ph2.session_id) ph2.id, cs.analyser, cs.prompt_tokens, cs.completion_tokens, cs.cost_usd
          from public.count_photos ph2 join public.count_sessions cs on cs.id = ph2.session_id
         order by ph2.session_id, ph2.created_at) s
 where ph.id = s.id;

alter table public.count_sessions
  drop column analyser,
  drop column error,
  drop column analysis_started_at,
  drop column analysed_at,
  drop column prompt_tokens,
  drop column completion_tokens,
  drop column cost_usd,
  -- What the photos cover: 'shelf' (the default: a back room holds more, so the
  -- photos measure what left the shelf) or 'all' (the end count is the stock).
  add column coverage text not null default 'shelf',
  -- A side's time as the owner set it by hand, over the photos' own times.
  add column start_time_owner timestamptz,
  add column end_time_owner timestamptz,
  -- Where started_at / ended_at came from: 'camera', 'uploaded' or 'owner'.
  add column start_time_source text,
  add column end_time_source text,
  add column expired_at timestamptz,
  add constraint count_sessions_coverage_check check (coverage in ('shelf', 'all')),
  add constraint count_sessions_time_source_check
    check (start_time_source in ('camera', 'uploaded', 'owner') and end_time_source in ('camera', 'uploaded', 'owner'));
-- The open stocktake of a shop is looked up on every visit to /upload and the dashboard.
create index count_sessions_shop_open_idx on public.count_sessions (shop_id, created_at desc) where status = 'open';

alter table public.count_photos drop constraint count_photos_status_check;
alter table public.count_photos
  add constraint count_photos_status_check check (status in ('pending', 'analysing', 'analysed', 'failed')),
  -- When an analysis job took the photo; a claim older than 10 minutes died with its server.
  add column claimed_at timestamptz,
  add column time_source text not null default 'uploaded',
  add column received_at timestamptz not null default now(),
  -- The upright photo's size, for showing where a code was found.
  add column width integer,
  add column height integer,
  add constraint count_photos_time_source_check check (time_source in ('camera', 'uploaded')),
  add constraint count_photos_size_check check (width between 1 and 100000 and height between 1 and 100000);

-- Where the product's first label was found in the photo (upright pixels).
alter table public.count_lines
  add column box_x integer,
  add column box_y integer,
  add column box_w integer,
  add column box_h integer,
  add constraint count_lines_box_check check (box_w > 0 and box_h > 0);

-- The owner's changes to a review, per product, kept until they confirm: a
-- count they corrected, units moved from storage to the shelf during the
-- day, what this product's photos cover, and for a product in no photo
-- (when the photos cover everything) whether to keep its stock or set it to 0.
create table public.count_edits (
  session_id uuid not null,
  shop_id uuid not null,
  product_id uuid not null,
  start_count integer,
  end_count integer,
  moved integer,
  coverage text,
  absent text,
  updated_at timestamptz not null default now(),
  primary key (session_id, product_id),
  constraint count_edits_session_fkey foreign key (session_id, shop_id)
    references public.count_sessions (id, shop_id) on delete cascade,
  constraint count_edits_product_fkey foreign key (product_id, shop_id)
    references public.products (id, shop_id) on delete cascade,
  constraint count_edits_counts_check check (start_count between 0 and 1000000 and end_count between 0 and 1000000),
  constraint count_edits_moved_check check (moved between 0 and 1000000),
  constraint count_edits_coverage_check check (coverage in ('shelf', 'all')),
  constraint count_edits_absent_check check (absent in ('keep', 'zero'))
);
create index count_edits_product_idx on public.count_edits (product_id);

-- What confirming booked, line by line, exactly as the review showed it.
alter table public.count_results
  add column coverage text,
  add column in_photos boolean,
  add column absent text,
  add column qty_at_start integer,
  add column other_out integer,
  add column moved integer,
  add column gone integer,
  add column gone_sold integer,
  add column gone_other integer,
  add column missing integer,
  add column sold_or_missing integer,
  add column refill integer,
  add column opening integer,
  add column gain integer,
  add column clamped boolean,
  add column movements jsonb;

alter table public.count_edits enable row level security;

-- Only an open stocktake can change; a confirmed one is history, an expired one has no photos left.
drop policy "Owners work on open stocktakes" on public.count_sessions;
create policy "Owners work on open stocktakes" on public.count_sessions
  for update to authenticated
  using (status = 'open' and shop_id in (select id from public.shops where owner_id = (select auth.uid())))
  with check (status = 'open' and shop_id in (select id from public.shops where owner_id = (select auth.uid())));
drop policy "Owners add count photos" on public.count_photos;
drop policy "Owners remove count photos" on public.count_photos;
create policy "Owners remove photos of open stocktakes" on public.count_photos
  for delete to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid()))
         and session_id in (select id from public.count_sessions where status = 'open'));

create policy "Owners read their review edits" on public.count_edits
  for select to authenticated using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners edit open reviews" on public.count_edits
  for insert to authenticated
  with check (shop_id in (select id from public.shops where owner_id = (select auth.uid()))
              and session_id in (select id from public.count_sessions where status = 'open'));
create policy "Owners change edits of open reviews" on public.count_edits
  for update to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid()))
         and session_id in (select id from public.count_sessions where status = 'open'))
  with check (shop_id in (select id from public.shops where owner_id = (select auth.uid()))
              and session_id in (select id from public.count_sessions where status = 'open'));
create policy "Owners clear edits of open reviews" on public.count_edits
  for delete to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid()))
         and session_id in (select id from public.count_sessions where status = 'open'));

-- Stocktakes are opened, photos added and times set only through the
-- functions below, which check the rules; the analysis job records its work
-- through the columns granted here.
revoke insert, update on table public.count_sessions from authenticated;
grant update (coverage) on table public.count_sessions to authenticated;
revoke insert, update on table public.count_photos from authenticated;
grant update (status, error, codes_found, analysed_at, claimed_at, analyser, prompt_tokens, completion_tokens, cost_usd)
  on table public.count_photos to authenticated;
grant insert (box_x, box_y, box_w, box_h) on table public.count_lines to authenticated;
revoke all on table public.count_edits from anon, authenticated;
grant select, delete on table public.count_edits to authenticated;
grant insert (session_id, shop_id, product_id, start_count, end_count, moved, coverage, absent) on table public.count_edits to authenticated;
-- An upsert (PostgREST merge-duplicates) sets every column it was sent, the key too.
grant update (session_id, shop_id, product_id, start_count, end_count, moved, coverage, absent, updated_at) on table public.count_edits to authenticated;
grant all on table public.count_edits to service_role;

-- started_at / ended_at: the owner's time for a side, else its earliest
-- morning photo and its latest evening photo; with where each came from.
create function public.refresh_count_session_times(p_session_id uuid) returns void
language sql security definer set search_path = '' as $$
  update public.count_sessions s
     set started_at = coalesce(s.start_time_owner, st.taken_at),
         start_time_source = case when s.start_time_owner is not null then 'owner' else st.time_source end,
         ended_at = coalesce(s.end_time_owner, en.taken_at),
         end_time_source = case when s.end_time_owner is not null then 'owner' else en.time_source end
    from (select null::int) one
    left join lateral (select ph.taken_at, ph.time_source from public.count_photos ph
                        where ph.session_id = p_session_id and ph.side = 'start' order by ph.taken_at, ph.id limit 1) st on true
    left join lateral (select ph.taken_at, ph.time_source from public.count_photos ph
                        where ph.session_id = p_session_id and ph.side = 'end' order by ph.taken_at desc, ph.id limit 1) en on true
   where s.id = p_session_id
$$;

create function public.count_photos_refresh_times() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.refresh_count_session_times(coalesce(new.session_id, old.session_id));
  return null;
end
$$;

create trigger count_photos_refresh_times after insert or delete or update of taken_at on public.count_photos
  for each row execute function public.count_photos_refresh_times();

-- The caller's open stocktake, or a new one. The shop row is locked, so two
-- devices starting at the same moment get the same stocktake. One left
-- unfinished for 7 days is not reused: the clean-up removes its photos.
create function public.open_count_session() returns public.count_sessions
language plpgsql security definer set search_path = '' as $$
declare
  v_shop uuid;
  v_session public.count_sessions;
begin
  select id into v_shop from public.shops where owner_id = auth.uid() order by created_at limit 1 for update;
  if not found then
    raise exception 'Create your shop first' using errcode = 'P0002';
  end if;
  select * into v_session from public.count_sessions
   where shop_id = v_shop and status = 'open' and created_at > now() - interval '7 days'
   order by created_at desc limit 1;
  if not found then
    insert into public.count_sessions (shop_id) values (v_shop) returning * into v_session;
  end if;
  return v_session;
end
$$;

-- The caller's stocktake, locked: what every change to one starts with.
-- Security definer bypasses RLS, so ownership is checked here.
create function public.lock_owned_count_session(p_session_id uuid) returns public.count_sessions
language plpgsql security definer set search_path = '' as $$
declare
  session public.count_sessions;
begin
  select s.* into session
    from public.count_sessions s join public.shops sh on sh.id = s.shop_id
   where s.id = p_session_id and sh.owner_id = auth.uid()
     for update of s;
  if not found then
    raise exception 'Stocktake not found' using errcode = 'P0002';
  end if;
  return session;
end
$$;

-- The open stocktake the caller may change, locked.
create function public.lock_open_count_session(p_session_id uuid) returns public.count_sessions
language plpgsql security definer set search_path = '' as $$
declare
  session public.count_sessions := public.lock_owned_count_session(p_session_id);
begin
  if session.status = 'confirmed' then
    raise exception 'This stocktake is confirmed: its photos and times cannot change' using errcode = '22023';
  end if;
  if session.status <> 'open' then
    raise exception 'This stocktake was left unfinished for 7 days and closed. Start a new one.' using errcode = '22023';
  end if;
  return session;
end
$$;

-- Refuses a time a side cannot have: in the future, more than 2 days before
-- the stocktake began, or on the wrong side of the other side's photos.
create function public.check_count_side_time(p_session public.count_sessions, p_timezone text, p_side text, p_at timestamptz, p_what text)
returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  v_other timestamptz;
  v_shown text := to_char(p_at at time zone p_timezone, 'FMDD Mon YYYY, HH24:MI');
begin
  if p_at > now() + interval '5 minutes' then
    raise exception '% time (%) is in the future. Check the phone''s clock.', p_what, v_shown using errcode = '22023';
  end if;
  if p_at < p_session.created_at - interval '2 days' then
    raise exception '% time (%) is more than 2 days before this stocktake began. Take a new photo.', p_what, v_shown using errcode = '22023';
  end if;
  if p_side = 'end' then
    v_other := coalesce(p_session.start_time_owner,
                        (select max(taken_at) from public.count_photos where session_id = p_session.id and side = 'start'));
    if p_at < v_other then
      raise exception '% time (%) is before the Start of Day photos (%). Evening photos come after the morning ones.',
        p_what, v_shown, to_char(v_other at time zone p_timezone, 'FMDD Mon YYYY, HH24:MI') using errcode = '22023';
    end if;
  else
    v_other := coalesce(p_session.end_time_owner,
                        (select min(taken_at) from public.count_photos where session_id = p_session.id and side = 'end'));
    if p_at > v_other then
      raise exception '% time (%) is after the End of Day photos (%). Morning photos come before the evening ones.',
        p_what, v_shown, to_char(v_other at time zone p_timezone, 'FMDD Mon YYYY, HH24:MI') using errcode = '22023';
    end if;
  end if;
end
$$;

-- Records a photo uploaded into the stocktake's folder. Its time is the
-- camera's when the photo says when it was taken (with the camera's offset
-- from UTC, else in the shop's time zone), or else now, when it arrived.
create function public.add_count_photo(
  p_session_id uuid,
  p_side text,
  p_storage_path text,
  p_camera_time timestamp default null,
  p_camera_offset text default null,
  p_width integer default null,
  p_height integer default null
) returns public.count_photos
language plpgsql security definer set search_path = '' as $$
declare
  v_session public.count_sessions;
  v_zone text;
  v_at timestamptz;
  v_photo public.count_photos;
begin
  if p_side is null or p_side not in ('start', 'end') then
    raise exception 'Choose Start of Day or End of Day' using errcode = '22023';
  end if;
  if p_camera_offset !~ '^[+-](0[0-9]|1[0-4]):[0-5][0-9]$' then
    raise exception 'The photo''s time offset could not be read' using errcode = '22023';
  end if;
  v_session := public.lock_open_count_session(p_session_id);
  v_zone := (select timezone from public.shops where id = v_session.shop_id);
  if p_storage_path is null
     or split_part(p_storage_path, '/', 1) <> v_session.shop_id::text
     or split_part(p_storage_path, '/', 2) <> p_session_id::text
     or split_part(p_storage_path, '/', 3) not like p_side || '-%' then
    raise exception 'This photo is not in your shop''s folder' using errcode = '22023';
  end if;
  if (select count(*) from public.count_photos where session_id = p_session_id and side = p_side) >= 10 then
    raise exception 'At most 10 photos per side' using errcode = '22023';
  end if;
  v_at := case
    when p_camera_time is null then now()
    when p_camera_offset is not null then (to_char(p_camera_time, 'YYYY-MM-DD"T"HH24:MI:SS.US') || p_camera_offset)::timestamptz
    else p_camera_time at time zone v_zone
  end;
  perform public.check_count_side_time(v_session, v_zone, p_side, v_at,
    case when p_camera_time is null then 'This photo''s upload' else 'This photo''s camera' end);
  insert into public.count_photos (session_id, shop_id, side, storage_path, taken_at, time_source, width, height)
  values (p_session_id, v_session.shop_id, p_side, p_storage_path, v_at,
          case when p_camera_time is null then 'uploaded' else 'camera' end, p_width, p_height)
  returning * into v_photo;
  return v_photo;
end
$$;

-- The owner's own time for a side (in the shop's time zone), or null to go
-- back to the photos' times. The photos keep theirs, so the review shows both.
create function public.set_count_side_time(p_session_id uuid, p_side text, p_local_time timestamp)
returns public.count_sessions
language plpgsql security definer set search_path = '' as $$
declare
  v_session public.count_sessions;
  v_zone text;
  v_at timestamptz;
begin
  if p_side is null or p_side not in ('start', 'end') then
    raise exception 'Choose Start of Day or End of Day' using errcode = '22023';
  end if;
  v_session := public.lock_open_count_session(p_session_id);
  v_zone := (select timezone from public.shops where id = v_session.shop_id);
  v_at := p_local_time at time zone v_zone;
  if v_at is not null then
    perform public.check_count_side_time(v_session, v_zone, p_side, v_at, 'The');
  end if;
  if p_side = 'start' then
    update public.count_sessions set start_time_owner = v_at where id = p_session_id;
  else
    update public.count_sessions set end_time_owner = v_at where id = p_session_id;
  end if;
  perform public.refresh_count_session_times(p_session_id);
  select * into v_session from public.count_sessions where id = p_session_id;
  return v_session;
end
$$;

-- Hands the next photo waiting to be counted to one analysis job: two jobs
-- (the morning's and the evening's) never take the same photo.
create function public.claim_count_photo(p_session_id uuid) returns setof public.count_photos
language sql set search_path = '' as $$
  update public.count_photos
     set status = 'analysing', claimed_at = now(), error = null
   where id = (
     select id from public.count_photos
      where session_id = p_session_id
        and (status = 'pending' or (status = 'analysing' and claimed_at < now() - interval '10 minutes'))
      order by created_at, id
      limit 1
        for update skip locked)
  returning *
$$;

-- An unfinished stocktake closed after 7 days, once the app has removed its
-- photos from storage: its rows go, the stocktake stays in the list as expired.
create function public.expire_count_session(p_session_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_session public.count_sessions;
begin
  v_session := public.lock_open_count_session(p_session_id);
  if v_session.created_at > now() - interval '7 days' then
    raise exception 'This stocktake is less than 7 days old' using errcode = '22023';
  end if;
  delete from public.count_photos where session_id = p_session_id;
  delete from public.count_edits where session_id = p_session_id;
  update public.count_sessions set status = 'expired', expired_at = now() where id = p_session_id;
end
$$;

revoke execute on function public.refresh_count_session_times(uuid) from public, anon, authenticated;
revoke execute on function public.count_photos_refresh_times() from public, anon, authenticated;
revoke execute on function public.lock_owned_count_session(uuid) from public, anon, authenticated;
revoke execute on function public.lock_open_count_session(uuid) from public, anon, authenticated;
revoke execute on function public.check_count_side_time(public.count_sessions, text, text, timestamptz, text) from public, anon, authenticated;
revoke execute on function public.open_count_session() from public, anon;
revoke execute on function public.add_count_photo(uuid, text, text, timestamp, text, integer, integer) from public, anon;
revoke execute on function public.set_count_side_time(uuid, text, timestamp) from public, anon;
revoke execute on function public.claim_count_photo(uuid) from public, anon;
revoke execute on function public.expire_count_session(uuid) from public, anon;
grant execute on function public.open_count_session() to authenticated, service_role;
grant execute on function public.add_count_photo(uuid, text, text, timestamp, text, integer, integer) to authenticated, service_role;
grant execute on function public.set_count_side_time(uuid, text, timestamp) to authenticated, service_role;
grant execute on function public.claim_count_photo(uuid) to authenticated, service_role;
grant execute on function public.expire_count_session(uuid) to authenticated, service_role;
