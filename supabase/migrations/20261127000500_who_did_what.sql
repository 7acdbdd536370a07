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

-- /reports: sales per person over the report's period, for owners and managers. A sale undone
-- within the period is no sale (as in report_figures); the person is who tapped the sale.
create function public.report_sales_by_person(p_from date default null, p_to date default null, p_range text default null)
returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  v_shop record;
  v_today date;
  v_from date := p_from;
  v_to date := p_to;
  v_start timestamptz;
  v_end timestamptz;
begin
  select s.id, s.timezone into v_shop from public.shops s where s.id = public.current_shop_id(array['owner', 'manager']);
  if not found then
    return null;
  end if;
  v_today := (now() at time zone v_shop.timezone)::date;
  v_from := case p_range when 'today' then v_today when 'yesterday' then v_today - 1 when '7d' then v_today - 6
                         when '30d' then v_today - 29 when 'month' then date_trunc('month', v_today)::date else p_from end;
  v_to := case when p_range is null then p_to when p_range = 'yesterday' then v_today - 1 else v_today end;
  if v_from is null or v_to is null or v_to < v_from or v_to > (v_from + interval '2 years')::date then
    return null;
  end if;
  v_start := v_from::timestamp at time zone v_shop.timezone;
  v_end := (v_to + 1)::timestamp at time zone v_shop.timezone;
  return (
    with sales as (
      select m.created_by, m.product_id, -m.delta as units
        from public.stock_movements m
       where m.shop_id = v_shop.id and m.created_at >= v_start and m.created_at < v_end
         and m.reason = 'sold' and m.delta < 0
         and not exists (select 1 from public.stock_movements undo
                          where undo.product_id = m.product_id
                            and undo.request_id = public.undo_request_id(m.request_id)
                            and undo.created_at >= v_start and undo.created_at < v_end)
    ), by_product as (
      select s.created_by, s.product_id, count(*) as sales, sum(s.units) as units, p.name, p.unit_price
        from sales s join public.products p on p.id = s.product_id
       group by s.created_by, s.product_id, p.name, p.unit_price
    ), ranked as (
      select b.*, row_number() over (partition by b.created_by order by b.units desc, b.name) as n from by_product b
    )
    select coalesce(jsonb_agg(person order by (person ->> 'units')::int desc, person ->> 'name'), '[]'::jsonb)
      from (
        select jsonb_build_object(
                 'user_id', r.created_by,
                 'name', coalesce(pp.name, 'Unknown'),
                 'sales', sum(r.sales), 'units', sum(r.units),
                 'value', coalesce(sum(r.units * r.unit_price), 0),
                 'unpriced_products', count(*) filter (where r.unit_price is null),
                 'products', jsonb_agg(jsonb_build_object('name', r.name, 'units', r.units, 'value', r.units * r.unit_price)
                                       order by r.n) filter (where r.n <= 10)) as person
          from ranked r left join public.shop_people pp on pp.shop_id = v_shop.id and pp.user_id = r.created_by
         group by r.created_by, pp.name
      ) people
  );
end
$$;
revoke execute on function public.report_sales_by_person(date, date, text) from public, anon;
grant execute on function public.report_sales_by_person(date, date, text) to authenticated, service_role;
