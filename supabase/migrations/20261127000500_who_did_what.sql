-- Who did what in a shop with a team. Movements already carry created_by (auth.uid() in
-- apply_stock_change); here: who confirmed a stocktake, who changed a setting, and the names
-- the app shows beside them ("Sold 1 · Sam · 10:42"), kept after a member leaves.

-- Everyone who has been a member, by the name they signed up with (else their address's first part).
create table public.shop_people (
  shop_id uuid not null references public.shops (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  primary key (shop_id, user_id)
);
alter table public.shop_people enable row level security;
create policy "Members see the names of their shops' people" on public.shop_people
  for select to authenticated using (shop_id in (select public.member_shops()));
revoke all on table public.shop_people from public, anon, authenticated;
grant select on table public.shop_people to authenticated;
grant all on table public.shop_people to service_role;

create function public.person_name(p_user_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), nullif(split_part(u.email, '@', 1), ''), 'Someone')
    from auth.users u where u.id = p_user_id
$$;
revoke execute on function public.person_name(uuid) from public, anon, authenticated;

create function public.shop_members_add_person() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.shop_people (shop_id, user_id, name)
  values (new.shop_id, new.user_id, coalesce(public.person_name(new.user_id), 'Someone'))
  on conflict (shop_id, user_id) do nothing;
  return new;
end
$$;
create trigger shop_members_add_person after insert on public.shop_members for each row execute function public.shop_members_add_person();
revoke execute on function public.shop_members_add_person() from public, anon, authenticated;
insert into public.shop_people (shop_id, user_id, name)
select m.shop_id, m.user_id, coalesce(public.person_name(m.user_id), 'Someone') from public.shop_members m
on conflict do nothing;

-- Who confirmed a stocktake: whoever's session made it confirmed.
alter table public.count_sessions add column confirmed_by uuid references auth.users (id) on delete set null;
create function public.count_sessions_confirmed_by() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status = 'confirmed' and old.status is distinct from 'confirmed' then
    new.confirmed_by := auth.uid();
  end if;
  return new;
end
$$;
create trigger count_sessions_confirmed_by before update of status on public.count_sessions
  for each row execute function public.count_sessions_confirmed_by();
revoke execute on function public.count_sessions_confirmed_by() from public, anon, authenticated;

-- Settings changes: one row per changed setting, with who and when.
create table public.shop_changes (
  id bigint generated always as identity primary key,
  shop_id uuid not null references public.shops (id) on delete cascade,
  changed_by uuid references auth.users (id) on delete set null,
  changed_at timestamptz not null default now(),
  setting text not null,
  old_value text,
  new_value text
);
create index shop_changes_shop_idx on public.shop_changes (shop_id, changed_at desc);
alter table public.shop_changes enable row level security;
create policy "Owners and managers read their shops' changes" on public.shop_changes
  for select to authenticated using (shop_id in (select public.member_shops(array['owner', 'manager'])));
revoke all on table public.shop_changes from public, anon, authenticated;
grant select on table public.shop_changes to authenticated;
grant all on table public.shop_changes to service_role;

create function public.shops_record_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.shop_changes (shop_id, changed_by, setting, old_value, new_value)
  select new.id, auth.uid(), o.key, o.value, n.value
    from jsonb_each_text(to_jsonb(old)) o join jsonb_each_text(to_jsonb(new)) n using (key)
   where o.value is distinct from n.value and o.key <> 'created_at';
  return new;
end
$$;
create trigger shops_record_changes after update on public.shops for each row execute function public.shops_record_changes();
revoke execute on function public.shops_record_changes() from public, anon, authenticated;

-- Team changes are settings changes too: a role given, changed or taken away.
create function public.shop_members_record_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- A shop being deleted takes its members with it: nothing to record.
  if tg_op = 'DELETE' and not exists (select 1 from public.shops where id = old.shop_id) then
    return null;
  end if;
  insert into public.shop_changes (shop_id, changed_by, setting, old_value, new_value)
  values (coalesce(new.shop_id, old.shop_id), auth.uid(), 'member ' || coalesce(new.user_id, old.user_id)::text,
          old.role, new.role);
  return null;
end
$$;
create trigger shop_members_record_changes after insert or update of role or delete on public.shop_members
  for each row execute function public.shop_members_record_changes();
revoke execute on function public.shop_members_record_changes() from public, anon, authenticated;

-- The dashboard's recent movements, with who made each (by movement id).
create or replace function public.dashboard() returns json
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
    'reorder', public.reorder_inputs_of(v_shop_id),
    'recent_by', (
      select coalesce(json_object_agg(m.id, p.name), '{}'::json)
        from public.stock_movements m
        join public.shop_people p on p.shop_id = m.shop_id and p.user_id = m.created_by
       where m.shop_id = v_shop_id and m.id in (select (r ->> 'id')::uuid from jsonb_array_elements(v_summary -> 'recent') r)));
end
$$;
