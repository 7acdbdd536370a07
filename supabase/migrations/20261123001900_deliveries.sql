-- Delivery: the daily report and the low-stock digest, sent by email and
-- WhatsApp at the shop's report time, exactly once per shop, kind, report day,
-- channel and recipient.

-- The owner's delivery settings. next_report_at is when the next daily report is
-- due (the report time on the shop's clock, as an instant), last_report_day the
-- last day whose report was queued; the cron finds due shops by the index on
-- next_report_at. A report time before noon reports the day before (a morning
-- report of yesterday); from noon on, the day itself.
alter table public.shops
  add column report_time time(0) not null default '19:00',
  add column email_report boolean not null default true,
  add column low_stock_digest boolean not null default true,
  add column whatsapp_report boolean not null default false,
  add column sheets_feed boolean not null default true,
  add column owner_email boolean not null default true,
  add column last_report_day date,
  add column next_report_at timestamptz;

alter table public.shops add constraint shops_report_time_check
  check (extract(minute from report_time)::integer % 15 = 0 and extract(second from report_time) = 0);

grant update (report_time, email_report, low_stock_digest, whatsapp_report, sheets_feed, owner_email)
  on table public.shops to authenticated;

create index shops_next_report_at_idx on public.shops (next_report_at);

-- The day a report sent at p_time on local day p_on is about. These pure helpers
-- have no SET clause on purpose: Postgres inlines a SQL function only without
-- one, and the cron calls them for every due shop. They use built-ins only.
create function public.report_day(p_on date, p_time time) returns date
language sql immutable as $$
  select case when p_time < time '12:00' then p_on - 1 else p_on end
$$;

-- When the report of local day p_day is due: its send day at p_time, on the
-- shop's clock. A time that does not exist that day (a spring-forward gap) is
-- read as Postgres does, an hour on: the report still goes that day.
create function public.report_due_at(p_day date, p_time time, p_tz text) returns timestamptz
language sql stable as $$
  select ((case when p_time < time '12:00' then p_day + 1 else p_day end) + p_time) at time zone p_tz
$$;

-- The next report of a shop: the day after the last one queued; for a shop that
-- has had none, the first whose time is still to come.
create function public.next_report_due(p_last_day date, p_time time, p_tz text, p_now timestamptz) returns timestamptz
language sql stable set search_path = '' as $$
  select case
    when p_last_day is not null then public.report_due_at(p_last_day + 1, p_time, p_tz)
    else (
      select min(due) from (
        select public.report_due_at(public.report_day((p_now at time zone p_tz)::date + k, p_time), p_time, p_tz) as due
          from generate_series(-1, 1) k
      ) d where due > p_now
    )
  end
$$;

create function public.shops_schedule_report() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.next_report_at := public.next_report_due(new.last_report_day, new.report_time, new.timezone, now());
  return new;
end
$$;

create trigger shops_schedule_report before insert on public.shops
  for each row execute function public.shops_schedule_report();
-- The cron sets next_report_at itself as it moves last_report_day on.
create trigger shops_reschedule_report before update of report_time, timezone, last_report_day on public.shops
  for each row when (old.next_report_at is not distinct from new.next_report_at)
  execute function public.shops_schedule_report();

update public.shops set last_report_day = null;
revoke execute on function public.shops_schedule_report() from public, anon, authenticated;

-- Who gets the reports besides the owner: email addresses, each confirmed by
-- its owner before anything else is sent to it, and WhatsApp numbers (E.164).
-- Only a confirmation token's SHA-256 is kept.
create table public.report_recipients (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references public.shops (id) on delete cascade,
  channel text not null,
  address text not null,
  confirmed_at timestamptz,
  confirm_token_hash text,
  confirm_sent_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint report_recipients_address_key unique (shop_id, channel, address),
  constraint report_recipients_confirm_token_hash_key unique (confirm_token_hash),
  constraint report_recipients_channel_check check (channel in ('email', 'whatsapp')),
  constraint report_recipients_address_check check (
    (channel = 'email' and address = lower(btrim(address)) and char_length(address) between 3 and 254 and address like '_%@_%')
    or (channel = 'whatsapp' and address ~ '^\+[1-9][0-9]{6,14}$')),
  constraint report_recipients_confirm_token_hash_check check (confirm_token_hash ~ '^[0-9a-f]{64}$')
);

alter table public.report_recipients enable row level security;

create policy "Owners see their shop's recipients" on public.report_recipients
  for select to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners remove their shop's recipients" on public.report_recipients
  for delete to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));

