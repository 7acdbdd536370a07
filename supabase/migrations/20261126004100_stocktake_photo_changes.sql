-- Changing and removing a stocktake's photos.
--
-- Changing a photo replaces that photo only, in one transaction: the new photo
-- is recorded (with the same checks as any photo) and the old one's row goes,
-- or neither happens. It takes the old photo's place on the page (created_at).
--
-- Removing photos takes them out of the stocktake at once (the counts on screen
-- are the stored ones), but keeps what they were, their counts and their
-- files, for a while: Undo puts back the same photos with the same counts. The
-- app purges a removal after a few minutes, its files with it.

create table public.count_photo_removals (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null,
  shop_id uuid not null,
  removed_at timestamptz not null default now(),
  -- the rows as they were: count_photos, count_lines, count_unmatched
  photos jsonb not null,
  lines jsonb not null,
  unmatched jsonb not null,
  -- the photos' files, kept in storage until the removal is purged
  paths text[] not null,
  constraint count_photo_removals_session_fkey foreign key (session_id, shop_id)
    references public.count_sessions (id, shop_id) on delete cascade
);
-- Purging: a shop's removals older than the undo window.
create index count_photo_removals_shop_removed_idx on public.count_photo_removals (shop_id, removed_at);
create index count_photo_removals_session_idx on public.count_photo_removals (session_id);

alter table public.count_photo_removals enable row level security;
create policy "Owners read their photo removals" on public.count_photo_removals
  for select to authenticated using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners purge their photo removals" on public.count_photo_removals
  for delete to authenticated using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
revoke all on table public.count_photo_removals from anon, authenticated;
-- Written only by remove_count_photos() and restore_count_photos().
grant select, delete on table public.count_photo_removals to authenticated;
grant all on table public.count_photo_removals to service_role;

-- Takes photos out of the caller's open stocktake, keeping them for Undo; returns the removal.
create function public.remove_count_photos(p_session_id uuid, p_photo_ids uuid[])
returns public.count_photo_removals
language plpgsql security definer set search_path = '' as $$
declare
  v_session public.count_sessions := public.lock_open_count_session(p_session_id);
  v_removal public.count_photo_removals;
begin
  insert into public.count_photo_removals (session_id, shop_id, photos, lines, unmatched, paths)
  select p_session_id, v_session.shop_id,
         jsonb_agg(to_jsonb(ph) order by ph.created_at, ph.id),
         coalesce((select jsonb_agg(to_jsonb(l)) from public.count_lines l
                    where l.session_id = p_session_id and l.photo_id = any(p_photo_ids)), '[]'),
         coalesce((select jsonb_agg(to_jsonb(u)) from public.count_unmatched u
                    where u.session_id = p_session_id and u.photo_id = any(p_photo_ids)), '[]'),
         array_agg(ph.storage_path order by ph.created_at, ph.id)
    from public.count_photos ph
   where ph.session_id = p_session_id and ph.id = any(p_photo_ids)
  having count(*) > 0
  returning * into v_removal;
  if v_removal.id is null then
    raise exception 'These photos are no longer in the stocktake. Reload the page to see it as it is.' using errcode = 'P0002';
  end if;
  delete from public.count_photos where session_id = p_session_id and id = any(p_photo_ids);
  return v_removal;
end
$$;

-- Undo: the removed photos back in their stocktake, with their counts; returns
-- the stocktake, how many came back and how many of them still need counting.
-- Refused when the stocktake is no longer open, a side would hold more than 10
-- photos, or a photo's time no longer fits the other side's.
create function public.restore_count_photos(p_removal_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_removal public.count_photo_removals;
  v_session public.count_sessions;
  v_zone text;
  v_photo public.count_photos;
begin
  select r.* into v_removal
    from public.count_photo_removals r join public.shops sh on sh.id = r.shop_id
   where r.id = p_removal_id and sh.owner_id = auth.uid();
  if not found then
    raise exception 'There is nothing to undo: these photos were put back already.' using errcode = 'P0002';
  end if;
  v_session := public.lock_open_count_session(v_removal.session_id);
  -- Two undos at once: the second waits for the session lock, then finds nothing.
  delete from public.count_photo_removals where id = p_removal_id;
  if not found then
    raise exception 'There is nothing to undo: these photos were put back already.' using errcode = 'P0002';
  end if;
  if exists (
    select 1
      from (select r.side, count(*) as n from jsonb_populate_recordset(null::public.count_photos, v_removal.photos) r group by r.side) back
     where back.n + (select count(*) from public.count_photos ph where ph.session_id = v_session.id and ph.side = back.side) > 10
  ) then
    raise exception 'At most 10 photos per side: remove one first, then undo' using errcode = '22023';
  end if;
  v_zone := (select timezone from public.shops where id = v_session.shop_id);
  for v_photo in select * from jsonb_populate_recordset(null::public.count_photos, v_removal.photos) loop
    perform public.check_count_side_time(v_session, v_zone, v_photo.side, v_photo.taken_at, 'This photo''s');
  end loop;
  insert into public.count_photos
  select * from jsonb_populate_recordset(null::public.count_photos, v_removal.photos);
  -- A photo being counted when it was removed is counted again.
  update public.count_photos set status = 'pending', claimed_at = null
   where id in (select r.id from jsonb_populate_recordset(null::public.count_photos, v_removal.photos) r) and status = 'analysing';
  -- A product deleted since takes its counts with it, as it would have.
  insert into public.count_lines
  select l.* from jsonb_populate_recordset(null::public.count_lines, v_removal.lines) l
   where exists (select 1 from public.products p where p.id = l.product_id and p.shop_id = v_session.shop_id);
  insert into public.count_unmatched
  select * from jsonb_populate_recordset(null::public.count_unmatched, v_removal.unmatched);
  return jsonb_build_object(
    'session_id', v_session.id,
    'photos', jsonb_array_length(v_removal.photos),
    'waiting', (select count(*) from jsonb_populate_recordset(null::public.count_photos, v_removal.photos) r where r.status <> 'analysed'));
end
$$;

-- Changes one photo of the caller's open stocktake for a new one uploaded into
-- its folder, on the same side and in the same place; returns the new photo.
create function public.replace_count_photo(
  p_photo_id uuid,
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
  v_old public.count_photos;
  v_photo public.count_photos;
begin
  perform public.lock_open_count_session(p_session_id);
  delete from public.count_photos where id = p_photo_id and session_id = p_session_id and side = p_side returning * into v_old;
  if not found then
    raise exception 'This photo was changed or removed already. Reload the page to see the stocktake as it is.' using errcode = 'P0002';
  end if;
  -- Every rule a new photo meets, checked without the photo it replaces.
  v_photo := public.add_count_photo(p_session_id, p_side, p_storage_path, p_camera_time, p_camera_offset, p_width, p_height);
  update public.count_photos set created_at = v_old.created_at where id = v_photo.id returning * into v_photo;
  return v_photo;
end
$$;

revoke execute on function public.remove_count_photos(uuid, uuid[]) from public, anon;
revoke execute on function public.restore_count_photos(uuid) from public, anon;
revoke execute on function public.replace_count_photo(uuid, uuid, text, text, timestamp, text, integer, integer) from public, anon;
grant execute on function public.remove_count_photos(uuid, uuid[]) to authenticated, service_role;
grant execute on function public.restore_count_photos(uuid) to authenticated, service_role;
grant execute on function public.replace_count_photo(uuid, uuid, text, text, timestamp, text, integer, integer) to authenticated, service_role;
