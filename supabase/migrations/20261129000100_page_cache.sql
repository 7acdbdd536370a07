-- The dashboard, the reorder page and a report's preset periods are answered from a copy kept in
-- the database while nothing of the shop has changed since it was made, on the same local day.
-- Each worked its figures out again on every load and every 60 s refresh: at 25 signed-in sessions
-- on PostgreSQL a report cost 18 ms of database time a view against 2 ms for the catalogue's query.
--
-- What changed is told by a version per shop, raised once by every transaction that writes any of
-- the shop's rows. The raise is a deferred trigger, so it runs at commit, after the transaction's
-- other locks: a sale and a stocktake of the same shop wait on the version row only for their
-- commits, and never hold it while waiting for a product row (no deadlock).
-- A load reads the version before it works the page out, and keeps the copy under that version: a
-- write that commits in between leaves the copy older than the version, so the next load works it
-- out again. A copy is never older than what it claims to be.
-- The copy is per shop, page and the caller's role in the shop (an owner's and a manager's pages
-- may differ); a transaction that has already written works the page out itself (its own writes
-- are not in any version yet); a read-only (GET) call keeps nothing.
--
-- Everything here is in the schema `private`, which the API does not serve: no client reads a
-- copy or raises a version but through the page functions.

create schema if not exists private;
revoke all on schema private from public, anon;
grant usage on schema private to authenticated, service_role;

create table private.shop_versions (
  shop_id uuid primary key references public.shops (id) on delete cascade,
  version bigint not null
);

create table private.page_cache (
  shop_id uuid not null references public.shops (id) on delete cascade,
  -- the page and the caller's role, e.g. 'dashboard:owner', 'report:30d:manager'
  kind text not null,
  version bigint not null,
  day date not null,
  body json not null,
  primary key (shop_id, kind)
);

-- Only the functions below (their owner) read and write these.
alter table private.shop_versions enable row level security;
alter table private.page_cache enable row level security;
revoke all on table private.shop_versions, private.page_cache from public, anon, authenticated;
grant all on table private.shop_versions, private.page_cache to service_role;

-- The version is raised once per transaction: later rows of the same transaction find it raised.
create function private.raise_shop_version(p_shop_id uuid) returns void
language sql security definer set search_path = '' as $$
  insert into private.shop_versions as v (shop_id, version)
  select p_shop_id, 1 where exists (select 1 from public.shops s where s.id = p_shop_id)
  on conflict (shop_id) do update set version = v.version + 1
   where v.xmin <> pg_current_xact_id()::xid
$$;

create function private.shop_row_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    perform private.raise_shop_version(old.shop_id);
  else
    perform private.raise_shop_version(new.shop_id);
  end if;
  return null;
end
$$;

create function private.shop_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.raise_shop_version(case when tg_op = 'DELETE' then old.id else new.id end);
  return null;
end
$$;

create constraint trigger shop_changed after insert or update or delete on public.shops
  deferrable initially deferred for each row execute function private.shop_changed();

-- Every table the pages read (or a stocktake under way writes), but those worked out from them
-- (stock_days, the sales stats). Not where reports go, invites or deliveries, which the pages do
-- not read. Every transaction writes one shop, but the scheduled report run: it moves the report
-- day of many shops at once, taken with skip locked, so two runs never raise the same versions
-- (in opposite orders, they could deadlock).
do $$
declare
  v_table text;
begin
  foreach v_table in array array[
    'shop_members', 'shop_people', 'products', 'stock_movements', 'product_suppliers', 'suppliers',
    'purchase_orders', 'purchase_order_lines', 'count_sessions', 'count_photos', 'count_lines', 'count_unmatched',
    'count_edits', 'count_results', 'count_photo_removals'
  ] loop
    execute format('create constraint trigger shop_changed after insert or update or delete on public.%I '
                   'deferrable initially deferred for each row execute function private.shop_row_changed()', v_table);
  end loop;
end
$$;

-- The key of the caller's copy of a page of this shop: null when the caller is not a member, or
-- when this transaction has written (the page must show those writes, not yet in any version).
create function private.page_kind(p_shop_id uuid, p_page text) returns text
language sql stable security definer set search_path = '' as $$
  select p_page || ':' || m.role from public.my_memberships() m
   where m.shop_id = p_shop_id and pg_current_xact_id_if_assigned() is null
$$;