revoke all on table public.report_recipients from anon, authenticated;
grant select (id, shop_id, channel, address, confirmed_at, confirm_sent_at, unsubscribed_at, created_at)
  on table public.report_recipients to authenticated;
grant delete on table public.report_recipients to authenticated;
grant all on table public.report_recipients to service_role;

-- Adds a recipient to the caller's shop. A WhatsApp number is ready at once; an
-- email address returns a confirmation token (shown once: it goes in the email)
-- and waits for it. At most 10 recipients a shop, and 20 confirmation emails a
-- day, so that the feature cannot be used to mail strangers.
create function public.add_report_recipient(p_channel text, p_address text)
returns table (id uuid, token text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_shop uuid;
  v_token text;
  v_id uuid;
begin
  select s.id into v_shop from public.shops s where s.owner_id = auth.uid();
  if not found then
    raise exception 'Create your shop first' using errcode = 'P0002';
  end if;
  perform 1 from public.shops s where s.id = v_shop for update;
  if (select count(*) from public.report_recipients r where r.shop_id = v_shop) >= 10 then
    raise exception 'A shop can have at most 10 recipients' using errcode = 'P0001', hint = 'too_many';
  end if;
  if p_channel = 'email' then
    if lower(btrim(p_address)) = (select lower(u.email) from auth.users u where u.id = auth.uid()) then
      raise exception 'That is your own address: it gets the reports already' using errcode = 'P0001', hint = 'own_address';
    end if;
    if (select count(*) from public.report_recipients r
         where r.shop_id = v_shop and r.confirm_sent_at > now() - interval '1 day') >= 20 then
      raise exception 'Too many confirmation emails today. Try again tomorrow.' using errcode = 'P0001', hint = 'rate_limited';
    end if;
    v_token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  end if;
  insert into public.report_recipients (shop_id, channel, address, confirmed_at, confirm_token_hash, confirm_sent_at)
  values (v_shop, p_channel, case when p_channel = 'email' then lower(btrim(p_address)) else p_address end,
          case when p_channel = 'whatsapp' then now() end,
          case when v_token is not null then encode(sha256(convert_to(v_token, 'UTF8')), 'hex') end,
          case when v_token is not null then now() end)
  returning report_recipients.id into v_id;
  return query select v_id, v_token;
exception when unique_violation then
  raise exception 'That recipient is already on the list' using errcode = 'P0001', hint = 'duplicate';
end
$$;

-- A new confirmation token for an unconfirmed email recipient of the caller's
-- shop; at most one a minute per recipient.
create function public.resend_recipient_confirmation(p_id uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_sent timestamptz;
begin
  select r.confirm_sent_at into v_sent
    from public.report_recipients r join public.shops s on s.id = r.shop_id
   where r.id = p_id and s.owner_id = auth.uid() and r.channel = 'email' and r.confirmed_at is null
   for update of r;
  if not found then
    raise exception 'No unconfirmed address to send to' using errcode = 'P0002';
  end if;
  if v_sent > now() - interval '1 minute' then
    raise exception 'A confirmation was sent less than a minute ago' using errcode = 'P0001', hint = 'rate_limited';
  end if;
  update public.report_recipients
     set confirm_token_hash = encode(sha256(convert_to(v_token, 'UTF8')), 'hex'), confirm_sent_at = now()
   where id = p_id;
  return v_token;
end
$$;

-- Confirms an email recipient by the token from its email (no sign-in: the
-- recipient is not a user; the confirm page calls it with the service role). A token is good for 7 days and once. Returns the
-- shop's name and the address, or nothing when the token is unknown or old.
create function public.confirm_report_recipient(p_token text)
returns table (shop_name text, address text)
language sql volatile security definer set search_path = '' as $$
  update public.report_recipients r
     set confirmed_at = now(), confirm_token_hash = null, unsubscribed_at = null
    from public.shops s
   where s.id = r.shop_id
     and r.confirm_token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
     and r.confirm_sent_at > now() - interval '7 days'
  returning s.name, r.address
$$;

revoke execute on function public.add_report_recipient(text, text) from public, anon;
revoke execute on function public.resend_recipient_confirmation(uuid) from public, anon;
revoke execute on function public.confirm_report_recipient(text) from public, anon, authenticated;
grant execute on function public.add_report_recipient(text, text) to authenticated, service_role;
grant execute on function public.resend_recipient_confirmation(uuid) to authenticated, service_role;
grant execute on function public.confirm_report_recipient(text) to service_role;

-- Every send: one row per shop, kind, report day, channel and recipient (test
-- sends excepted, which may be repeated), claimed by one cron run at a time.
-- pending → sending (claimed until claimed_until) → sent / skipped / failed, or
-- back to pending for a later run after a failure, up to 3 attempts. WhatsApp's
-- status webhook moves sent on to delivered, read or failed.
create table public.deliveries (
  id bigint generated always as identity primary key,
  shop_id uuid not null references public.shops (id) on delete cascade,
  kind text not null,
  local_date date not null,
  channel text not null,
  recipient text not null,
  status text not null default 'pending',
  attempts smallint not null default 0,
  last_error text,
  provider_message_id text,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint deliveries_kind_check check (kind in ('daily_report', 'low_stock_digest', 'test_report')),
  constraint deliveries_channel_check check (channel in ('email', 'whatsapp')),
  constraint deliveries_status_check check (status in ('pending', 'sending', 'sent', 'delivered', 'read', 'failed', 'skipped')),
  constraint deliveries_attempts_check check (attempts between 0 and 3),
  constraint deliveries_last_error_check check (char_length(last_error) <= 500)
);

create unique index deliveries_once_key on public.deliveries (shop_id, kind, local_date, channel, recipient)
  where kind <> 'test_report';
create index deliveries_due_idx on public.deliveries (next_attempt_at) where status in ('pending', 'sending');
create index deliveries_shop_history_idx on public.deliveries (shop_id, created_at desc);
create unique index deliveries_provider_message_id_key on public.deliveries (provider_message_id)
  where provider_message_id is not null;

alter table public.deliveries enable row level security;

create policy "Owners see their shop's deliveries" on public.deliveries
  for select to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));

