-- One shop per owner. Day boundaries for reports follow the shop's time zone.
create table public.shops (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null,
  currency text not null default 'GBP',
  timezone text not null default 'UTC',
  created_at timestamptz not null default now(),
  constraint shops_owner_id_key unique (owner_id),
  constraint shops_name_check check (name = btrim(name) and char_length(name) between 2 and 100),
  constraint shops_currency_check check (currency in ('GBP', 'USD', 'EUR', 'INR')),
  constraint shops_timezone_check check (char_length(timezone) between 1 and 64)
);

-- A check constraint cannot consult the time zone database; a trigger can.
create function public.shops_validate_timezone() returns trigger
language plpgsql set search_path = '' as $$
begin
  perform now() at time zone new.timezone;
  return new;
exception when invalid_parameter_value then
  raise exception 'Unknown time zone: %', new.timezone using errcode = '22023';
end
$$;

create trigger shops_validate_timezone before insert or update of timezone on public.shops
  for each row execute function public.shops_validate_timezone();

alter table public.shops enable row level security;

create policy "Owners read their shop" on public.shops
  for select to authenticated using (owner_id = (select auth.uid()));
create policy "Users create their own shop" on public.shops
  for insert to authenticated with check (owner_id = (select auth.uid()));
create policy "Owners update their shop" on public.shops
  for update to authenticated using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));

-- Explicit grants: hosted projects may or may not grant new tables to the API roles by default.
revoke all on table public.shops from anon, authenticated;
grant select, delete on table public.shops to authenticated;
grant insert (owner_id, name, currency, timezone) on table public.shops to authenticated;
grant update (name, currency, timezone) on table public.shops to authenticated;
grant all on table public.shops to service_role;
revoke execute on function public.shops_validate_timezone() from public, anon, authenticated;
