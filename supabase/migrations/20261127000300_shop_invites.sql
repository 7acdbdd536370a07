-- The owner's team: invitations by email, and the owner's controls over members (role,
-- removal, handing the shop over, asking managers for two-factor sign-in).
-- Only the owner manages members. Everything here goes through functions: they check the
-- caller's role in the shop, read emails from auth.users, and keep "one owner per shop".

create table public.shop_invites (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references public.shops (id) on delete cascade,
  email text not null,
  role text not null,
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  revoked_at timestamptz,
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  constraint shop_invites_role_check check (role in ('manager', 'staff')),
  constraint shop_invites_email_check check (email = lower(btrim(email)) and char_length(email) between 3 and 320 and email ~ '^[^@[:space:]]+@[^@[:space:]]+$')
);
-- One open invitation per address and shop; inviting again replaces it.
create unique index shop_invites_open_idx on public.shop_invites (shop_id, email) where revoked_at is null and accepted_at is null;
create index shop_invites_email_idx on public.shop_invites (email) where revoked_at is null and accepted_at is null;

alter table public.shop_invites enable row level security;
create policy "Owners read their shop's invitations" on public.shop_invites
  for select to authenticated using (shop_id in (select public.member_shops(array['owner'])));
revoke all on table public.shop_invites from public, anon, authenticated;
grant select on table public.shop_invites to authenticated;
grant all on table public.shop_invites to service_role;

-- Asking managers for two-factor: a manager without an aal2 session counts as staff there.
alter table public.shops add column managers_need_2fa boolean not null default false;
grant update (managers_need_2fa) on table public.shops to authenticated;
drop trigger shops_guard_delivery on public.shops;
create trigger shops_guard_delivery before update of report_time, email_report, low_stock_digest, whatsapp_report, sheets_feed, owner_email, staff_can_confirm, managers_need_2fa
  on public.shops for each row execute function public.shops_guard_delivery();

create or replace function public.my_memberships() returns table (shop_id uuid, role text)
language sql stable security definer set search_path = '' as $$
  select m.shop_id,
         case when m.role = 'manager' and s.managers_need_2fa and (select auth.jwt() ->> 'aal') is distinct from 'aal2'
              then 'staff' else m.role end
    from public.shop_members m join public.shops s on s.id = m.shop_id
   where m.user_id = (select auth.uid()) and public.aal_ok()
$$;

-- The owner's shop for these functions; raises when the caller is not its owner.
create function public.owned_shop_id() returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare v_shop uuid := public.current_shop_id(array['owner']);
begin
  if v_shop is null then
    raise exception 'Only the shop''s owner manages its team' using errcode = '42501';
  end if;
  return v_shop;
end
$$;

-- Members and open invitations of the owner's shop, for the Team page.
create function public.shop_team() returns json
language sql stable security definer set search_path = '' as $$
  select json_build_object(
    'members', coalesce((
      select json_agg(json_build_object(
               'user_id', m.user_id, 'email', u.email, 'role', m.role, 'joined_at', m.created_at,
               'two_factor', exists (select 1 from auth.mfa_factors f where f.user_id = m.user_id and f.status = 'verified'))
             order by m.role = 'owner' desc, m.role, u.email)
        from public.shop_members m join auth.users u on u.id = m.user_id
       where m.shop_id = s.id), '[]'::json),
    'invites', coalesce((
      select json_agg(json_build_object('id', i.id, 'email', i.email, 'role', i.role, 'created_at', i.created_at, 'expires_at', i.expires_at)
             order by i.created_at desc)
        from public.shop_invites i
       where i.shop_id = s.id and i.revoked_at is null and i.accepted_at is null and i.expires_at > now()), '[]'::json),
    'managers_need_2fa', s.managers_need_2fa)
  from public.shops s where s.id = public.owned_shop_id()
$$;