revoke all on table public.deliveries from anon, authenticated;
grant select on table public.deliveries to authenticated;
grant all on table public.deliveries to service_role;

-- Who gets the reports of these shops, as (shop, channel, address): the owner's
-- confirmed email while owner_email is on, and every confirmed recipient still
-- subscribed. One set-based call for a whole batch of due shops.
create function public.shop_recipients(p_shop_ids uuid[]) returns table (shop_id uuid, channel text, address text)
language sql stable security definer set search_path = '' as $$
  select s.id, 'email', lower(u.email)
    from public.shops s join auth.users u on u.id = s.owner_id
   where s.id = any (p_shop_ids) and s.owner_email and u.email_confirmed_at is not null and u.email is not null
     and coalesce(u.is_anonymous, false) = false
  union
  select r.shop_id, r.channel, r.address from public.report_recipients r
   where r.shop_id = any (p_shop_ids) and r.confirmed_at is not null and r.unsubscribed_at is null
$$;

revoke execute on function public.shop_recipients(uuid[]) from public, anon, authenticated;
grant execute on function public.shop_recipients(uuid[]) to service_role;

-- One cron step: queues the daily report of every shop whose report time has
-- passed (up to p_limit shops, oldest due first, skipping shops another run
-- holds), one delivery per channel and recipient, and moves each shop's
-- next_report_at on. A shop whose cron was down for days gets the latest day's
-- report only. Returns the number of shops queued. p_now is the clock (tests
-- walk it across daylight-saving changes).
create function public.queue_due_reports(p_limit integer default 500, p_now timestamptz default now()) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_shops integer;
begin
  with due as (
    select s.id, s.timezone, s.report_time, s.email_report, s.low_stock_digest, s.whatsapp_report,
           -- the latest report day whose time has passed
           case when public.report_due_at(public.report_day((p_now at time zone s.timezone)::date, s.report_time), s.report_time, s.timezone) <= p_now
                then public.report_day((p_now at time zone s.timezone)::date, s.report_time)
                else public.report_day((p_now at time zone s.timezone)::date, s.report_time) - 1 end as day
      from public.shops s
     where s.next_report_at <= p_now
     order by s.next_report_at
     limit greatest(1, least(coalesce(p_limit, 500), 5000))
       for update of s skip locked
  ),
  queued as (
    insert into public.deliveries (shop_id, kind, local_date, channel, recipient)
    select d.id, k.kind, d.day, r.channel, r.address
      from due d
      join public.shop_recipients((select array_agg(due.id) from due)) r on r.shop_id = d.id
      join (values ('daily_report', 'email'), ('low_stock_digest', 'email'), ('daily_report', 'whatsapp')) k (kind, channel)
        on k.channel = r.channel
     where (k.kind = 'daily_report' and k.channel = 'email' and d.email_report)
        or (k.kind = 'low_stock_digest' and d.low_stock_digest)
        or (k.kind = 'daily_report' and k.channel = 'whatsapp' and d.whatsapp_report)
    on conflict (shop_id, kind, local_date, channel, recipient) where kind <> 'test_report' do nothing
    returning 1
  ),
  moved as (
    update public.shops s
       set last_report_day = greatest(d.day, s.last_report_day),
           next_report_at = public.report_due_at(greatest(d.day, s.last_report_day) + 1, s.report_time, s.timezone)
      from due d where s.id = d.id
    returning 1
  )
  select count(*) into v_shops from moved;
  return v_shops;
