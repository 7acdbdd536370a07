-- A secret CSV feed per shop, for Google Sheets' =IMPORTDATA(url): today's
-- report and the stock list, read without a cookie. The token is shown once and
-- stored only as its SHA-256; rotating replaces it, so the old URL stops at once.
-- The feed route looks the hash up with the service role.
create table public.report_feeds (
  shop_id uuid primary key references public.shops (id) on delete cascade,
  token_hash text not null,
  created_at timestamptz not null default now(),
  constraint report_feeds_token_hash_key unique (token_hash),
  constraint report_feeds_token_hash_check check (token_hash ~ '^[0-9a-f]{64}$')
);

alter table public.report_feeds enable row level security;

-- An owner may see that their shop has a feed and since when; never its hash.
create policy "Owners see their shop's feed" on public.report_feeds
  for select to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));

revoke all on table public.report_feeds from anon, authenticated;
grant select (shop_id, created_at) on table public.report_feeds to authenticated;
grant all on table public.report_feeds to service_role;

-- A new feed token for the caller's shop, replacing any before it. 244 random
-- bits (two v4 UUIDs) as 64 hex characters; only its hash is kept.
create function public.rotate_report_feed() returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_shop uuid;
  v_token text;
begin
  select s.id into v_shop from public.shops s where s.owner_id = auth.uid();
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

revoke execute on function public.rotate_report_feed() from public, anon;
grant execute on function public.rotate_report_feed() to authenticated, service_role;
