-- A member removed from the shop while its page is open: their next tap said "Product not found".
-- It says why now. Unchanged otherwise.
create or replace function public.lock_owned_product(p_product_id uuid) returns public.products
language plpgsql security definer set search_path = '' as $$
declare
  v_product public.products;
begin
  select p.* into v_product
    from public.products p join public.shops s on s.id = p.shop_id
   where p.id = p_product_id and s.id in (select public.member_shops())
     for update of p;
  if not found then
    -- a member still, on a password-only session their authenticator makes too weak: not this
    if public.current_shop_id() is null and public.aal_ok() then
      raise exception 'You are no longer a member of this shop' using errcode = '42501';
    end if;
    raise exception 'Product not found' using errcode = 'P0002';
  end if;
  return v_product;
end
$$;
