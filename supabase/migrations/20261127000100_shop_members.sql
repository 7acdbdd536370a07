-- A shop with a team: members, each with a role, instead of one account per shop.
--   owner   everything: members, Settings, delivery settings, deleting the shop; one per shop
--   manager everything but members, delivery settings and deleting the shop
--   staff   the counter, stocktakes (confirming only where the owner allows it), the
--           catalogue; no reports, Settings, suppliers or purchase orders
-- Every policy and function that asked "is this the caller's own shop" now asks "is the
-- caller a member of it, with one of these roles", through public.member_shops(). Membership
-- is read on every request (not from the JWT), so a removed member loses access at once.
-- A member with a verified authenticator counts only in an aal2 session: a stolen password
-- alone reads nothing.
--
-- shops.owner_id stays: it names the owner (their email gets the reports), and a new
-- owner still creates one shop, as before.

create table public.shop_members (
  shop_id uuid not null references public.shops (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null,
  created_at timestamptz not null default now(),
  primary key (shop_id, user_id),
  constraint shop_members_role_check check (role in ('owner', 'manager', 'staff'))
);
create unique index shop_members_one_owner_idx on public.shop_members (shop_id) where role = 'owner';
create index shop_members_user_idx on public.shop_members (user_id);

insert into public.shop_members (shop_id, user_id, role, created_at)
select id, owner_id, 'owner', created_at from public.shops;

-- Staff confirm stocktakes only where the owner says so.
alter table public.shops add column staff_can_confirm boolean not null default false;

-- Whether this session counts: aal2, or the caller has no verified authenticator (Supabase's
-- documented pattern for "MFA for those who enrolled").
create function public.aal_ok() returns boolean
language sql stable security definer set search_path = '' as $$
  select (select auth.jwt() ->> 'aal') = 'aal2'
      or not exists (select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status = 'verified')
$$;

-- The caller's memberships that count in this session.
create function public.my_memberships() returns table (shop_id uuid, role text)
language sql stable security definer set search_path = '' as $$
  select m.shop_id, m.role from public.shop_members m
   where m.user_id = (select auth.uid()) and public.aal_ok()
$$;

/* The shops where the caller has one of these roles. */
create function public.member_shops(p_roles text[] default array['owner', 'manager', 'staff']) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select m.shop_id from public.my_memberships() m where m.role = any (p_roles)
$$;

-- The shop the caller works in: the one the app names (request header x-shop-id, when they
-- belong to it), else the one they own, else their first. Null unless their role there is one
-- of these: never another shop of theirs instead.
create function public.current_shop_id(p_roles text[] default array['owner', 'manager', 'staff']) returns uuid
language sql stable security definer set search_path = '' as $$
  with chosen as (
    select m.shop_id, m.role from public.my_memberships() m
     order by m.shop_id::text = (nullif(current_setting('request.headers', true), '')::json ->> 'x-shop-id') desc nulls last,
              m.role = 'owner' desc, m.shop_id
     limit 1
  )
  select shop_id from chosen where role = any (p_roles)
$$;

revoke execute on function public.aal_ok() from public, anon;
revoke execute on function public.my_memberships() from public, anon;
revoke execute on function public.member_shops(text[]) from public, anon;
revoke execute on function public.current_shop_id(text[]) from public, anon;
grant execute on function public.aal_ok() to authenticated, service_role;
grant execute on function public.my_memberships() to authenticated, service_role;
grant execute on function public.member_shops(text[]) to authenticated, service_role;
grant execute on function public.current_shop_id(text[]) to authenticated, service_role;

-- A new shop's creator is its owner.
create function public.shops_add_owner() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.shop_members (shop_id, user_id, role) values (new.id, new.owner_id, 'owner');
  return new;
end
$$;
create trigger shops_add_owner after insert on public.shops for each row execute function public.shops_add_owner();
revoke execute on function public.shops_add_owner() from public, anon, authenticated;

-- Managers change the shop's settings, not where its reports go.
create function public.shops_guard_delivery() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is not null and new.id not in (select public.member_shops(array['owner'])) then
    raise exception 'Only the owner changes where reports go' using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger shops_guard_delivery before update of report_time, email_report, low_stock_digest, whatsapp_report, sheets_feed, owner_email, staff_can_confirm
  on public.shops for each row execute function public.shops_guard_delivery();
revoke execute on function public.shops_guard_delivery() from public, anon, authenticated;
grant update (staff_can_confirm) on table public.shops to authenticated;

alter table public.shop_members enable row level security;
create policy "Members see their shops' members" on public.shop_members
  for select to authenticated using (shop_id in (select public.member_shops()));
revoke all on table public.shop_members from public, anon, authenticated;
grant select on table public.shop_members to authenticated;
grant all on table public.shop_members to service_role;

-- Every policy: from "the caller owns the shop" to "the caller is a member, with these roles".
drop policy "Owners change edits of open reviews" on public.count_edits;
create policy "Owners change edits of open reviews" on public.count_edits
  for update to authenticated using (shop_id in (select public.member_shops()) and session_id in (select id from public.count_sessions where status = 'open')) with check (shop_id in (select public.member_shops()) and session_id in (select id from public.count_sessions where status = 'open'));

drop policy "Owners clear edits of open reviews" on public.count_edits;
create policy "Owners clear edits of open reviews" on public.count_edits
  for delete to authenticated using (shop_id in (select public.member_shops()) and session_id in (select id from public.count_sessions where status = 'open'));

drop policy "Owners edit open reviews" on public.count_edits;
create policy "Owners edit open reviews" on public.count_edits
  for insert to authenticated with check (shop_id in (select public.member_shops()) and session_id in (select id from public.count_sessions where status = 'open'));

drop policy "Owners read their review edits" on public.count_edits;
create policy "Owners read their review edits" on public.count_edits
  for select to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners clear count lines" on public.count_lines;
create policy "Owners clear count lines" on public.count_lines
  for delete to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners read their count lines" on public.count_lines;
create policy "Owners read their count lines" on public.count_lines
  for select to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners write count lines" on public.count_lines;
create policy "Owners write count lines" on public.count_lines
  for insert to authenticated with check (shop_id in (select public.member_shops()));

drop policy "Owners purge their photo removals" on public.count_photo_removals;
create policy "Owners purge their photo removals" on public.count_photo_removals
  for delete to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners read their photo removals" on public.count_photo_removals;
create policy "Owners read their photo removals" on public.count_photo_removals
  for select to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners read their count photos" on public.count_photos;
create policy "Owners read their count photos" on public.count_photos
  for select to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners remove photos of open stocktakes" on public.count_photos;
create policy "Owners remove photos of open stocktakes" on public.count_photos
  for delete to authenticated using (shop_id in (select public.member_shops()) and session_id in (select id from public.count_sessions where status = 'open'));

drop policy "Owners update count photos" on public.count_photos;
create policy "Owners update count photos" on public.count_photos
  for update to authenticated using (shop_id in (select public.member_shops())) with check (shop_id in (select public.member_shops()));

drop policy "Owners read their count results" on public.count_results;
create policy "Owners read their count results" on public.count_results
  for select to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners discard open stocktakes" on public.count_sessions;
create policy "Owners discard open stocktakes" on public.count_sessions
  for delete to authenticated using (status <> 'confirmed' and shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners read their stocktakes" on public.count_sessions;
create policy "Owners read their stocktakes" on public.count_sessions
  for select to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners start stocktakes" on public.count_sessions;
create policy "Owners start stocktakes" on public.count_sessions
  for insert to authenticated with check (shop_id in (select public.member_shops()));

drop policy "Owners work on open stocktakes" on public.count_sessions;
create policy "Owners work on open stocktakes" on public.count_sessions
  for update to authenticated using (status = 'open' and shop_id in (select public.member_shops())) with check (status = 'open' and shop_id in (select public.member_shops()));

drop policy "Owners clear unmatched codes" on public.count_unmatched;
create policy "Owners clear unmatched codes" on public.count_unmatched
  for delete to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners read unmatched codes" on public.count_unmatched;
create policy "Owners read unmatched codes" on public.count_unmatched
  for select to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners write unmatched codes" on public.count_unmatched;
create policy "Owners write unmatched codes" on public.count_unmatched
  for insert to authenticated with check (shop_id in (select public.member_shops()));

drop policy "Owners see their shop's deliveries" on public.deliveries;
create policy "Owners see their shop's deliveries" on public.deliveries
  for select to authenticated using (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners edit product suppliers" on public.product_suppliers;
create policy "Owners edit product suppliers" on public.product_suppliers
  for update to authenticated using (shop_id in (select public.member_shops(array['owner', 'manager']))) with check (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners link product suppliers" on public.product_suppliers;
create policy "Owners link product suppliers" on public.product_suppliers
  for insert to authenticated with check (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners read their product suppliers" on public.product_suppliers;
create policy "Owners read their product suppliers" on public.product_suppliers
  for select to authenticated using (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners unlink product suppliers" on public.product_suppliers;
create policy "Owners unlink product suppliers" on public.product_suppliers
  for delete to authenticated using (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners add products" on public.products;
create policy "Owners add products" on public.products
  for insert to authenticated with check (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners delete products" on public.products;
create policy "Owners delete products" on public.products
  for delete to authenticated using (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners edit products" on public.products;
create policy "Owners edit products" on public.products
  for update to authenticated using (shop_id in (select public.member_shops(array['owner', 'manager']))) with check (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners read their products" on public.products;
create policy "Owners read their products" on public.products
  for select to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners add lines to drafts" on public.purchase_order_lines;
create policy "Owners add lines to drafts" on public.purchase_order_lines
  for insert to authenticated with check (purchase_order_id in (select po.id from public.purchase_orders po where po.status = 'draft' and po.shop_id in (select public.member_shops(array['owner', 'manager']))));

drop policy "Owners edit lines of drafts" on public.purchase_order_lines;
create policy "Owners edit lines of drafts" on public.purchase_order_lines
  for update to authenticated using (purchase_order_id in (select po.id from public.purchase_orders po where po.status = 'draft' and po.shop_id in (select public.member_shops(array['owner', 'manager'])))) with check (purchase_order_id in (select po.id from public.purchase_orders po where po.status = 'draft' and po.shop_id in (select public.member_shops(array['owner', 'manager']))));

drop policy "Owners read their purchase order lines" on public.purchase_order_lines;
create policy "Owners read their purchase order lines" on public.purchase_order_lines
  for select to authenticated using (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners remove lines of drafts" on public.purchase_order_lines;
create policy "Owners remove lines of drafts" on public.purchase_order_lines
  for delete to authenticated using (purchase_order_id in (select po.id from public.purchase_orders po where po.status = 'draft' and po.shop_id in (select public.member_shops(array['owner', 'manager']))));

drop policy "Owners delete draft purchase orders" on public.purchase_orders;
create policy "Owners delete draft purchase orders" on public.purchase_orders
  for delete to authenticated using (status = 'draft' and shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners edit notes of open purchase orders" on public.purchase_orders;
create policy "Owners edit notes of open purchase orders" on public.purchase_orders
  for update to authenticated using (status <> 'cancelled' and shop_id in (select public.member_shops(array['owner', 'manager']))) with check (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners read their purchase orders" on public.purchase_orders;
create policy "Owners read their purchase orders" on public.purchase_orders
  for select to authenticated using (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners see their shop's feed" on public.report_feeds;
create policy "Owners see their shop's feed" on public.report_feeds
  for select to authenticated using (shop_id in (select public.member_shops(array['owner'])));

drop policy "Owners remove their shop's recipients" on public.report_recipients;
create policy "Owners remove their shop's recipients" on public.report_recipients
  for delete to authenticated using (shop_id in (select public.member_shops(array['owner'])));

drop policy "Owners see their shop's recipients" on public.report_recipients;
create policy "Owners see their shop's recipients" on public.report_recipients
  for select to authenticated using (shop_id in (select public.member_shops(array['owner'])));

drop policy "Owners read their shop" on public.shops;
-- The creator reads the shop it just made (insert … returning) before its owner membership exists.
create policy "Owners read their shop" on public.shops
  for select to authenticated using ((owner_id = (select auth.uid()) and (select public.aal_ok())) or id in (select public.member_shops()));

drop policy "Owners update their shop" on public.shops;
create policy "Owners update their shop" on public.shops
  for update to authenticated using (id in (select public.member_shops(array['owner', 'manager']))) with check (id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners read their stock days" on public.stock_days;
create policy "Owners read their stock days" on public.stock_days
  for select to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners read their ledger" on public.stock_movements;
create policy "Owners read their ledger" on public.stock_movements
  for select to authenticated using (shop_id in (select public.member_shops()));

drop policy "Owners add suppliers" on public.suppliers;
create policy "Owners add suppliers" on public.suppliers
  for insert to authenticated with check (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners edit suppliers" on public.suppliers;
create policy "Owners edit suppliers" on public.suppliers
  for update to authenticated using (shop_id in (select public.member_shops(array['owner', 'manager']))) with check (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners read their suppliers" on public.suppliers;
create policy "Owners read their suppliers" on public.suppliers
  for select to authenticated using (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners remove suppliers" on public.suppliers;
create policy "Owners remove suppliers" on public.suppliers
  for delete to authenticated using (shop_id in (select public.member_shops(array['owner', 'manager'])));

drop policy "Owners delete product images" on storage.objects;
create policy "Owners delete product images" on storage.objects
  for delete to authenticated using (bucket_id = 'product-images' and (storage.foldername(name))[1] in (select m::text from public.member_shops(array['owner', 'manager']) m));

drop policy "Owners delete stock photos" on storage.objects;
create policy "Owners delete stock photos" on storage.objects
  for delete to authenticated using (bucket_id = 'stock-photos' and (storage.foldername(name))[1] in (select m::text from public.member_shops() m));

drop policy "Owners read their product images" on storage.objects;
create policy "Owners read their product images" on storage.objects
  for select to authenticated using (bucket_id = 'product-images' and (storage.foldername(name))[1] in (select m::text from public.member_shops() m));

drop policy "Owners read their stock photos" on storage.objects;
create policy "Owners read their stock photos" on storage.objects
  for select to authenticated using (bucket_id = 'stock-photos' and (storage.foldername(name))[1] in (select m::text from public.member_shops() m));

drop policy "Owners replace product images" on storage.objects;
create policy "Owners replace product images" on storage.objects
  for update to authenticated using (bucket_id = 'product-images' and (storage.foldername(name))[1] in (select m::text from public.member_shops(array['owner', 'manager']) m)) with check (bucket_id = 'product-images' and (storage.foldername(name))[1] in (select m::text from public.member_shops(array['owner', 'manager']) m));

drop policy "Owners upload product images" on storage.objects;
create policy "Owners upload product images" on storage.objects
  for insert to authenticated with check (bucket_id = 'product-images' and (storage.foldername(name))[1] in (select m::text from public.member_shops(array['owner', 'manager']) m));

drop policy "Owners upload stock photos" on storage.objects;
create policy "Owners upload stock photos" on storage.objects
  for insert to authenticated with check (bucket_id = 'stock-photos' and (storage.foldername(name))[1] in (select m::text from public.member_shops() m));

-- The functions that found the caller's shop by owner_id, now by membership and role (each as it was otherwise).
create or replace function public.lock_owned_count_session(p_session_id uuid) returns public.count_sessions
language plpgsql security definer set search_path = '' as $$
declare
  session public.count_sessions;
begin
  select s.* into session
    from public.count_sessions s join public.shops sh on sh.id = s.shop_id
   where s.id = p_session_id and sh.id in (select public.member_shops())
     for update of s;
  if not found then
    raise exception 'Stocktake not found' using errcode = 'P0002';
  end if;
  return session;
end
$$;

create or replace function public.lock_owned_product(p_product_id uuid) returns public.products
language plpgsql security definer set search_path = '' as $$
declare
  v_product public.products;
begin
  select p.* into v_product
    from public.products p join public.shops s on s.id = p.shop_id
   where p.id = p_product_id and s.id in (select public.member_shops())
     for update of p;
  if not found then
    raise exception 'Product not found' using errcode = 'P0002';
  end if;
  return v_product;
end
$$;

create or replace function public.lock_owned_purchase_order(p_purchase_order_id uuid) returns public.purchase_orders
language plpgsql security definer set search_path = '' as $$
declare
  v_order public.purchase_orders;
begin
  select po.* into v_order
    from public.purchase_orders po join public.shops s on s.id = po.shop_id
   where po.id = p_purchase_order_id and s.id in (select public.member_shops(array['owner', 'manager']))
     for update of po;
  if not found then
    raise exception 'Purchase order not found' using errcode = 'P0002';
  end if;
  return v_order;
end
$$;

create or replace function public.open_count_session() returns public.count_sessions
language plpgsql security definer set search_path = '' as $$
declare
  v_shop uuid;
  v_session public.count_sessions;
begin
  select id into v_shop from public.shops where id = public.current_shop_id() for update;
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

create or replace function public.catalogue() returns json
language sql stable security invoker set search_path = '' as $$
  with shop as (
    select s.id, s.name from public.shops s
     where s.id = public.current_shop_id()
  ),
  on_order as (
    select * from public.units_on_order()
  )
  select json_build_object(
    'shop', json_build_object('id', shop.id, 'name', shop.name),
    'rows', coalesce((
      select json_agg(json_build_array(p.id, p.name, p.sku, p.barcode, p.qty, p.low_stock_threshold, p.category,
                                       p.image_url, floor(extract(epoch from p.updated_at) * 1000)::bigint,
                                       coalesce(oo.units, 0))
                      order by p.name, p.id)
        from public.products p left join on_order oo on oo.product_id = p.id
       where p.shop_id = shop.id), '[]'::json))
  from shop
$$;

create or replace function public.reorder_inputs(p_days integer default 56) returns json
language sql stable security invoker set search_path = '' as $$
  select public.reorder_inputs_of(
    public.current_shop_id(array['owner', 'manager']), p_days)
$$;

create or replace function public.shop_report(p_from date default null, p_to date default null, p_range text default null)
returns jsonb
language sql stable set search_path = '' as $$
  select public.shop_report_of(s.id, p_from, p_to, p_range) from public.shops s where s.id = public.current_shop_id(array['owner', 'manager'])
$$;

create or replace function public.shop_today()
returns table (
  shop_id uuid, shop_name text, currency text, timezone text,
  local_now timestamp, day_start timestamptz, day_end timestamptz
)
language sql stable set search_path = '' as $$
  select s.id, s.name, s.currency, s.timezone, l.local_now,
         date_trunc('day', l.local_now) at time zone s.timezone,
         (date_trunc('day', l.local_now) + interval '1 day') at time zone s.timezone
    from public.shops s
    cross join lateral (select now() at time zone s.timezone as local_now) l
   where s.id = public.current_shop_id(array['owner', 'manager'])
$$;

create or replace function public.add_report_recipient(p_channel text, p_address text)
returns table (id uuid, token text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_shop uuid;
  v_token text;
  v_id uuid := gen_random_uuid();
begin
  select s.id into v_shop from public.shops s where s.id = public.current_shop_id(array['owner']);
  if not found then
    raise exception 'Create your shop first' using errcode = 'P0002';
  end if;
  perform 1 from public.shops s where s.id = v_shop for update;
  if (select count(*) from public.report_recipients r where r.shop_id = v_shop) >= 10 then
    raise exception 'A shop can have at most 10 recipients' using errcode = 'P0001', hint = 'too_many';
  end if;
  if p_channel = 'email' and lower(btrim(p_address)) = (select lower(u.email) from auth.users u where u.id = auth.uid()) then
    raise exception 'That is your own address: it gets the reports already' using errcode = 'P0001', hint = 'own_address';
  end if;
  if (select count(*) from public.report_recipients r
       where r.shop_id = v_shop and r.confirm_sent_at > now() - interval '1 day') >= 20 then
    raise exception 'Too many confirmations sent today. Try again tomorrow.' using errcode = 'P0001', hint = 'rate_limited';
  end if;
  v_token := case when p_channel = 'email' then replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
                  else public.new_opt_in_code() end;
  insert into public.report_recipients (id, shop_id, channel, address, confirm_token_hash, confirm_sent_at,
                                        opt_in_code_hash, opt_in_expires_at)
  values (v_id, v_shop, p_channel, case when p_channel = 'email' then lower(btrim(p_address)) else p_address end,
          case when p_channel = 'email' then encode(sha256(convert_to(v_token, 'UTF8')), 'hex') end,
          now(),
          case when p_channel = 'whatsapp' then public.opt_in_code_hash(v_id, v_token) end,
          case when p_channel = 'whatsapp' then now() + interval '24 hours' end);
  return query select v_id, v_token;
exception when unique_violation then
  raise exception 'That recipient is already on the list' using errcode = 'P0001', hint = 'duplicate';
end
$$;

create or replace function public.rotate_report_feed() returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_shop uuid;
  v_token text;
begin
  select s.id into v_shop from public.shops s where s.id = public.current_shop_id(array['owner']);
  if not found then
    raise exception 'Create your shop first' using errcode = 'P0002';
  end if;
  v_token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  insert into public.report_feeds (shop_id, token_hash)
  values (v_shop, encode(sha256(convert_to(v_token, 'UTF8')), 'hex'))
  on conflict (shop_id) do update set token_hash = excluded.token_hash, created_at = now();
  return v_token;
end
$$;

create or replace function public.confirm_whatsapp_code(p_id uuid, p_code text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v record;
begin
  select r.confirmed_at, r.opt_in_code_hash, r.opt_in_expires_at, r.opt_in_attempts into v
    from public.report_recipients r join public.shops s on s.id = r.shop_id
   where r.id = p_id and s.id in (select public.member_shops(array['owner'])) and r.channel = 'whatsapp'
   for update of r;
  if not found then
    return 'unknown';
  elsif v.confirmed_at is not null then
    return 'confirmed';
  elsif v.opt_in_attempts >= 5 then
    return 'locked';
  elsif v.opt_in_code_hash is null or v.opt_in_expires_at <= now() then
    return 'expired';
  elsif v.opt_in_code_hash = public.opt_in_code_hash(p_id, p_code) then
    update public.report_recipients
       set confirmed_at = now(), opt_in_code_hash = null, opt_in_expires_at = null, opt_in_attempts = 0, unsubscribed_at = null
     where id = p_id;
    return 'confirmed';
  end if;
  update public.report_recipients set opt_in_attempts = opt_in_attempts + 1 where id = p_id;
  return case when v.opt_in_attempts + 1 >= 5 then 'locked' else 'wrong' end;
end
$$;

create or replace function public.record_opt_in_message(p_id uuid, p_message_id text) returns void
language sql volatile security definer set search_path = '' as $$
  update public.report_recipients r set opt_in_message_id = left(p_message_id, 200)
    from public.shops s
   where r.id = p_id and s.id = r.shop_id and s.id in (select public.member_shops(array['owner'])) and r.channel = 'whatsapp' and r.confirmed_at is null
$$;

create or replace function public.resend_recipient_confirmation(p_id uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_channel text;
  v_sent timestamptz;
  v_token text;
begin
  select r.channel, r.confirm_sent_at into v_channel, v_sent
    from public.report_recipients r join public.shops s on s.id = r.shop_id
   where r.id = p_id and s.id in (select public.member_shops(array['owner'])) and r.confirmed_at is null
   for update of r;
  if not found then
    raise exception 'No unconfirmed address to send to' using errcode = 'P0002';
  end if;
  if v_sent > now() - interval '1 minute' then
    raise exception 'A confirmation was sent less than a minute ago' using errcode = 'P0001', hint = 'rate_limited';
  end if;
  if v_channel = 'email' then
    v_token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
    update public.report_recipients
       set confirm_token_hash = encode(sha256(convert_to(v_token, 'UTF8')), 'hex'), confirm_sent_at = now()
     where id = p_id;
  else
    v_token := public.new_opt_in_code();
    update public.report_recipients
       set opt_in_code_hash = public.opt_in_code_hash(p_id, v_token), opt_in_expires_at = now() + interval '24 hours',
           opt_in_attempts = 0, opt_in_message_id = null, confirm_sent_at = now()
     where id = p_id;
  end if;
  return v_token;
end
$$;

create or replace function public.queue_test_report() returns setof bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_shop record;
begin
  select s.id, s.timezone, s.whatsapp_report into v_shop from public.shops s where s.id = public.current_shop_id(array['owner', 'manager']) for update;
  if not found then
    raise exception 'Create your shop first' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.deliveries d
              where d.shop_id = v_shop.id and d.kind = 'test_report' and d.created_at > now() - interval '1 minute') then
    raise exception 'A test report was sent less than a minute ago' using errcode = 'P0001', hint = 'rate_limited';
  end if;
  return query
  insert into public.deliveries (shop_id, kind, local_date, channel, recipient, next_attempt_at)
  select v_shop.id, 'test_report', (now() at time zone v_shop.timezone)::date, r.channel, r.address, 'infinity'
    from public.shop_recipients(array[v_shop.id]) r
   where r.channel = 'email' or v_shop.whatsapp_report
  returning id;
end
$$;

create or replace function public.import_products(p_rows jsonb, p_request_id uuid)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_shop_id uuid;
  v_row record;
  v_created integer := 0;
  v_updated integer := 0;
  v_adjusted integer := 0;
begin
  v_shop_id := public.current_shop_id(array['owner', 'manager']);
  if v_shop_id is null then
    raise exception 'No shop found' using errcode = 'P0002';
  end if;
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) not between 1 and 5000 then
    raise exception 'An import holds between 1 and 5000 rows' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_rows) v where jsonb_typeof(v) not in ('array', 'object')) then
    raise exception 'Every imported row must be an object' using errcode = '22023';
  end if;

  create temporary table pg_temp.import_match on commit drop as
  select r.*, p as product
    from public.import_rows(p_rows) r
    left join public.products p
      on p.shop_id = v_shop_id and (case when r.id is not null then p.id = r.id else p.sku = r.sku end);

  if exists (select 1 from pg_temp.import_match where id is null and coalesce(sku, '') = '') then
    raise exception 'Every imported row needs a SKU' using errcode = '22023';
  end if;
  if exists (select 1 from pg_temp.import_match group by coalesce((product).id::text, id::text, sku) having count(*) > 1) then
    raise exception 'A product appears more than once in the import' using errcode = '22023';
  end if;
  -- Lock what will change, in one order, then compare with what the preview showed.
  perform 1 from public.products p join pg_temp.import_match m on (m.product).id = p.id order by p.id for update of p;
  if exists (
    select 1 from pg_temp.import_match m left join public.products p on p.id = (m.product).id
     where (m.id is not null and p.id is null)
        or (p.id is null and jsonb_typeof(m.was) = 'object')
        or (p.id is not null and m.has_was and (
              jsonb_typeof(m.was) is distinct from 'object'
           or (m.was ? 'name' and m.was ->> 'name' is distinct from p.name)
           or (m.was ? 'barcode' and m.was ->> 'barcode' is distinct from p.barcode)
           or (m.was ? 'qty' and (m.was ->> 'qty')::integer is distinct from p.qty)
           or (m.was ? 'low_stock_threshold' and (m.was ->> 'low_stock_threshold')::integer is distinct from p.low_stock_threshold)
           or (m.was ? 'target_qty' and (m.was ->> 'target_qty')::integer is distinct from p.target_qty)
           or (m.was ? 'unit_cost' and (m.was ->> 'unit_cost')::numeric is distinct from p.unit_cost)
           or (m.was ? 'unit_price' and (m.was ->> 'unit_price')::numeric is distinct from p.unit_price)))
  ) then
    raise exception 'The catalogue changed since the preview' using errcode = '40001';
  end if;

  perform set_config('shelfsnap.stock_source', 'import', true);
  insert into public.products
    (shop_id, name, sku, barcode, qty, low_stock_threshold, target_qty, unit_cost, unit_price)
  select v_shop_id, name, sku, barcode, coalesce(qty, 0), coalesce(low_stock_threshold, 0), target_qty, unit_cost, unit_price
    from pg_temp.import_match where (product).id is null
   order by ord;
  get diagnostics v_created = row_count;

  -- null means keep: coalesce on every column, never a bare assignment
  update public.products p set
    name = coalesce(m.name, p.name),
    barcode = coalesce(m.barcode, p.barcode),
    low_stock_threshold = coalesce(m.low_stock_threshold, p.low_stock_threshold),
    target_qty = coalesce(m.target_qty, p.target_qty),
    unit_cost = coalesce(m.unit_cost, p.unit_cost),
    unit_price = coalesce(m.unit_price, p.unit_price)
  from pg_temp.import_match m where p.id = (m.product).id;
  get diagnostics v_updated = row_count;

  for v_row in
    select p.id as product_id, m.qty from pg_temp.import_match m join public.products p on p.id = (m.product).id
     where m.qty is not null and m.qty <> p.qty order by m.ord
  loop
    if public.set_stock(v_row.product_id, v_row.qty, 'count_correction', 'CSV import', 'import', p_request_id) is not null then
      v_adjusted := v_adjusted + 1;
    end if;
  end loop;
  drop table pg_temp.import_match;
  return jsonb_build_object('created', v_created, 'updated', v_updated, 'adjusted', v_adjusted);
end
$$;

create or replace function public.create_purchase_order(
  p_supplier_id uuid,
  p_lines jsonb,
  p_notes text default null,
  p_request_id uuid default null
) returns public.purchase_orders
language plpgsql security definer set search_path = '' as $$
declare
  v_shop_id uuid;
  v_order public.purchase_orders;
begin
  select su.shop_id into v_shop_id
    from public.suppliers su join public.shops s on s.id = su.shop_id
   where su.id = p_supplier_id and s.id in (select public.member_shops(array['owner', 'manager']));
  if not found then
    raise exception 'Supplier not found' using errcode = 'P0002';
  end if;
  if p_request_id is not null then
    select * into v_order from public.purchase_orders where shop_id = v_shop_id and request_id = p_request_id;
    if found then
      return v_order;
    end if;
  end if;
  if jsonb_typeof(p_lines) is distinct from 'array' or jsonb_array_length(p_lines) = 0 then
    raise exception 'A purchase order needs at least one line' using errcode = '22023';
  end if;
  if jsonb_array_length(p_lines) > 500 then
    raise exception 'A purchase order holds at most 500 lines' using errcode = '22023';
  end if;
  create temp table if not exists po_new_lines (product_id uuid, packs integer, pack_size integer, unit_cost numeric)
    on commit drop;
  truncate pg_temp.po_new_lines;
  insert into pg_temp.po_new_lines
  select x.product_id, x.packs, x.pack_size, x.unit_cost
    from jsonb_to_recordset(p_lines) as x(product_id uuid, packs integer, pack_size integer, unit_cost numeric);
  if exists (select 1 from pg_temp.po_new_lines where packs is null or packs < 1 or pack_size < 1 or unit_cost < 0) then
    raise exception 'Quantities must be one or more, and costs zero or more' using errcode = '22023';
  end if;
  if exists (
    select 1 from pg_temp.po_new_lines l
     where not exists (select 1 from public.products p where p.id = l.product_id and p.shop_id = v_shop_id)
  ) then
    raise exception 'A product on this order is not in your catalogue' using errcode = '22023';
  end if;
  if (select count(*) <> count(distinct product_id) from pg_temp.po_new_lines) then
    raise exception 'A product appears more than once on the order' using errcode = '22023';
  end if;
  -- two copies of one request at once: the second finds the first's order once it commits
  insert into public.purchase_orders (shop_id, supplier_id, notes, request_id)
  values (v_shop_id, p_supplier_id, nullif(btrim(p_notes), ''), p_request_id)
  on conflict (shop_id, request_id) where request_id is not null do nothing
  returning * into v_order;
  if v_order.id is null then
    select * into v_order from public.purchase_orders where shop_id = v_shop_id and request_id = p_request_id;
    return v_order;
  end if;
  insert into public.purchase_order_lines (purchase_order_id, shop_id, product_id, packs, pack_size, unit_cost)
  select v_order.id, v_shop_id, l.product_id, l.packs,
         coalesce(l.pack_size, ps.pack_size, 1),
         coalesce(l.unit_cost, ps.unit_cost, p.unit_cost)
    from pg_temp.po_new_lines l
    join public.products p on p.id = l.product_id
    left join public.product_suppliers ps on ps.product_id = l.product_id and ps.supplier_id = p_supplier_id;
  return v_order;
end
$$;

create or replace function public.restore_count_photos(p_removal_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_removal public.count_photo_removals;
  v_session public.count_sessions;
  v_zone text;
  v_photo public.count_photos;
begin
  select r.* into v_removal
    from public.count_photo_removals r join public.shops sh on sh.id = r.shop_id
   where r.id = p_removal_id and sh.id in (select public.member_shops());
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

create or replace function public.confirm_count_session(p_session_id uuid, p_version text)
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
  -- Staff confirm only where the owner allows it.
  if v_session.shop_id not in (select public.member_shops(array['owner', 'manager']))
     and not (select s.staff_can_confirm from public.shops s where s.id = v_session.shop_id) then
    raise exception 'Confirming needs the owner or a manager' using errcode = '42501';
  end if;
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
    for v_move in select m.value from jsonb_array_elements(v_line->'movements') with ordinality as m(value, n)
                   order by (m.value->>'kind') is distinct from 'opening', m.n loop
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

create or replace function public.link_product_supplier(
  p_product_id uuid,
  p_supplier_id uuid,
  p_pack_size integer default 1,
  p_unit_cost numeric default null,
  p_preferred boolean default false
) returns public.product_suppliers
language plpgsql security definer set search_path = '' as $$
declare
  v_product public.products;
  v_link public.product_suppliers;
  v_preferred boolean := coalesce(p_preferred, false);
begin
  if p_pack_size is null or p_pack_size not between 1 and 10000 then
    raise exception 'Pack size must be a whole number from 1 to 10000' using errcode = '22023';
  end if;
  if p_unit_cost < 0 then
    raise exception 'Cost must be an amount of 0 or more' using errcode = '22023';
  end if;
  -- the product's lock serialises two links made at once, so "first" and "only one preferred" hold
  v_product := public.lock_owned_product(p_product_id);
  if v_product.shop_id not in (select public.member_shops(array['owner', 'manager'])) then
    raise exception 'Product not found' using errcode = 'P0002';
  end if;
  if not exists (select 1 from public.suppliers where id = p_supplier_id and shop_id = v_product.shop_id) then
    raise exception 'Supplier not found' using errcode = 'P0002';
  end if;
  if not exists (select 1 from public.product_suppliers where product_id = p_product_id and supplier_id <> p_supplier_id) then
    v_preferred := true;
  elsif v_preferred then
    update public.product_suppliers set preferred = false
     where product_id = p_product_id and supplier_id <> p_supplier_id and preferred;
  end if;
  insert into public.product_suppliers (product_id, supplier_id, shop_id, pack_size, unit_cost, preferred)
  values (p_product_id, p_supplier_id, v_product.shop_id, p_pack_size, p_unit_cost, v_preferred)
  on conflict (product_id, supplier_id) do update
    set pack_size = excluded.pack_size, unit_cost = excluded.unit_cost, preferred = excluded.preferred
  returning * into v_link;
  return v_link;
end
$$;
