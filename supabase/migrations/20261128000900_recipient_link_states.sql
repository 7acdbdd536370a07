-- The emailed "confirm to get reports" link says where it stands before anyone presses Confirm:
-- which shop and address it is for, or that it was already confirmed, has expired, or is not a
-- link of ours (a newer one replaced it, or it was cut). A confirmed link keeps its hash, so a
-- second visit reads "you already get them" instead of "expired or already used"; pressing
-- Confirm again changes nothing but an unsubscribe, which an explicit confirm undoes.

create or replace function public.confirm_report_recipient(p_token text)
returns table (shop_name text, address text)
language sql volatile security definer set search_path = '' as $$
  update public.report_recipients r
     set confirmed_at = coalesce(r.confirmed_at, now()), unsubscribed_at = null
    from public.shops s
   where s.id = r.shop_id
     and r.confirm_token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
     and (r.confirm_sent_at > now() - interval '7 days' or r.confirmed_at is not null)
  returning s.name, r.address
$$;

-- 'waiting': not confirmed yet (or unsubscribed since); 'confirmed'; 'expired'. No row: not a link of ours.
create function public.describe_report_recipient(p_token text)
returns table (shop_name text, address text, state text)
language sql stable security definer set search_path = '' as $$
  select s.name, r.address,
         case when r.confirmed_at is not null and r.unsubscribed_at is null then 'confirmed'
              when r.confirmed_at is null and r.confirm_sent_at <= now() - interval '7 days' then 'expired'
              else 'waiting' end
    from public.report_recipients r join public.shops s on s.id = r.shop_id
   where r.confirm_token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
$$;
revoke execute on function public.describe_report_recipient(text) from public, anon, authenticated;
grant execute on function public.describe_report_recipient(text) to service_role;
