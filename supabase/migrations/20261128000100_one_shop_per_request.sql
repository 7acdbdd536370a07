-- A request that names a shop (x-shop-id, which the app sends for the shop the member chose) works
-- in that shop alone. Every policy and guard asks member_shops(), and that answered every shop of the
-- member's: an owner of two shops saw both shops' purchase orders in one list, Settings failed on
-- two Sheets feed links (one row was expected), and a product of the other shop opened by its address
-- showed in this shop's currency. A request that names no shop (Realtime checks a change against the
-- subscriber's claims alone) still counts every shop of the member's.
--
-- x-shop-only: the app's actions name the shop the page showed and ask for it alone. A shop the
-- caller is no longer a member of then means no shop, never the member's other one instead.

create or replace function public.current_shop_id(p_roles text[] default array['owner', 'manager', 'staff']) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_headers constant json := nullif(current_setting('request.headers', true), '')::json;
  v_named constant text := v_headers ->> 'x-shop-id';
  v_only constant boolean := coalesce(v_headers ->> 'x-shop-only', '') = '1';
begin
  return (
    with chosen as (
      select m.shop_id, m.role from public.my_memberships() m
       where not v_only or m.shop_id::text = v_named
       order by m.shop_id::text = v_named desc nulls last, m.role = 'owner' desc, m.shop_id
       limit 1
    )
    select c.shop_id from chosen c where c.role = any (p_roles));
end
$$;

create or replace function public.member_shops(p_roles text[] default array['owner', 'manager', 'staff']) returns setof uuid
language plpgsql stable security definer set search_path = '' as $$
begin
  if (nullif(current_setting('request.headers', true), '')::json ->> 'x-shop-id') is null then
    return query select m.shop_id from public.my_memberships() m where m.role = any (p_roles);
  else
    return query select s.id from (select public.current_shop_id(p_roles) as id) s where s.id is not null;
  end if;
end
$$;

-- The shop switcher (my_shops()) lists every shop of the member's, whichever one a request names.
create function public.my_shop_ids() returns setof uuid
language plpgsql stable security definer set search_path = '' as $$
begin
  return query select m.shop_id from public.my_memberships() m;
end
$$;
revoke execute on function public.my_shop_ids() from public, anon;
grant execute on function public.my_shop_ids() to authenticated, service_role;

drop policy "Owners read their shop" on public.shops;
-- The creator reads the shop it just made (insert … returning) before its owner membership exists.
create policy "Owners read their shop" on public.shops
  for select to authenticated using ((owner_id = (select auth.uid()) and (select public.aal_ok())) or id in (select public.my_shop_ids()));
