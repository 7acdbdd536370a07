-- Links a product to one of the shop's suppliers (or updates the link), in one
-- transaction: at most one preferred supplier per product, and a product's
-- first supplier is its preferred one.
create function public.link_product_supplier(
  p_product_id uuid,
  p_supplier_id uuid,
  p_pack_size integer default 1,
  p_unit_cost numeric default null,
  p_preferred boolean default false
) returns public.product_suppliers
language plpgsql security definer set search_path = '' as $$
declare
  v_product public.products;
  v_link public.product_suppliers;
  v_preferred boolean := coalesce(p_preferred, false);
begin
  if p_pack_size is null or p_pack_size not between 1 and 10000 then
    raise exception 'Pack size must be a whole number from 1 to 10000' using errcode = '22023';
  end if;
  if p_unit_cost < 0 then
    raise exception 'Cost must be an amount of 0 or more' using errcode = '22023';
  end if;
  -- the product's lock serialises two links made at once, so "first" and "only one preferred" hold
  v_product := public.lock_owned_product(p_product_id);
  if not exists (select 1 from public.suppliers where id = p_supplier_id and shop_id = v_product.shop_id) then
    raise exception 'Supplier not found' using errcode = 'P0002';
  end if;
  if not exists (select 1 from public.product_suppliers where product_id = p_product_id and supplier_id <> p_supplier_id) then
    v_preferred := true;
  elsif v_preferred then
    update public.product_suppliers set preferred = false
     where product_id = p_product_id and supplier_id <> p_supplier_id and preferred;
  end if;
  insert into public.product_suppliers (product_id, supplier_id, shop_id, pack_size, unit_cost, preferred)
  values (p_product_id, p_supplier_id, v_product.shop_id, p_pack_size, p_unit_cost, v_preferred)
  on conflict (product_id, supplier_id) do update
    set pack_size = excluded.pack_size, unit_cost = excluded.unit_cost, preferred = excluded.preferred
  returning * into v_link;
  return v_link;
end
$$;

revoke execute on function public.link_product_supplier(uuid, uuid, integer, numeric, boolean) from public, anon;
grant execute on function public.link_product_supplier(uuid, uuid, integer, numeric, boolean) to authenticated, service_role;
