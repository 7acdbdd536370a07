-- The demo shop also buys: two suppliers linked to its products (pack sizes and
-- costs), and one order sent three days ago and partly received, so /reorder
-- and /purchase-orders have something real on first open. The stock part of
-- the seed keeps its body under a new name; seed_demo_shop() calls it, then this.
alter function public.seed_demo_shop(uuid) rename to seed_demo_shop_stock;

create function public.seed_demo_shop(p_owner uuid) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_had_shop boolean := exists (select from public.shops where owner_id = p_owner);
  v_shop uuid := public.seed_demo_shop_stock(p_owner);
  v_fresh uuid;
  v_cash uuid;
  v_order public.purchase_orders;
  v_lines jsonb;
  v_claims text;
begin
  -- an owner who already had a shop gets it back untouched, as before; so does a second
  -- concurrent call, which waited in the stock seed for the first to commit
  if v_had_shop or exists (select from public.suppliers where shop_id = v_shop) then
    return v_shop;
  end if;
  insert into public.suppliers (shop_id, name, email, phone, lead_time_days, notes)
  values (v_shop, 'Fresh Foods Wholesale', 'orders@freshfoods.example', '+44 161 496 0000', 2, 'Dairy and bakery. Order by 4pm for delivery in two days.')
  returning id into v_fresh;
  insert into public.suppliers (shop_id, name, email, phone, lead_time_days, notes)
  values (v_shop, 'Corner Cash & Carry', 'orders@cashcarry.example', '+44 20 7946 0000', 5, 'Drinks and snacks, by the case.')
  returning id into v_cash;
  insert into public.product_suppliers (product_id, supplier_id, shop_id, pack_size, unit_cost, preferred)
  select p.id,
         case when p.category in ('Dairy & Eggs', 'Bakery') then v_fresh else v_cash end,
         v_shop,
         case p.category when 'Drinks' then 12 when 'Snacks & Sweets' then 12 when 'Dairy & Eggs' then 6 else 1 end,
         round(p.unit_cost * 0.95, 2),
         true
    from public.products p where p.shop_id = v_shop;

  -- Made, sent and partly received the way the owner does it, acting as the owner (as the stock seed confirms its stocktake).
  v_claims := current_setting('request.jwt.claims', true);
  perform set_config('request.jwt.claims', jsonb_build_object('sub', p_owner, 'role', 'authenticated')::text, true);
  select jsonb_agg(jsonb_build_object('product_id', x.id, 'packs', 2)) into v_lines
    from (select p.id from public.products p
           where p.shop_id = v_shop and p.category in ('Drinks', 'Snacks & Sweets') and p.qty <= p.low_stock_threshold
           order by p.qty, p.name limit 3) x;
  if v_lines is not null then
    v_order := public.create_purchase_order(v_cash, v_lines, 'Weekly drinks and snacks');
    perform public.set_purchase_order_status(v_order.id, 'sent');
    update public.purchase_orders
       set created_at = now() - interval '3 days', sent_at = now() - interval '3 days' + interval '1 hour'
     where id = v_order.id;
    -- the first line arrived in full, the second in part; the third is still to come
    perform public.receive_purchase_order(v_order.id, (
      select jsonb_agg(jsonb_build_object('line_id', l.id, 'units', case when l.n = 1 then l.qty else l.qty / 2 end, 'received_before', 0))
        from (select pl.id, pl.qty, row_number() over (order by pl.created_at, pl.id) as n
                from public.purchase_order_lines pl where pl.purchase_order_id = v_order.id) l
       where l.n <= 2));
  end if;
  perform set_config('request.jwt.claims', coalesce(v_claims, ''), true);
  return v_shop;
end
$$;

revoke execute on function public.seed_demo_shop_stock(uuid) from public, anon, authenticated;
revoke execute on function public.seed_demo_shop(uuid) from public, anon, authenticated;
grant execute on function public.seed_demo_shop(uuid) to service_role;
