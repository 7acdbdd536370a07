-- A member renames themselves (the account menu's "Your name"): the app saves the name with the
-- auth server (user_metadata.full_name, as sign-up does), then this copies it to the caller's own
-- rows of shop_people, which the stock history, the reports and the Team page show. They were
-- written once, when the member joined, and nobody could correct them.
create function public.sync_my_name() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_name text := public.person_name(auth.uid());
  v_count integer;
begin
  if auth.uid() is null or v_name is null then
    return 0;
  end if;
  update public.shop_people set name = v_name where user_id = auth.uid() and name is distinct from v_name;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
revoke execute on function public.sync_my_name() from public, anon;
grant execute on function public.sync_my_name() to authenticated;
