-- Photos picked on a phone with no connection go up later, when the network
-- is back. A photo whose camera wrote no time is dated when it was picked on
-- the phone (sent as p_picked_at), not when it arrived: morning photos picked
-- at 7:00 and uploaded at 9:30 still start the day at 7:00. The camera's time
-- still comes first, and the same checks apply; a phone clock ahead of the
-- server's gives the time the photo arrived.
--
-- A photo is stored once however often its upload is retried: its file's name
-- carries the phone's key for it, and storage_path is unique.

drop function public.replace_count_photo(uuid, uuid, text, text, timestamp, text, integer, integer);
drop function public.add_count_photo(uuid, text, text, timestamp, text, integer, integer);

create function public.add_count_photo(
  p_session_id uuid,
  p_side text,
  p_storage_path text,
  p_camera_time timestamp default null,
  p_camera_offset text default null,
  p_width integer default null,
  p_height integer default null,
  p_picked_at timestamptz default null
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
    when p_camera_time is null then least(coalesce(p_picked_at, now()), now())
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

create function public.replace_count_photo(
  p_photo_id uuid,
  p_session_id uuid,
  p_side text,
  p_storage_path text,
  p_camera_time timestamp default null,
  p_camera_offset text default null,
  p_width integer default null,
  p_height integer default null,
  p_picked_at timestamptz default null
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
  v_photo := public.add_count_photo(p_session_id, p_side, p_storage_path, p_camera_time, p_camera_offset, p_width, p_height, p_picked_at);
  update public.count_photos set created_at = v_old.created_at where id = v_photo.id returning * into v_photo;
  return v_photo;
end
$$;

revoke execute on function public.add_count_photo(uuid, text, text, timestamp, text, integer, integer, timestamptz) from public, anon;
revoke execute on function public.replace_count_photo(uuid, uuid, text, text, timestamp, text, integer, integer, timestamptz) from public, anon;
grant execute on function public.add_count_photo(uuid, text, text, timestamp, text, integer, integer, timestamptz) to authenticated, service_role;
grant execute on function public.replace_count_photo(uuid, uuid, text, text, timestamp, text, integer, integer, timestamptz) to authenticated, service_role;
