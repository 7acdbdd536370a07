-- Where the reports go is the owner's alone (issue 26: a manager runs everything but the team,
-- the delivery settings and deleting the shop). Two things were left to managers that the
-- Settings page shows only the owner: the delivery log, which names every address the reports
-- went to (report_recipients keeps those from managers), and "Send a test report now", which
-- mails and messages every recipient. Both are the owner's now, in the database, not only on
-- the page. Found by supabase/local/test/cross-role.int.test.ts.

drop policy "Owners see their shop's deliveries" on public.deliveries;
create policy "Owners see their shop's deliveries" on public.deliveries
  for select to authenticated using (shop_id in (select public.member_shops(array['owner'])));

-- As in 20261127000100_shop_members.sql, but for the owner only.
create or replace function public.queue_test_report() returns setof bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_shop record;
begin
  select s.id, s.timezone, s.whatsapp_report into v_shop from public.shops s where s.id = public.current_shop_id(array['owner']) for update;
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