-- The shop's version and local day, read before the page is worked out.
create function private.page_stamp(p_shop_id uuid, out version bigint, out day date)
language sql stable security definer set search_path = '' as $$
  select coalesce((select v.version from private.shop_versions v where v.shop_id = p_shop_id), 0),
         (select (now() at time zone s.timezone)::date from public.shops s where s.id = p_shop_id)
$$;

create function private.kept_page(p_shop_id uuid, p_kind text, p_version bigint, p_day date) returns json
language sql stable security definer set search_path = '' as $$
  select c.body from private.page_cache c
   where c.shop_id = p_shop_id and c.kind = p_kind and c.version = p_version and c.day = p_day
$$;

create function private.keep_page(p_shop_id uuid, p_kind text, p_version bigint, p_day date, p_body json) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_body is null or current_setting('transaction_read_only') = 'on' then
    return;
  end if;
  insert into private.page_cache as c (shop_id, kind, version, day, body)
  values (p_shop_id, p_kind, p_version, p_day, p_body)
  on conflict (shop_id, kind) do update set version = excluded.version, day = excluded.day, body = excluded.body
   -- a slower load of an older version never replaces a newer copy
   where (c.version, c.day) < (excluded.version, excluded.day);
end
$$;

-- The page through the copy: `p_call` (one of the page functions below, quoted by them) runs as
-- the caller, with the caller's rights, when there is no copy of this version and day.
create function private.through_cache(p_shop_id uuid, p_page text, p_call text) returns json
language plpgsql volatile security invoker set search_path = '' as $$
declare
  v_kind constant text := private.page_kind(p_shop_id, p_page);
  v_stamp record;
  v_body json;
begin
  if v_kind is null then
    execute 'select (' || p_call || ')::json' into v_body;
    return v_body;
  end if;
  v_stamp := private.page_stamp(p_shop_id);
  v_body := private.kept_page(p_shop_id, v_kind, v_stamp.version, v_stamp.day);
  if v_body is null then
    execute 'select (' || p_call || ')::json' into v_body;
    perform private.keep_page(p_shop_id, v_kind, v_stamp.version, v_stamp.day, v_body);
  end if;
  return v_body;
end
$$;

revoke execute on all functions in schema private from public, anon, authenticated;
grant execute on function private.page_kind(uuid, text), private.page_stamp(uuid), private.kept_page(uuid, text, bigint, date),
  private.keep_page(uuid, text, bigint, date, json), private.through_cache(uuid, text, text) to authenticated, service_role;

-- The three pages: their work moves to private.*_uncached, unchanged, and the public functions the
-- app calls go through the copy.
alter function public.dashboard() rename to dashboard_uncached;
alter function public.dashboard_uncached() set schema private;
alter function public.reorder_inputs() rename to reorder_inputs_uncached;
alter function public.reorder_inputs_uncached() set schema private;
alter function public.shop_report(date, date, text) rename to shop_report_uncached;
alter function public.shop_report_uncached(date, date, text) set schema private;
-- (they keep their grants: the page functions run them as the caller)

create function public.dashboard() returns json
language sql volatile security invoker set search_path = '' as $$
  select private.through_cache(public.current_shop_id(array['owner', 'manager']), 'dashboard', 'private.dashboard_uncached()')
$$;

create function public.reorder_inputs() returns json
language sql volatile security invoker set search_path = '' as $$
  select private.through_cache(public.current_shop_id(array['owner', 'manager']), 'reorder', 'private.reorder_inputs_uncached()')
$$;

-- A preset period through the copy, its "generated at" the time of this load; custom days are worked out each time.
create function public.shop_report(p_from date default null, p_to date default null, p_range text default null)
returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  v_report jsonb;
begin
  if p_from is not null or p_to is not null or p_range is null then
    return private.shop_report_uncached(p_from, p_to, p_range);
  end if;
  v_report := private.through_cache(public.current_shop_id(array['owner', 'manager']), 'report:' || p_range,
                                    format('private.shop_report_uncached(null, null, %L)', p_range))::jsonb;
  return v_report || jsonb_build_object('generated_at', to_char(now() at time zone (v_report ->> 'timezone'), 'YYYY-MM-DD HH24:MI:SS'));
end
$$;

revoke execute on function public.dashboard(), public.reorder_inputs(), public.shop_report(date, date, text) from public, anon;
grant execute on function public.dashboard(), public.reorder_inputs(), public.shop_report(date, date, text) to authenticated, service_role;
