-- Everything /dashboard shows, in one call: its load and its 60 s refresh made
-- three (dashboard_summary(), the open stocktake through the REST API, and
-- reorder_inputs() for the low-stock alerts), which on one connection queued
-- behind every other session's three. Null when the caller has no shop.
--
-- open_stocktake is the newest open one with its photos' states (the app works
-- out its stage, and leaves out one gone stale); reorder is reorder_inputs_of()'s
-- answer for the shop, from which the app computes the reorder points.
create function public.dashboard() returns json
language plpgsql stable security invoker set search_path = '' as $$
declare
  v_summary jsonb := public.dashboard_summary();
  v_shop_id uuid;
begin
  if v_summary is null then
    return null;
  end if;
  select t.shop_id into v_shop_id from public.shop_today() t;
  return json_build_object(
    'summary', v_summary,
    'open_stocktake', (
      select json_build_object(
               'id', c.id, 'created_at', c.created_at,
               'photos', coalesce((select json_agg(json_build_object('side', ph.side, 'status', ph.status, 'codes_found', ph.codes_found))
                                     from public.count_photos ph where ph.session_id = c.id), '[]'::json))
        from public.count_sessions c
       where c.shop_id = v_shop_id and c.status = 'open'
       order by c.created_at desc
       limit 1),
    'reorder', public.reorder_inputs_of(v_shop_id));
end
$$;

revoke execute on function public.dashboard() from public, anon;
grant execute on function public.dashboard() to authenticated, service_role;
