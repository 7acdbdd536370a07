-- The Team page names each member as the stock history and the reports do (shop_people), beside
-- the address: it listed addresses only, so an owner could not tell the name staff's sales go under.
-- The rest of shop_team() is as 20261127000300 made it.

create or replace function public.shop_team() returns json
language sql stable security definer set search_path = '' as $$
  select json_build_object(
    'members', coalesce((
      select json_agg(json_build_object(
               'user_id', m.user_id, 'email', u.email, 'role', m.role, 'joined_at', m.created_at,
               'name', coalesce(pp.name, public.person_name(m.user_id)),
               'two_factor', exists (select 1 from auth.mfa_factors f where f.user_id = m.user_id and f.status = 'verified'))
             order by m.role = 'owner' desc, m.role, u.email)
        from public.shop_members m join auth.users u on u.id = m.user_id
        left join public.shop_people pp on pp.shop_id = m.shop_id and pp.user_id = m.user_id
       where m.shop_id = s.id), '[]'::json),
    'invites', coalesce((
      select json_agg(json_build_object('id', i.id, 'email', i.email, 'role', i.role, 'created_at', i.created_at, 'expires_at', i.expires_at)
             order by i.created_at desc)
        from public.shop_invites i
       where i.shop_id = s.id and i.revoked_at is null and i.accepted_at is null and i.expires_at > now()), '[]'::json),
    'managers_need_2fa', s.managers_need_2fa)
  from public.shops s where s.id = public.owned_shop_id()
$$;
