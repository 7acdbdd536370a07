-- A WhatsApp number gets reports only once the person at that number has opted in,
-- as WhatsApp requires. Adding a number sends it a template message with a 6-digit
-- code; the owner types the code back in Settings (5 tries, good for 24 hours), or
-- the person replies to that message, or sends the code to the shop's WhatsApp
-- number, and the signed webhook confirms it. Only the code's SHA-256 (salted with
-- the recipient's id) is kept, and no owner can read it.
alter table public.report_recipients
  add column opt_in_code_hash text,
  add column opt_in_expires_at timestamptz,
  add column opt_in_attempts smallint not null default 0,
  add column opt_in_message_id text,
  add constraint report_recipients_opt_in_code_hash_check check (opt_in_code_hash ~ '^[0-9a-f]{64}$'),
  add constraint report_recipients_opt_in_attempts_check check (opt_in_attempts between 0 and 5);

create index report_recipients_opt_in_message_idx on public.report_recipients (opt_in_message_id)
  where opt_in_message_id is not null;
create index report_recipients_waiting_whatsapp_idx on public.report_recipients (address)
  where channel = 'whatsapp' and confirmed_at is null;

-- Numbers added before this were marked confirmed at once, without anyone at the
-- number opting in: none of them ever did, so they wait for an opt-in now (the owner
-- sends them a code from Settings) and get no reports until then.
update public.report_recipients set confirmed_at = null where channel = 'whatsapp';

grant select (opt_in_expires_at) on table public.report_recipients to authenticated;

-- A fresh 6-digit code from gen_random_uuid()'s random bits (its first 8 hex digits
-- are random in a version 4 UUID), and its salted hash.
create function public.new_opt_in_code() returns text
language sql volatile set search_path = '' as $$
  select lpad(((('x' || substr(gen_random_uuid()::text, 1, 8))::bit(32)::bigint) % 1000000)::text, 6, '0')
$$;

create function public.opt_in_code_hash(p_id uuid, p_code text) returns text
language sql immutable set search_path = '' as $$
  select encode(sha256(convert_to(p_id::text || ':' || coalesce(p_code, ''), 'UTF8')), 'hex')
$$;

revoke execute on function public.new_opt_in_code() from public, anon, authenticated;
revoke execute on function public.opt_in_code_hash(uuid, text) from public, anon, authenticated;

-- As before, plus: a WhatsApp number is not confirmed at once; it returns its
-- opt-in code (to send, shown to nobody) in `token`. Both channels count towards the
-- 20 confirmations a day: each costs a message to someone who did not ask for it.
create or replace function public.add_report_recipient(p_channel text, p_address text)
returns table (id uuid, token text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_shop uuid;
  v_token text;
  v_id uuid := gen_random_uuid();
begin
  select s.id into v_shop from public.shops s where s.owner_id = auth.uid();
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

-- A new confirmation for an unconfirmed recipient of the caller's shop, at most one a
-- minute: an email's link token, or a WhatsApp number's code (with 5 new tries).
create or replace function public.resend_recipient_confirmation(p_id uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_channel text;
  v_sent timestamptz;
  v_token text;
begin
  select r.channel, r.confirm_sent_at into v_channel, v_sent
    from public.report_recipients r join public.shops s on s.id = r.shop_id
   where r.id = p_id and s.owner_id = auth.uid() and r.confirmed_at is null
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

-- The owner types the code the person at the number was sent. Answers 'confirmed',
-- 'wrong', 'locked' (5 wrong tries: send a new code), 'expired' or 'unknown'; a wrong
-- try is counted, so this returns instead of raising.
create function public.confirm_whatsapp_code(p_id uuid, p_code text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v record;
begin
  select r.confirmed_at, r.opt_in_code_hash, r.opt_in_expires_at, r.opt_in_attempts into v
    from public.report_recipients r join public.shops s on s.id = r.shop_id
   where r.id = p_id and s.owner_id = auth.uid() and r.channel = 'whatsapp'
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

-- The wamid of the opt-in message sent to a recipient of the caller's shop, so that
-- a reply to it can be recognised.
create function public.record_opt_in_message(p_id uuid, p_message_id text) returns void
language sql volatile security definer set search_path = '' as $$
  update public.report_recipients r set opt_in_message_id = left(p_message_id, 200)
    from public.shops s
   where r.id = p_id and s.id = r.shop_id and s.owner_id = auth.uid() and r.channel = 'whatsapp' and r.confirmed_at is null
$$;

-- A message the webhook saw from WhatsApp number p_from (digits, as Meta sends
-- them): a reply to (or a button tapped on) an opt-in message, or a text holding an
-- opt-in code still valid, confirms that recipient. Returns the recipients confirmed.
create function public.confirm_whatsapp_reply(p_from text, p_context_id text, p_text text) returns setof uuid
language sql volatile security definer set search_path = '' as $$
  update public.report_recipients r
     set confirmed_at = now(), opt_in_code_hash = null, opt_in_expires_at = null, opt_in_attempts = 0, unsubscribed_at = null
   where r.channel = 'whatsapp' and r.confirmed_at is null and r.address = '+' || p_from
     and ((p_context_id is not null and r.opt_in_message_id = p_context_id)
       or (r.opt_in_expires_at > now() and r.opt_in_code_hash in (
             select public.opt_in_code_hash(r.id, m[1])
               from regexp_matches(regexp_replace(left(coalesce(p_text, ''), 1000), '[\s-]', '', 'g'), '(\d{6})', 'g') m)))
  returning r.id
$$;

revoke execute on function public.confirm_whatsapp_code(uuid, text) from public, anon;
revoke execute on function public.record_opt_in_message(uuid, text) from public, anon;
revoke execute on function public.confirm_whatsapp_reply(text, text, text) from public, anon, authenticated;
grant execute on function public.confirm_whatsapp_code(uuid, text) to authenticated, service_role;
grant execute on function public.record_opt_in_message(uuid, text) to authenticated, service_role;
grant execute on function public.confirm_whatsapp_reply(text, text, text) to service_role;
