-- The counter list also says how many units are on order (units_on_order()):
-- a tenth element per row.
create or replace function public.catalogue() returns json
language sql stable security invoker set search_path = '' as $$
  with shop as (
    select s.id, s.name from public.shops s
     where s.owner_id = (select auth.uid())
     order by s.created_at, s.id
     limit 1
  ),
  on_order as (
    select * from public.units_on_order()
  )
  select json_build_object(
    'shop', json_build_object('id', shop.id, 'name', shop.name),
    'rows', coalesce((
      select json_agg(json_build_array(p.id, p.name, p.sku, p.barcode, p.qty, p.low_stock_threshold, p.category,
                                       p.image_url, floor(extract(epoch from p.updated_at) * 1000)::bigint,
                                       coalesce(oo.units, 0))
                      order by p.name, p.id)
        from public.products p left join on_order oo on oo.product_id = p.id
       where p.shop_id = shop.id), '[]'::json))
  from shop
$$;