-- Invite p_email as p_role; replaces an open invitation to the same address. Returns its id.
create function public.invite_member(p_email text, p_role text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_shop uuid := public.owned_shop_id();
  v_email text := lower(btrim(p_email));
  v_id uuid;
begin
  if p_role not in ('manager', 'staff') then
    raise exception 'Choose manager or staff' using errcode = '22023';
  end if;
  if exists (select 1 from public.shop_members m join auth.users u on u.id = m.user_id
              where m.shop_id = v_shop and lower(u.email) = v_email) then
    raise exception 'already a member' using errcode = 'P0001', hint = 'already_member';
  end if;
  update public.shop_invites set revoked_at = now()
   where shop_id = v_shop and email = v_email and revoked_at is null and accepted_at is null;
  insert into public.shop_invites (shop_id, email, role, invited_by)
  values (v_shop, v_email, p_role, auth.uid()) returning id into v_id;
  return v_id;
end
$$;

create function public.revoke_invite(p_id uuid) returns boolean
language sql security definer set search_path = '' as $$
  with revoked as (
    update public.shop_invites set revoked_at = now()
     where id = p_id and shop_id = public.owned_shop_id() and revoked_at is null and accepted_at is null
    returning 1)
  select exists (select 1 from revoked)
$$;

-- The invitations waiting for the caller's email address (any shop), with the shop's name.
create function public.my_invites() returns table (id uuid, shop_name text, role text, expires_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select i.id, s.name, i.role, i.expires_at
    from public.shop_invites i join public.shops s on s.id = i.shop_id
   where i.email = lower((select auth.jwt() ->> 'email')) and (select auth.jwt() ->> 'email') is not null
     and i.revoked_at is null and i.accepted_at is null and i.expires_at > now()
     and not exists (select 1 from public.shop_members m where m.shop_id = i.shop_id and m.user_id = auth.uid())
   order by i.created_at
$$;

-- Join the shop of an invitation made to the caller's address. Returns the shop's id.
create function public.accept_invite(p_id uuid) returns uuid
language plpgsql security definer set search_path = '' as $$
declare v_invite public.shop_invites;
begin
  select * into v_invite from public.shop_invites where id = p_id for update;
  if not found or v_invite.email is distinct from lower((select auth.jwt() ->> 'email')) then
    raise exception 'invitation not found' using errcode = 'P0002', hint = 'not_found';
  end if;
  if v_invite.revoked_at is not null then
    raise exception 'invitation revoked' using errcode = 'P0001', hint = 'revoked';
  end if;
  if v_invite.accepted_at is not null or v_invite.expires_at <= now() then
    raise exception 'invitation expired' using errcode = 'P0001', hint = 'expired';
  end if;
  insert into public.shop_members (shop_id, user_id, role) values (v_invite.shop_id, auth.uid(), v_invite.role)
  on conflict (shop_id, user_id) do nothing;
  update public.shop_invites set accepted_at = now(), accepted_by = auth.uid() where id = p_id;
  return v_invite.shop_id;
end
$$;

-- The owner's member of their shop, locked; raises when it is not one (or is the owner).
create function public.lock_team_member(p_user_id uuid) returns public.shop_members
language plpgsql security definer set search_path = '' as $$
declare v_member public.shop_members;
begin
  select * into v_member from public.shop_members
   where shop_id = public.owned_shop_id() and user_id = p_user_id for update;
  if not found then
    raise exception 'not a member of this shop' using errcode = 'P0002', hint = 'not_found';
  end if;
  if v_member.role = 'owner' then
    raise exception 'the owner' using errcode = 'P0001', hint = 'owner';
  end if;
  return v_member;
end
$$;

create function public.set_member_role(p_user_id uuid, p_role text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p_role not in ('manager', 'staff') then
    raise exception 'Choose manager or staff' using errcode = '22023';
  end if;
  perform public.lock_team_member(p_user_id);
  update public.shop_members set role = p_role where shop_id = public.owned_shop_id() and user_id = p_user_id;
end
$$;

create function public.remove_member(p_user_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform public.lock_team_member(p_user_id);
  delete from public.shop_members where shop_id = public.owned_shop_id() and user_id = p_user_id;
end
$$;

-- The shop gets a new owner; the old one stays on as a manager. One shop per owner (shops.owner_id
-- is unique): someone who owns a shop of their own cannot take another.
create function public.hand_over_shop(p_user_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare v_shop uuid := public.owned_shop_id();
begin
  perform public.lock_team_member(p_user_id);
  if exists (select 1 from public.shops where owner_id = p_user_id) then
    raise exception 'owns a shop' using errcode = 'P0001', hint = 'owns_shop';
  end if;
  update public.shop_members set role = 'manager' where shop_id = v_shop and user_id = auth.uid();
  update public.shop_members set role = 'owner' where shop_id = v_shop and user_id = p_user_id;
  update public.shops set owner_id = p_user_id where id = v_shop;
end
$$;

-- The check before the app removes a member's authenticators through the Auth admin API.
create function public.check_team_member(p_user_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform public.lock_team_member(p_user_id);
end
$$;

do $$
declare f text;
begin
  foreach f in array array['owned_shop_id()', 'shop_team()', 'invite_member(text, text)', 'revoke_invite(uuid)', 'my_invites()',
    'accept_invite(uuid)', 'lock_team_member(uuid)', 'set_member_role(uuid, text)', 'remove_member(uuid)',
    'hand_over_shop(uuid)', 'check_team_member(uuid)'] loop
    execute format('revoke execute on function public.%s from public, anon', f);
    execute format('grant execute on function public.%s to authenticated, service_role', f);
  end loop;
end
$$;
