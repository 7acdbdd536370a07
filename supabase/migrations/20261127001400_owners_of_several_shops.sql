-- An owner may have a second branch (issue 26 §1): shops.owner_id is no longer unique. A new
-- owner still creates one shop first; another is added from the account menu, and the header's
-- shop switcher chooses between them as between any shops one is a member of. Everything that
-- acts on "the owner's shop" already acts on the chosen one (owned_shop_id(), current_shop_id()).
alter table public.shops drop constraint shops_owner_id_key;
create index shops_owner_id_idx on public.shops (owner_id);

-- The shop gets a new owner; the old one stays on as a manager. Someone who owns a shop of their
-- own may now take another.
create or replace function public.hand_over_shop(p_user_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare v_shop uuid := public.owned_shop_id();
begin
  perform public.lock_team_member(p_user_id);
  update public.shop_members set role = 'manager' where shop_id = v_shop and user_id = auth.uid();
  update public.shop_members set role = 'owner' where shop_id = v_shop and user_id = p_user_id;
  update public.shops set owner_id = p_user_id where id = v_shop;
end
$$;