end
$$;

-- Claims up to p_limit deliveries for one run: pending ones now due (a failure
-- waits out a back-off longer than a run), and sends whose run died
-- (claim expired), counting an attempt each; or, with p_ids, those pending
-- deliveries only (a test send). A send that died on its third attempt is
-- failed instead.
create function public.claim_deliveries(p_limit integer, p_lease_seconds integer default 600, p_ids bigint[] default null)
returns setof public.deliveries
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_ids bigint[];
begin
  update public.deliveries
     set status = 'failed', last_error = coalesce(last_error, 'The send did not finish'), claimed_until = null, updated_at = now()
   where status = 'sending' and claimed_until < now() and attempts >= 3;
  if p_ids is null then
    select array_agg(c.id) into v_ids from (
      select c.id from public.deliveries c
       where (c.status = 'pending' and c.next_attempt_at <= now()) or (c.status = 'sending' and c.claimed_until < now())
       order by c.next_attempt_at, c.id
       limit greatest(1, least(coalesce(p_limit, 50), 1000))
         for update skip locked) c;
  else
    select array_agg(c.id) into v_ids from (
      select c.id from public.deliveries c where c.id = any (p_ids) and c.status = 'pending' for update skip locked) c;
  end if;
  return query
  with claimed as (
    update public.deliveries d
       set status = 'sending', attempts = d.attempts + 1, updated_at = now(),
           claimed_until = now() + make_interval(secs => greatest(30, least(coalesce(p_lease_seconds, 600), 3600)))
     where d.id = any (v_ids)
    returning d.*)
  select * from claimed order by claimed.next_attempt_at, claimed.id;
end
$$;

-- Queues a test send of today's report to every recipient of the caller's shop
-- on its channels now; at most one a minute. Returns the new delivery ids.
create function public.queue_test_report() returns setof bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_shop record;
begin
  select s.id, s.timezone, s.whatsapp_report into v_shop from public.shops s where s.owner_id = auth.uid() for update;
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

revoke execute on function public.queue_due_reports(integer, timestamptz) from public, anon, authenticated;
revoke execute on function public.claim_deliveries(integer, integer, bigint[]) from public, anon, authenticated;
revoke execute on function public.queue_test_report() from public, anon;
grant execute on function public.queue_due_reports(integer, timestamptz) to service_role;
grant execute on function public.claim_deliveries(integer, integer, bigint[]) to service_role;
grant execute on function public.queue_test_report() to authenticated, service_role;
revoke execute on function public.report_day(date, time) from public, anon;
revoke execute on function public.report_due_at(date, time, text) from public, anon;
revoke execute on function public.next_report_due(date, time, text, timestamptz) from public, anon;
grant execute on function public.report_day(date, time) to authenticated, service_role;
grant execute on function public.report_due_at(date, time, text) to authenticated, service_role;
grant execute on function public.next_report_due(date, time, text, timestamptz) to authenticated, service_role;

-- One-click unsubscribe (the route has checked the link's signature): stops a
-- shop's report emails to p_address, the owner's own (owner_email off) or a
-- recipient's. Returns the shop's name, or null when nothing matched.
create function public.unsubscribe_report_email(p_shop_id uuid, p_address text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_name text;
  v_found boolean := false;
begin
  update public.report_recipients r set unsubscribed_at = coalesce(r.unsubscribed_at, now())
   where r.shop_id = p_shop_id and r.channel = 'email' and r.address = lower(btrim(p_address));
  v_found := found;
  update public.shops s set owner_email = false
    from auth.users u
   where s.id = p_shop_id and u.id = s.owner_id and lower(u.email) = lower(btrim(p_address));
  v_found := v_found or found;
  if not v_found then
    return null;
  end if;
  select s.name into v_name from public.shops s where s.id = p_shop_id;
  return v_name;
end
$$;

revoke execute on function public.unsubscribe_report_email(uuid, text) from public, anon, authenticated;
grant execute on function public.unsubscribe_report_email(uuid, text) to service_role;
